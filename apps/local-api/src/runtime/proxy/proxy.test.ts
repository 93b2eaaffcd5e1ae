/**
 * Proxies with real servers on loopback: the provider user-name formats, the proxy check and its
 * curl codes, the IP lookup (exit IP, country, time zone, language), and Chromium going through an
 * HTTP proxy with basic auth, a SOCKS5 proxy with auth and an SSH tunnel — with the credentials
 * never on its command line, no background traffic, and a proxy that dies mid-session.
 */
import fs from 'node:fs';
import net from 'node:net';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startHttpProxy,
  startLookup,
  startSite,
  startSocks5,
  startSshServer,
  until,
  type BrowserService,
} from '../../test/browser.ts';
import { checkProxy, languageOfCountry, parseLookup } from './proxy-check.ts';
import { providerUsername, upstreamUrl } from './proxy.ts';

describe('provider formats and upstream URLs', () => {
  test('each provider type gets its gateway user-name format', () => {
    const base = {
      host: 'gw.example.com',
      port: 7777,
      password: 'p@ss',
      country: 'US',
      sessionKey: 'env1',
    };
    expect(providerUsername({ ...base, type: 'Oxylabsauto', username: 'acme' })).toMatch(
      /^customer-acme-cc-US-sessid-[0-9a-f]{10}$/,
    );
    expect(
      providerUsername({ ...base, type: 'Lumauto', username: 'c123-zone-res', city: 'Berlin' }),
    ).toMatch(/^brd-customer-c123-zone-res-country-us-city-berlin-session-[0-9a-f]{10}$/);
    expect(
      providerUsername({ ...base, type: 'Luminati_HTTP', username: 'lum-customer-x-zone-y' }),
    ).toMatch(/^lum-customer-x-zone-y-country-us-session-/);
    expect(
      providerUsername({ ...base, type: 'smartproxy', username: 'bob', region: 'CA' }),
    ).toMatch(/^user-bob-country-us-state-ca-session-[0-9a-f]{10}-sessionduration-30$/);
    expect(providerUsername({ ...base, type: 'HTTP', username: 'plain' })).toBe('plain');
    // The session is stable per environment.
    expect(providerUsername({ ...base, type: 'smartproxy', username: 'bob' })).toBe(
      providerUsername({ ...base, type: 'smartproxy', username: 'bob' }),
    );
  });

  test('schemes: HTTP(S), SOCKS4/4A/5 and the providers', () => {
    const spec = { host: '203.0.113.9', port: 1080, username: 'u', password: 'p:w' };
    expect(upstreamUrl({ ...spec, type: 'SOCKS5' })).toBe('socks5h://u:p%3Aw@203.0.113.9:1080');
    expect(upstreamUrl({ ...spec, type: 'SOCKS4' })).toBe('socks4://u@203.0.113.9:1080');
    expect(upstreamUrl({ ...spec, type: 'SOCKS4A' })).toBe('socks4a://u@203.0.113.9:1080');
    expect(upstreamUrl({ ...spec, type: 'HTTPS' })).toBe('https://u:p%3Aw@203.0.113.9:1080');
    expect(upstreamUrl({ ...spec, type: 'Luminati_HTTPS' })).toMatch(/^https:\/\/brd-customer-u/);
    expect(upstreamUrl({ ...spec, type: 'smartproxy' })).toMatch(/^http:\/\/user-u/);
  });

  test('lookup answers in the usual shapes; the language follows the country', () => {
    expect(
      parseLookup(
        '{"query":"198.51.100.7","countryCode":"DE","timezone":"Europe/Berlin","lat":52.5,"lon":13.4}',
      ),
    ).toEqual({
      ip: '198.51.100.7',
      country: 'DE',
      timezone: 'Europe/Berlin',
      language: 'de',
      latitude: 52.5,
      longitude: 13.4,
    });
    expect(
      parseLookup(
        '{"ip":"198.51.100.8","country":"JP","timezone":"Asia/Tokyo","loc":"35.6,139.7"}',
      ),
    ).toMatchObject({
      country: 'JP',
      timezone: 'Asia/Tokyo',
      language: 'ja',
      latitude: 35.6,
    });
    expect(
      parseLookup('{"ip":"198.51.100.9","country_code":"US","timezone":{"id":"America/Detroit"}}'),
    ).toMatchObject({
      timezone: 'America/New_York',
      language: 'en-US',
    });
    expect(parseLookup('not json')).toBeUndefined();
    expect(languageOfCountry('BR')).toBe('pt-BR');
  });
});

