/** The warnings of a fingerprint summary, one sentence each; a quiet "they agree" when none. */
import type { Disagreement } from '@hainiao/contract';
import { Alert, Typography } from 'antd';
import { useCopy } from '../lang.tsx';
import { useDisagreementText } from './disagreement-text.ts';
import { summaryCopy } from './summary-locales.ts';
import './fingerprint-summary.css';

export function DisagreementAlert({ found }: { found: readonly Disagreement[] }) {
  const t = useCopy(summaryCopy);
  const { sentence } = useDisagreementText();
  if (!found.length) return <Typography.Text type="secondary">{t.allAgree}</Typography.Text>;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="fingerprint-warnings"
      title={
        found.length === 1 ? (
          sentence(found[0]!)
        ) : (
          <ul className="fingerprint-warnings">
            {found.map((item) => (
              <li key={item.kind}>{sentence(item)}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
