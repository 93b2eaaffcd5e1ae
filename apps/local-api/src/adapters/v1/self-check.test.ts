/**
 * POST /api/v1/session/self_check through the real service and real Chromium: a running
 * environment is checked in a new tab and gets every finding ok (the same user agent, platform and
 * client hints in the page, its iframe and the three kinds of worker; no WebRTC address; names
 * resolved at the proxy), the opt-in noise is caught by the lie detector and costs the score, a
 * stopped environment is started headless for the check and stopped again, Chinese callers read
 * Chinese, and an unknown id is -22. The exit is a loopback IP-lookup endpoint (US, New York).
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  CHROMIUM,
  hasChromium,
  startBrowserService,
  startHttpProxy,
  startLookup,
  type BrowserService,
} from '../../test/browser.ts';
import { canShowWindows } from '../../runtime/launch/virtual-display.ts';

const FINDINGS = [
  'user-agent',
  'realms',
  'lies',
  'devtools',
  'webrtc',
  'dns',
  'exit',
  'timezone',
  'language',
];

interface Finding {
  id: string;
  severity: 'high' | 'medium' | 'low';
  ok: boolean;
  title: string;
  detail: string;
  fix: string;
}

/** A locale that fits the lookup's exit: every finding can be ok. */
const NEW_YORK = { TimeZone: 'America/New_York', LanguageCode: 'en-US' };

let api: BrowserService;
let lookup: Awaited<ReturnType<typeof startLookup>>;

const selfCheck = (id: string, headers: Record<string, string> = {}) =>
  api.service.post('/api/v1/session/self_check', { Session_ID: id }, headers);

const byId = (findings: Finding[]) => Object.fromEntries(findings.map((f) => [f.id, f]));

/** The URLs of the browser's targets, from its DevTools endpoint. */
function targetUrls(port: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/json/list' }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve((JSON.parse(text) as { url: string }[]).map((target) => target.url)),
        );
      })
      .on('error', reject);
  });
}

if (!hasChromium && !process.env.CI)
  console.warn(`self-check tests skipped: no Chromium at ${CHROMIUM}`);