describe('the proxy check answers with curl codes', () => {
  test('refused 7, unresolvable 5, timeout 28, handshake 97; a good proxy gives the exit', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(
      await checkProxy({ type: 'HTTP', host: '127.0.0.1', port: closedPort }, 2000),
    ).toMatchObject({
      ok: false,
      curlCode: 7,
      curlName: 'CURLE_COULDNT_CONNECT',
    });
    expect(
      await checkProxy({ type: 'SOCKS5', host: 'proxy.invalid', port: 1080 }, 3000),
    ).toMatchObject({
      ok: false,
      curlCode: expect.toBeOneOf([5, 28]),
    });
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const socks = await startSocks5();
    const http = await startHttpProxy();
    const lookup = await startLookup({
      query: '198.51.100.7',
      countryCode: 'DE',
      timezone: 'Europe/Berlin',
    });
    try {
      const silentPort = (silent.address() as net.AddressInfo).port;
      expect(
        await checkProxy({ type: 'SOCKS5', host: '127.0.0.1', port: silentPort }, 500),
      ).toMatchObject({
        ok: false,
        curlCode: 28,
      });
      expect(
        await checkProxy({
          type: 'SOCKS5',
          host: '127.0.0.1',
          port: socks.port,
          username: 'suser',
          password: 'bad',
        }),
      ).toMatchObject({ ok: false, curlCode: 97, curlName: 'CURLE_PROXY' });
      expect(
        await checkProxy(
          { type: 'HTTP', host: '127.0.0.1', port: http.port, username: 'puser', password: 'bad' },
          3000,
          { lookupUrl: lookup.url },
        ),
      ).toMatchObject({ ok: false, curlCode: 97 });
      for (const target of [
        { type: 'HTTP', host: '127.0.0.1', port: http.port, username: 'puser', password: 'ppass' },
        {
          type: 'SOCKS5',
          host: '127.0.0.1',
          port: socks.port,
          username: 'suser',
          password: 'spass',
        },
      ]) {
        expect(await checkProxy(target, 3000, { lookupUrl: lookup.url })).toEqual({
          ok: true,
          exit: { ip: '198.51.100.7', country: 'DE', timezone: 'Europe/Berlin', language: 'de' },
          // The lookup's time through the proxy (the proxy library shows it as latency).
          latencyMs: expect.any(Number),
        });
      }
    } finally {
      silent.close();
      await socks.close();
      await http.close();
      await lookup.close();
    }
  }, 30_000);
});

