/** What a running environment reports, each value with a copy button. */
import { Descriptions, Typography } from 'antd';
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

export function RunningInfo({ info }: { info: Info }) {
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