describe.skipIf(!hasChromium)('POST /api/v1/session/self_check', () => {
  beforeAll(async () => {
    lookup = await startLookup({
      query: '203.0.113.10',
      countryCode: 'US',
      timezone: 'America/New_York',
      lat: 40.71,
      lon: -74.01,
    });
    api = await startBrowserService({ ipLookupUrl: lookup.url });
  }, 120_000);
  afterAll(async () => {
    const dataDir = api?.service.dataDir;
    await api?.dispose();
    await lookup?.close();
    if (dataDir) expect(browsersOf(dataDir)).toEqual([]);
  }, 120_000);

  test('a running environment: every realm agrees, no WebRTC address, score 100', async () => {
    const id = await api.create(NEW_YORK);
    const item = await api.startOne(id);
    try {
      const res = await selfCheck(id);
      expect(res.status).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        code: 0,
        message: 'Self Check Finished.',
        data: { Session_ID: id, started: 0 },
      });
      const findings = body.data.findings as Finding[];
      expect(findings.map((f) => f.id)).toEqual(FINDINGS);
      expect(findings.filter((f) => !f.ok)).toEqual([]);
      expect(body.data.score).toBe(100);
      const f = byId(findings);
      expect(f['user-agent']).toMatchObject({ severity: 'high', fix: 'Nothing to change.' });
      expect(f['user-agent']!.detail).toContain(item.User_Agent);
      expect(f.realms!.detail).toContain('America/New_York');
      expect(f.webrtc!.detail).toMatch(/no address at all/);
      expect(f.dns!.detail).toMatch(/^No proxy/);
      expect(f.exit!.detail).toContain('203.0.113.10');
      expect(f.timezone!.detail).toContain('America/New_York');
      expect(f.language!.detail).toContain('en-US');

      // Still running as before, and the check's tab is gone.
      const status = await api.status([id]);
      expect(status.listcontainer[0]).toMatchObject({ Session_Actived: 1, status: 0 });
      const urls = await targetUrls(item.browser_CDP_Port);
      expect(urls.filter((url) => url.includes('self-check.invalid'))).toEqual([]);
    } finally {
      await api.kill([id]);
    }
  }, 180_000);

  // A window needs a display or Xvfb for the service's own; under CI their absence fails the run.
  test.skipIf(!canShowWindows() && !process.env.CI)(
    'with a window: checked in a background tab, every finding ok',
    async () => {
      const id = await api.create(NEW_YORK);
      const item = await api.startOne(id, { isHeadless: 0 });
      try {
        const body = (await selfCheck(id)).json();
        expect(body.code).toBe(0);
        expect(body.data.started).toBe(0);
        expect((body.data.findings as Finding[]).filter((f) => !f.ok)).toEqual([]);
        const urls = await targetUrls(item.browser_CDP_Port);
        expect(urls.filter((url) => url.includes('self-check.invalid'))).toEqual([]);
      } finally {
        await api.kill([id]);
      }
    },
    180_000,
  );

  test('FingerPrint_Noise 1: the lie detector catches the noise and the score drops', async () => {
    const id = await api.create({ ...NEW_YORK, FingerPrint_Noise: 1 });
    await api.startOne(id);
    try {
      const body = (await selfCheck(id)).json();
      expect(body.code).toBe(0);
      const f = byId(body.data.findings as Finding[]);
      expect(f.lies).toMatchObject({ ok: false, severity: 'high' });
      // The noise itself: a solid canvas fill that reads back changed.
      expect(f.lies!.detail).toMatch(/window: \S*Canvas\S* \(.*noise: a solid fill/);
      expect(f.lies!.fix).toContain('FingerPrint_Noise 0');
      expect(body.data.score).toBeLessThanOrEqual(75);
      // The noise replaces functions; it changes nothing the user agent says.
      expect(f['user-agent']!.ok).toBe(true);
    } finally {
      await api.kill([id]);
    }
  }, 180_000);

  test('a stopped environment is started headless, checked, and stopped again; zh answers Chinese', async () => {
    const id = await api.create(NEW_YORK);
    const res = await selfCheck(id, { 'accept-language': 'zh-CN,zh;q=0.9' });
    const body = res.json();
    expect(body).toMatchObject({
      code: 0,
      message: '自检完成。',
      data: { Session_ID: id, started: 1, score: 100 },
    });
    const findings = body.data.findings as Finding[];
    expect(findings.map((f) => f.id)).toEqual(FINDINGS);
    for (const finding of findings) {
      for (const text of [finding.title, finding.detail, finding.fix]) {
        expect(text, `${finding.id}: ${text}`).toMatch(/[\u3400-\u9fff]/);
      }
    }
    expect(byId(findings)['user-agent']!.fix).toBe('无需修改。');

    // Not running afterwards, and no process of it is left.
    const status = await api.status([id]);
    expect(status.listcontainer[0].Session_Actived ?? 0).toBe(0);
    expect((await api.status()).total).toBe(0);
    await expect.poll(() => browsersOf(api.service.dataDir), { timeout: 30_000 }).toEqual([]);
  }, 180_000);

  test('behind a proxy, video blocked: names resolved at the proxy, the exit through it, the page never sent', async () => {
    const proxy = await startHttpProxy();
    try {
      const id = await api.create({
        ...NEW_YORK,
        Proxy_Type: 'HTTP',
        Proxy_Ip: '127.0.0.1',
        Proxy_Port: proxy.port,
        Proxy_Username: 'puser',
        Proxy_Password: 'ppass',
        // Its pages' requests are intercepted by the service too (runtime/devtools/media-block.ts).
        Disable_video: 1,
      });
      await api.startOne(id);
      try {
        const body = (await selfCheck(id)).json();
        expect(body.code).toBe(0);
        const f = byId(body.data.findings as Finding[]);
        expect(f.dns).toMatchObject({ ok: true, severity: 'high' });
        expect(f.dns!.detail).toContain('--host-resolver-rules=MAP * ~NOTFOUND');
        expect(f.exit!.detail).toContain('the exit of the HTTP proxy');
        expect(body.data.score).toBe(100);
        // The lookup went through the proxy; the check page never left the browser.
        const lookupHost = new URL(lookup.url).host;
        expect(proxy.hosts).toContain(lookupHost);
        expect(proxy.hosts.filter((host) => host.includes('invalid'))).toEqual([]);
      } finally {
        await api.kill([id]);
      }
    } finally {
      await proxy.close();
    }
  }, 180_000);

  test('a stopped environment whose proxy is down is still checked: the exit finding says so', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const id = await api.create({
      ...NEW_YORK,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: port,
    });
    const body = (await selfCheck(id)).json();
    expect(body).toMatchObject({ code: 0, data: { started: 1 } });
    const f = byId(body.data.findings as Finding[]);
    expect(f.exit).toMatchObject({ ok: false, severity: 'high' });
    expect(f.exit!.detail).toContain('through the HTTP proxy');
    // The check page needed no network: the browser itself is fine.
    expect(f['user-agent']!.ok).toBe(true);
    expect(f.lies!.ok).toBe(true);
    expect(f.dns!.ok).toBe(true);
    expect((await api.status([id])).listcontainer[0].Session_Actived ?? 0).toBe(0);
  }, 180_000);

  test('an unknown Session_ID answers -22', async () => {
    const res = await selfCheck('0123456789abcdef0123456789abcdef');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ code: -22, data: null });
    expect(res.json().message).toContain('0123456789abcdef0123456789abcdef');
  });
});