describe.skipIf(!hasChromium)('Chromium through proxies', () => {
  let api: BrowserService;
  let site: Awaited<ReturnType<typeof startSite>>;
  let lookup: Awaited<ReturnType<typeof startLookup>>;
  beforeAll(async () => {
    lookup = await startLookup({
      query: '198.51.100.77',
      countryCode: 'DE',
      timezone: 'Europe/Berlin',
      lat: 52.52,
      lon: 13.4,
    });
    api = await startBrowserService({ ipLookupUrl: lookup.url });
    site = await startSite();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    await lookup?.close();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  const visit = async (port: number, path: string) => {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${site.url}${path}`);
      return {
        status: response?.status(),
        zone: await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone'),
        language: await page.evaluate('navigator.language'),
      };
    } finally {
      await browser.disconnect();
    }
  };

  test('SOCKS5 with auth and Automatic_Configure: the exit decides time zone and language', async () => {
    const socks = await startSocks5('alice', 's3cret-socks');
    try {
      const id = await api.create({
        Automatic_Configure: 1,
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: socks.port,
        Proxy_Username: 'alice',
        Proxy_Password: 's3cret-socks',
      });
      const info = (
        await api.service.post('/api/v1/session/id_container', {
          Session_ID: id,
          Session_container_type: 1,
        })
      ).json().data.listcontainer[0];
      expect(info).toMatchObject({
        TimeZone: 'Europe/Berlin',
        CountryCode: 'DE',
        LanguageCode: 'de',
      });
      const item = await api.startOne(id);
      expect(item).toMatchObject({
        proxyType: 'SOCKS5',
        proxy_ip: '127.0.0.1',
        proxy_port: socks.port,
        Public_ip: '198.51.100.77',
        TimeZone: 'Europe/Berlin',
        LanguageCode: 'de',
      });
      // Credentials never on the command line.
      const cmdline = fs.readFileSync(`/proc/${item.Session_ProcessID}/cmdline`, 'utf8');
      expect(cmdline).not.toContain('s3cret-socks');
      expect(cmdline).toMatch(/--proxy-server=http:\/\/127\.0\.0\.1:\d+/);
      const seen = await visit(item.browser_CDP_Port, '/through-socks');
      expect(seen).toEqual({ status: 200, zone: 'Europe/Berlin', language: 'de' });
      expect(socks.destinations).toContain(`127.0.0.1:${site.port}`);
      expect(site.log.some((r) => r.url === '/through-socks')).toBe(true);
      await api.kill([id]);
    } finally {
      await socks.close();
    }
  }, 90_000);

  test('HTTP with basic auth: the proxy sees only the pages the user opened', async () => {
    const proxy = await startHttpProxy('bob', 'http-pass');
    try {
      const id = await api.create({
        Proxy_Type: 'HTTP',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: proxy.port,
        Proxy_Username: 'bob',
        Proxy_Password: 'http-pass',
      });
      const item = await api.startOne(id);
      const seen = await visit(item.browser_CDP_Port, '/through-http');
      expect(seen.status).toBe(200);
      // Give background services time to call home, if they would.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect([...new Set(proxy.hosts)]).toEqual([`127.0.0.1:${site.port}`]);
      await api.kill([id]);
      // The provider formats reach the gateway as such (smartproxy on the same server).
    } finally {
      await proxy.close();
    }
  }, 60_000);

  test('a provider type presents its user-name format to the gateway', async () => {
    const gateway = await startHttpProxy('user-acme-country-de', 'gw-pass');
    try {
      const id = await api.create({
        Proxy_Type: 'smartproxy',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: gateway.port,
        Proxy_Username: 'acme',
        Proxy_Password: 'gw-pass',
      });
      await api.service.post('/api/v1/session/proxy/update', { Session_ID: id, CountryCode: 'DE' });
      const item = await api.startOne(id);
      await visit(item.browser_CDP_Port, '/via-provider');
      expect(gateway.usernames[0]).toMatch(
        /^user-acme-country-de-session-[0-9a-f]{10}-sessionduration-30$/,
      );
      await api.kill([id]);
    } finally {
      await gateway.close();
    }
  }, 60_000);

  test('SSH: through an SSH tunnel', async () => {
    const ssh = await startSshServer('tunnel', 'ssh-pass');
    try {
      const id = await api.create({
        Proxy_Type: 'SSH',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: ssh.port,
        Proxy_Username: 'tunnel',
        Proxy_Password: 'ssh-pass',
        Is_CheckProxy: 1,
      });
      const item = await api.startOne(id);
      expect(item.Public_ip).toBe('198.51.100.77');
      const seen = await visit(item.browser_CDP_Port, '/through-ssh');
      expect(seen.status).toBe(200);
      expect(ssh.destinations).toContain(`127.0.0.1:${site.port}`);
      await api.kill([id]);
    } finally {
      await ssh.close();
    }
  }, 60_000);

  test('a proxy that dies mid-session stops the browser (-13) with NetError_StopChrome', async () => {
    const socks = await startSocks5();
    const fields = {
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: socks.port,
      Proxy_Username: 'suser',
      Proxy_Password: 'spass',
    };
    const stopping = await api.create(fields);
    const keeping = await api.create(fields);
    await api.service.post('/api/v1/session/adv_setting', {
      Session_ID: keeping,
      NetError_StopChrome: 0,
    });
    const [a, b] = await api.start([stopping, keeping]);
    expect([a.status, b.status]).toEqual([0, 0]);
    await socks.close();
    // The next request fails at the forwarder, which has the upstream probed at once.
    await visit(a.browser_CDP_Port, '/after-death').catch(() => undefined);
    await until(
      async () => (await api.status([stopping])).listcontainer[0].status === -13,
      15_000,
      '-13',
    );
    const status = await api.status([stopping, keeping]);
    expect(status.listcontainer.map((e) => [e.status, e.Session_Actived])).toEqual([
      [-13, 0],
      [0, 1],
    ]);
    // With a dead proxy, a start answers -13 at once.
    const [again] = await api.start([stopping]);
    expect(again.status).toBe(-13);
    await api.kill([keeping]);
    await until(() => browsersOf(api.service.dataDir).length === 0, 5000, 'no processes');
  }, 60_000);
});
