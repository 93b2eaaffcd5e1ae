/**
 * What sites will see, together (issue 27): system, user agent, screen, window, time zone,
 * language and exit IP as the form holds them now, with a warning where two of them disagree
 * (the contract's `disagreements`).
 */
import {
  disagreements,
  isMobileSystem,
  NO_PROXY,
  parseResolution,
  windowSizeOfArgs,
} from '@hainiao/contract';
import { Descriptions, Form, Typography } from 'antd';
import { useCopy } from '../../../shared/lang.tsx';
import { fill } from '../../../shared/format.ts';
import { useAuth } from '../../../shared/auth.tsx';
import { DisagreementAlert } from '../../../shared/fingerprint-summary/DisagreementAlert.tsx';
import { useDisagreementText } from '../../../shared/fingerprint-summary/disagreement-text.ts';
import { summaryCopy } from '../../../shared/fingerprint-summary/summary-locales.ts';
import type { CheckOutcome } from './ProxySection.tsx';

export function FingerprintSummary(props: { outcome: CheckOutcome | undefined }) {
  const t = useCopy(summaryCopy);
  const { countryName } = useDisagreementText();
  const host = useAuth().state?.hostSystem;
  const system = (Form.useWatch('SystemOS') as string | undefined) ?? '';
  const userAgent = (Form.useWatch('User_Agent') as string | undefined) ?? '';
  const resolution = (Form.useWatch('resolution') as string | undefined) ?? '';
  const timezone = (Form.useWatch('TimeZone') as string | undefined) ?? '';
  const language = (Form.useWatch('LanguageCode') as string | undefined) ?? '';
  const automatic = (Form.useWatch('Automatic_Configure') as boolean | undefined) === true;
  const proxyType = (Form.useWatch('Proxy_Type') as string | undefined) ?? '';
  const args = (Form.useWatch('Session_Args') as string[] | undefined) ?? [];
  const exit = props.outcome?.ok ? props.outcome : undefined;
  const windowSize = windowSizeOfArgs(args);

  const found = disagreements({
    system,
    hostSystem: host,
    userAgent,
    timezone,
    exitCountry: exit?.country,
    screen: parseResolution(resolution),
    window: windowSize,
  });
  const own = automatic ? t.followsExit : t.systemOwn;

  return (
    <div className="env-form__summary" data-testid="fingerprint-summary">
      <Descriptions
        size="small"
        bordered
        column={1}
        title={t.title}
        items={[
          {
            key: 'system',
            label: t.system,
            children: system || fill(t.hostSystem, { system: host ?? '' }),
          },
          {
            key: 'ua',
            label: t.userAgent,
            children: userAgent ? (
              <Typography.Text ellipsis={{ tooltip: userAgent }} style={{ maxWidth: 420 }}>
                {userAgent}
              </Typography.Text>
            ) : (
              t.generated
            ),
          },
          {
            key: 'screen',
            label: t.screen,
            children: resolution.replace('x', ' × ') || t.automatic,
          },
          {
            key: 'window',
            label: t.window,
            children: windowSize
              ? `${windowSize.width} × ${windowSize.height}`
              : isMobileSystem(system)
                ? t.windowPhone
                : t.windowFills,
          },
          { key: 'timezone', label: t.timezone, children: timezone || own },
          { key: 'language', label: t.language, children: language || own },
          {
            key: 'exit',
            label: t.exit,
            children:
              proxyType === NO_PROXY || !proxyType
                ? t.noProxy
                : exit
                  ? `${exit.ip} · ${countryName(exit.country)}`
                  : t.notChecked,
          },
        ]}
      />
      <DisagreementAlert found={found} />
    </div>
  );
}
