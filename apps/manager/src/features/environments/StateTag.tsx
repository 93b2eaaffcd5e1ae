/** An environment's state: running (live), or why it is not. */
import { BrowserCodes } from '@hainiao/contract';
import { Badge, Tooltip } from 'antd';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { envCopy } from './locales.ts';

const B = BrowserCodes.code;

/** `condition`: the last status browser/status gave for a stopped environment (0 plain stopped). */
export function StateTag({ running, condition }: { running: boolean; condition: number }) {
  const t = useCopy(envCopy);
  const lang = useLang();
  if (running) return <Badge status="processing" text={t.running} />;
  const [status, text] =
    condition === B.ENV_QUEUED
      ? (['warning', t.starting] as const)
      : condition === B.BROWSER_EXITED
        ? (['error', t.exited] as const)
        : condition === B.CONNECTION_FAILED
          ? (['error', t.proxyFailed] as const)
          : condition === B.LOGOUT_EXIT
            ? (['default', t.loggedOut] as const)
            : (['default', t.stopped] as const);
  const badge = <Badge status={status} text={text} />;
  const reason = condition ? BrowserCodes.message(condition, lang) : undefined;
  return reason ? <Tooltip title={`${condition}: ${reason}`}>{badge}</Tooltip> : badge;
}
