/**
 * What a running environment reports, each value with a copy button, and what sites see of it as
 * the browser got it (the start answer's Fingerprint_Summary), with its warnings.
 */
import { Descriptions, Typography } from 'antd';
import { DisagreementAlert } from '../../shared/fingerprint-summary/DisagreementAlert.tsx';
import { useDisagreementText } from '../../shared/fingerprint-summary/disagreement-text.ts';
import { summaryCopy } from '../../shared/fingerprint-summary/summary-locales.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import type { RunningInfo as Info } from '../../shared/running.tsx';
import { CopyButton } from '../../shared/ui/CopyButton.tsx';
import { envCopy } from './locales.ts';

function Value({ text, label }: { text: string; label: string }) {
  const t = useCopy(envCopy);
  if (!text) return <Typography.Text type="secondary">{t.none}</Typography.Text>;
  return (
    <span className="running-info__value">
      <Typography.Text code>{text}</Typography.Text>
      <CopyButton text={text} label={label} />
    </span>
  );
}

const times = (size: string) => size.replace('x', ' × ');

function SitesSee({
  summary,
  proxied,
}: {
  summary: NonNullable<Info['Fingerprint_Summary']>;
  proxied: boolean;
}) {
  const t = useCopy(summaryCopy);
  const none = useCopy(envCopy).none;
  const { countryName } = useDisagreementText();
  const exit = [summary.Public_ip, summary.CountryCode && countryName(summary.CountryCode)]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="running-info__sites-see" data-testid="running-fingerprint">
      <Descriptions
        size="small"
        column={1}
        title={t.title}
        items={[
          { key: 'system', label: t.system, children: summary.SystemOS || none },
          {
            key: 'ua',
            label: t.userAgent,
            children: (
              <Typography.Text ellipsis={{ tooltip: summary.User_Agent }} style={{ maxWidth: 280 }}>
                {summary.User_Agent}
              </Typography.Text>
            ),
          },
          { key: 'screen', label: t.screen, children: times(summary.Screen) || none },
          { key: 'window', label: t.window, children: times(summary.Window) || t.windowFills },
          { key: 'timezone', label: t.timezone, children: summary.TimeZone || none },
          { key: 'language', label: t.language, children: summary.LanguageCode || none },
          {
            key: 'exit',
            label: t.exit,
            // A proxy whose exit was not looked up has none to show; no proxy is this machine's.
            children: exit || (proxied ? none : t.noProxy),
          },
        ]}
      />
      <DisagreementAlert found={summary.Warnings} />
    </div>
  );
}

export function RunningInfo({ info }: { info: Info }) {
  return (
    <>
      <Reported info={info} />
      {info.Fingerprint_Summary && (
        <SitesSee summary={info.Fingerprint_Summary} proxied={Boolean(info.proxy_port)} />
      )}
    </>
  );
}

function Reported({ info }: { info: Info }) {
  const t = useCopy(envCopy);
  const lang = useLang();
  return (
    <Descriptions
      size="small"
      column={1}
      className="running-info"
      items={[
        {
          key: 'cdp',
          label: t.cdpPort,
          children: info.browser_CDP_Port ? (
            <Value text={String(info.browser_CDP_Port)} label={t.cdpPort} />
          ) : (
            <Typography.Text type="secondary">{t.waitingPort}</Typography.Text>
          ),
        },
        {
          key: 'driver',
          label: t.webdriver,
          children: <Value text={info.webdriver} label={t.webdriver} />,
        },
        {
          key: 'ip',
          label: t.publicIp,
          children: <Value text={info.Public_ip ?? ''} label={t.publicIp} />,
        },
        {
          key: 'started',
          label: t.startedAt,
          children: formatDateTime(info.Session_StartTime, lang) || t.none,
        },
      ]}
    />
  );
}
