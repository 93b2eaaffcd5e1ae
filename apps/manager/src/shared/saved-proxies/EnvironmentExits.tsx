/**
 * The environments list's exit column: each environment's last known exit IP and country (from
 * the last check of its saved proxy or its own last start's lookup, whichever is newer), read
 * for the rows on screen, and again when the running set changes (a start keeps its exit).
 */
import { Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fill, formatDateTime } from '../format.ts';
import { useCopy, useLang } from '../lang.tsx';
import { countryName } from './country.ts';
import { savedProxyCopy } from './locales.ts';
import { environmentExits, type EnvironmentExit } from './proxy-calls.ts';
import './saved-proxies.css';

/**
 * The exits of `ids`, by id. `runningKey` is anything that changes with the running set: a start
 * that ended meanwhile may have kept a new exit.
 */
export function useEnvironmentExits(
  ids: readonly string[],
  runningKey: string,
): ReadonlyMap<string, EnvironmentExit> {
  const [exits, setExits] = useState<ReadonlyMap<string, EnvironmentExit>>(new Map());
  const key = ids.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    environmentExits(key.split(','))
      .then((found) => live && setExits(new Map(found.map((e) => [e.Session_ID, e]))))
      // The column stays as it was: the table says when the service is away.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, runningKey]);
  return exits;
}

/** The column's title, in the reader's language. */
export function ExitColumnTitle() {
  return <>{useCopy(savedProxyCopy).exitColumn}</>;
}

/** A country by its name in the reader's language (its code on hover), or nothing. */
export function CountryName({ code }: { code: string }) {
  const lang = useLang();
  if (!code) return null;
  return (
    <span className="proxy-country" title={code}>
      {countryName(code, lang)}
    </span>
  );
}

/** One environment's exit: IP and country, with where and when it was seen. */
export function ExitCell({ exit }: { exit: EnvironmentExit | undefined }) {
  const t = useCopy(savedProxyCopy);
  const lang = useLang();
  if (!exit?.Public_ip) return <Typography.Text type="secondary">—</Typography.Text>;
  const time = formatDateTime(exit.Exit_Time, lang);
  const seen =
    exit.Exit_From === 'check'
      ? fill(t.exitFromCheck, { proxy: exit.Proxy_Name, time })
      : fill(t.exitFromStart, { time });
  return (
    <Tooltip title={seen}>
      <Space orientation="vertical" size={0} data-testid={`exit-${exit.Session_ID}`}>
        <Typography.Text>{exit.Public_ip}</Typography.Text>
        {exit.CountryCode && (
          <Typography.Text type="secondary">
            <CountryName code={exit.CountryCode} />
          </Typography.Text>
        )}
      </Space>
    </Tooltip>
  );
}
