/**
 * What sites will see, together (issue 27): system, user agent, screen, time zone, language and
 * exit IP as the form holds them now, with a warning where two of them disagree (summary.ts).
 */
import { COUNTRIES, NO_PROXY } from '@hainiao/contract';
import { Alert, Descriptions, Form, Typography } from 'antd';
import { useCopy, useLang } from '../../../shared/lang.tsx';
import { fill } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session.tsx';
import { disagreements, type Disagreement } from '../summary.ts';
import { summaryCopy } from '../summary-locales.ts';
import type { CheckOutcome } from './ProxySection.tsx';

export function FingerprintSummary(props: { outcome: CheckOutcome | undefined }) {
  const t = useCopy(summaryCopy);
  const lang = useLang();
  const host = useSession().state?.hostSystem;
  const system = (Form.useWatch('SystemOS') as string | undefined) ?? '';
  const userAgent = (Form.useWatch('User_Agent') as string | undefined) ?? '';
  const resolution = (Form.useWatch('resolution') as string | undefined) ?? '';
  const timezone = (Form.useWatch('TimeZone') as string | undefined) ?? '';
  const language = (Form.useWatch('LanguageCode') as string | undefined) ?? '';
  const automatic = (Form.useWatch('Automatic_Configure') as boolean | undefined) === true;
  const proxyType = (Form.useWatch('Proxy_Type') as string | undefined) ?? '';
  const exit = props.outcome?.ok ? props.outcome : undefined;
  const countryName = (code: string) =>
    COUNTRIES.find((c) => c.code === code.toUpperCase())?.name[lang] ?? code;

  const found = disagreements({
    system,
    hostSystem: host,
    userAgent,
    timezone,
    exitCountry: exit?.country,
  });
  const sentence = (item: Disagreement) =>
    item.kind === 'userAgentSystem'
      ? fill(t.userAgentSystem, { userAgentSystem: item.userAgentSystem, system: item.system })
      : fill(t.timezoneCountry, {
          timezone: item.timezone,
          timezoneCountry: countryName(item.timezoneCountry),
          exitCountry: countryName(item.exitCountry),
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
      {found.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="fingerprint-warnings"
          title={
            found.length === 1 ? (
              sentence(found[0]!)
            ) : (
              <ul className="env-form__warnings">
                {found.map((item) => (
                  <li key={item.kind}>{sentence(item)}</li>
                ))}
              </ul>
            )
          }
        />
      ) : (
        <Typography.Text type="secondary">{t.allAgree}</Typography.Text>
      )}
    </div>
  );
}
