/**
 * Geolocation as pages of a running environment see it (docs/browser-runtime.md, "Settings and what
 * they do in the browser"): Geolocation_Setting is the permission of every site (the content
 * setting, natively: navigator.permissions and getCurrentPosition agree in the page and its
 * frames), and the coordinates are the environment's own when it has them, else the proxy exit's
 * with Automatic_Configure 1 (a loopback IP-lookup endpoint answering like ip-api.com).
 */
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startHttpProxy,
  startLookup,
  startSite,
  type BrowserService,
} from '../test/browser.ts';

/** What a realm sees: the permission, and (when asked) the position or the error's code. */
const PROBE = `async function probe(withPosition) {
  const permission = (await navigator.permissions.query({ name: 'geolocation' })).state;
  if (!withPosition) return { permission };
  const position = await new Promise((done) =>
    navigator.geolocation.getCurrentPosition(
      (p) => done({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (error) => done({ error: error.code }),
      { timeout: 15000 },
    ),
  );
  return { permission, position };
}`;

const FRAME = `<!doctype html><script>${PROBE}
probe(new URLSearchParams(location.search).has('position')).then((r) => parent.postMessage(r, '*'));
</script>`;

/** The page, and what it and two frames (same origin; another origin allowed geolocation) see. */
const PAGE = `<!doctype html><title>geo</title><script>${PROBE}
async function frame(src, allow) {
  const iframe = document.createElement('iframe');
  if (allow) iframe.allow = allow;
  iframe.src = src;
  const answer = new Promise((done) => {
    const listen = (event) => {
      if (event.source !== iframe.contentWindow) return;
      removeEventListener('message', listen);
      done(event.data);
    };
    addEventListener('message', listen);
  });
  document.body.append(iframe);
  return answer;
}
window.seen = async (other, withPosition) => {
  const query = withPosition ? '?position' : '';
  return {
    page: await probe(withPosition),
    sameOrigin: await frame('/frame' + query),
    otherOrigin: await frame(other + '/frame' + query, 'geolocation'),
  };
};
</script>`;

const TOKYO = { latitude: 35.6895, longitude: 139.6917 };
const BERLIN = { latitude: 52.52, longitude: 13.4 };

describe.skipIf(!hasChromium)('geolocation in the pages of an environment', () => {
  let api: BrowserService;
  let site: Awaited<ReturnType<typeof startSite>>;
  let other: Awaited<ReturnType<typeof startSite>>;
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let lookup: Awaited<ReturnType<typeof startLookup>>;

  beforeAll(async () => {
    lookup = await startLookup({
      query: '198.51.100.60',
      countryCode: 'DE',
      timezone: 'Europe/Berlin',
      lat: BERLIN.latitude,
      lon: BERLIN.longitude,
    });
    api = await startBrowserService({ ipLookupUrl: lookup.url });
    site = await startSite({ '/geo': PAGE, '/frame': FRAME });
    // Another origin (another port) for the delegated frame.
    other = await startSite({ '/frame': FRAME });
    proxy = await startHttpProxy('geo', 'geo-pass');
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await Promise.all([site?.close(), other?.close(), proxy?.close(), lookup?.close()]);
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  const viaProxy = () => ({
    Automatic_Configure: 1,
    Proxy_Type: 'HTTP',
    Proxy_Ip: '127.0.0.1',
    Proxy_Port: proxy.port,
    Proxy_Username: 'geo',
    Proxy_Password: 'geo-pass',
  });

  /** Starts the environment, opens the page in it, answers what it and its frames see. */
  async function seenIn(id: string, withPosition: boolean) {
    const item = await api.startOne(id);
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/geo`);
      return (await page.evaluate(
        `window.seen(${JSON.stringify(other.url)}, ${withPosition})`,
      )) as Record<
        'page' | 'sameOrigin' | 'otherOrigin',
        { permission: string; position?: object }
      >;
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }

  const stored = async (id: string) =>
    (await api.service.post('/api/v1/session/id_container', { Session_ID: id })).json().data
      .listcontainer[0] as Record<string, unknown>;

  test("1 allows every site; manual coordinates win over the exit's, in the page and its frames", async () => {
    const id = await api.create({
      ...viaProxy(),
      Geolocation_Setting: 1,
      Geolocation_Latitude: TOKYO.latitude,
      Geolocation_Longitude: TOKYO.longitude,
      Geolocation_Accuracy: 25,
    });
    expect(await stored(id)).toMatchObject({
      Geolocation_Setting: 1,
      Geolocation_Latitude: TOKYO.latitude,
      Geolocation_Longitude: TOKYO.longitude,
      Geolocation_Accuracy: 25,
      TimeZone: 'Europe/Berlin',
    });
    const seen = await seenIn(id, true);
    const expected = { permission: 'granted', position: { ...TOKYO, accuracy: 25 } };
    expect(seen).toEqual({ page: expected, sameOrigin: expected, otherOrigin: expected });
  }, 120_000);

  test("without coordinates of its own, the page gets the proxy exit's (Automatic_Configure 1)", async () => {
    const id = await api.create({ ...viaProxy(), Geolocation_Setting: 1 });
    expect(await stored(id)).toMatchObject({
      Geolocation_Latitude: '',
      Geolocation_Longitude: '',
      Geolocation_Accuracy: 50,
    });
    const seen = await seenIn(id, true);
    expect(seen.page).toEqual({ permission: 'granted', position: { ...BERLIN, accuracy: 50 } });
  }, 120_000);

  test('2 blocks every site, even one the profile had allowed: PERMISSION_DENIED everywhere', async () => {
    const id = await api.create({
      Geolocation_Setting: 2,
      Geolocation_Latitude: TOKYO.latitude,
      Geolocation_Longitude: TOKYO.longitude,
    });
    // A site's own "allow" left in the profile (as Chrome writes it when a user answers a prompt).
    const preferences = path.join(api.service.dataDir, 'sessions', id, 'profile', 'Default');
    fs.mkdirSync(preferences, { recursive: true });
    fs.writeFileSync(
      path.join(preferences, 'Preferences'),
      JSON.stringify({
        profile: {
          content_settings: {
            exceptions: {
              geolocation: {
                [`${site.url},*`]: { last_modified: '13350000000000000', setting: 1 },
              },
            },
          },
        },
      }),
    );
    const seen = await seenIn(id, true);
    const denied = { permission: 'denied', position: { error: 1 } };
    expect(seen).toEqual({ page: denied, sameOrigin: denied, otherOrigin: denied });
  }, 120_000);

  test("0 is Chrome's default (sites may ask); adv_setting then allows with coordinates", async () => {
    const id = await api.create({});
    expect((await stored(id)).Geolocation_Setting).toBe(0);
    const asking = await seenIn(id, false);
    expect(asking.page).toEqual({ permission: 'prompt' });
    expect(asking.sameOrigin).toEqual({ permission: 'prompt' });

    const res = await api.service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      Geolocation_Setting: 1,
      Geolocation_Latitude: '-33.8688',
      Geolocation_Longitude: '151.2093',
    });
    expect(res.json().code).toBe(0);
    const allowed = await seenIn(id, true);
    expect(allowed.page).toEqual({
      permission: 'granted',
      position: { latitude: -33.8688, longitude: 151.2093, accuracy: 50 },
    });
  }, 120_000);
});
