/**
 * The AdsPower-compatible browser calls with real Chromium (adapters/adspower/compat-adspower.ts;
 * docs/adspower-compat.md): a Python script written as AdsPower's public examples are
 * (requests.get start, Selenium attached through data.ws.selenium with the chromedriver of
 * data.webdriver) runs against the service, Puppeteer connects to data.ws.puppeteer, the v2 calls
 * start, report and stop, launch_args URLs open, the cache goes after clear_cache_after_closing,
 * and our own POST /api/v1/browser/start keeps its answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  errorNameReads,
  hasChromium,
  startBrowserService,
  startSite,
  type BrowserService,
} from '../../test/browser.ts';
import { call } from '../../test/server.ts';

/** Written as AdsPower's "Python selenium 4" sample is; only the address and the page differ. */
const SELENIUM_SCRIPT = `
import os, sys
import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ads_id = os.environ["ADS_ID"]
api = os.environ["ADS_API"]  # http://local.adspower.net:50325 in AdsPower's samples
open_url = api + "/api/v1/browser/start?user_id=" + ads_id + "&headless=1"
close_url = api + "/api/v1/browser/stop?user_id=" + ads_id

resp = requests.get(open_url).json()
if resp["code"] != 0:
    print(resp["msg"])
    print("please check ads_id")
    sys.exit(1)

chrome_driver = resp["data"]["webdriver"]
chrome_options = Options()
chrome_options.debugger_address = resp["data"]["ws"]["selenium"]
service = Service(executable_path=chrome_driver)
driver = webdriver.Chrome(service=service, options=chrome_options)
driver.get(os.environ["PAGE_URL"])
print("title:", driver.title)
driver.quit()
print(requests.get(close_url).json())
`;

/** The first Python 3 that can import requests and selenium (as e2e/api-doc-examples.test.ts). */
const python = ['python3', '/usr/bin/python3'].find(
  (candidate) =>
    spawnSync(candidate, ['-c', 'import requests, selenium'], { stdio: 'ignore' }).status === 0,
);

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

let api: BrowserService;
let site: Awaited<ReturnType<typeof startSite>>;
let scratch: string;

const get = (urlPath: string) => call(api.service.port, urlPath, { method: 'GET' });

async function createProfile(body: Record<string, unknown> = {}) {
  const res = await api.service.post('/api/v1/user/create', { group_id: '0', ...body });
  expect(res.json(), res.text).toMatchObject({ code: 0 });
  return res.json().data.id as string;
}

describe.skipIf(!hasChromium)('AdsPower-compatible browser calls', () => {
  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite({
      '/selenium': '<!doctype html><title>Selenium page</title>',
      '/puppeteer': '<!doctype html><title>Puppeteer page</title>',
    });
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-compat-'));
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await site?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }, 60_000);

  test('a Python script written as AdsPower’s examples runs unchanged (requests + Selenium)', async ({
    skip,
  }) => {
    if (!python) {
      console.warn('\n*** SKIPPED: no python3 can import requests and selenium\n');
      return skip('no python3 with requests and selenium');
    }
    const id = await createProfile({ name: 'selenium' });
    const script = path.join(scratch, 'adspower_selenium.py');
    fs.writeFileSync(script, SELENIUM_SCRIPT);
    const { code, output } = await run(
      python,
      [script],
      { ADS_ID: id, ADS_API: api.service.url, PAGE_URL: `${site.url}/selenium` },
      scratch,
    );
    expect(code, output).toBe(0);
    expect(output).toContain('title: Selenium page');
    expect(output).toContain("{'code': 0, 'data': {}, 'msg': 'success'}");
    expect(site.log.map((r) => r.url)).toContain('/selenium');
    // The stop closed it (a headless browser is killed, as AdsPower's stop closes any).
    expect((await get(`/api/v1/browser/active?user_id=${id}`)).json()).toEqual({
      code: 0,
      data: { status: 'Inactive', ws: { selenium: '', puppeteer: '' } },
      msg: 'success',
    });
  });

  test('v2: start, Puppeteer on data.ws.puppeteer, active, local-active, stop', async () => {
    const id = await createProfile({ name: 'puppeteer' });
    const started = await api.service.post('/api/v2/browser-profile/start', {
      profile_id: id,
      headless: '1',
      last_opened_tabs: '0',
      proxy_detection: '0',
      cdp_mask: '0',
    });
    expect(started.json(), started.text).toMatchObject({ code: 0, msg: 'success' });
    const { data } = started.json();
    const port = Number(data.debug_port);
    expect(data).toEqual({
      ws: {
        selenium: `127.0.0.1:${port}`,
        puppeteer: expect.stringMatching(
          new RegExp(`^ws://127\\.0\\.0\\.1:${port}/devtools/browser/[0-9A-F-]+$`, 'i'),
        ),
      },
      debug_port: String(port),
      webdriver: expect.any(String),
    });
    // The same port our own status call reports.
    const [ourStatus] = (await api.status([id])).listcontainer;
    expect(ourStatus).toMatchObject({ browser_CDP_Port: port, isHeadless: 1 });

    const browser = await puppeteer.connect({
      browserWSEndpoint: data.ws.puppeteer,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${site.url}/puppeteer`);
      expect(await page.title()).toBe('Puppeteer page');
      // cdp_mask 0: the port as Chromium speaks it (Runtime enabled shows in the page).
      expect(await page.evaluate(errorNameReads)).toBe(2);
    } finally {
      await browser.disconnect();
    }

    const active = await get(`/api/v2/browser-profile/active?profile_id=${id}`);
    expect(active.json()).toEqual({ code: 0, msg: 'success', data: { status: 'Active', ...data } });
    const posted = await api.service.post('/api/v2/browser-profile/active', { profile_id: id });
    expect(posted.json().data.status).toBe('Active');
    const local = await get('/api/v1/browser/local-active');
    expect(local.json().data.list).toContainEqual({ user_id: id, ...data });
    const listed = await api.service.post('/api/v2/browser-profile/list', { profile_id: [id] });
    expect(listed.json().data.list[0].last_open_time).toMatch(/^\d{10}$/);

    expect(
      (await api.service.post('/api/v2/browser-profile/stop', { profile_id: id })).json(),
    ).toEqual({ code: 0, msg: 'success' });
    expect((await get(`/api/v2/browser-profile/active?profile_id=${id}`)).json().data.status).toBe(
      'Inactive',
    );

    // cdp_mask 1 (AdsPower's default): the page sees no DevTools client.
    const masked = await api.service.post('/api/v2/browser-profile/start', {
      profile_id: id,
      headless: '1',
      cdp_mask: '1',
    });
    expect(masked.json(), masked.text).toMatchObject({ code: 0 });
    const again = await puppeteer.connect({ browserWSEndpoint: masked.json().data.ws.puppeteer });
    try {
      const page = await again.newPage();
      await page.goto(`${site.url}/puppeteer`);
      expect(await page.evaluate(errorNameReads)).toBe(1);
    } finally {
      await again.disconnect();
      await api.kill([id]);
    }
  });

  test('launch_args: URLs open as tabs, flags pass the allow-list; the cache goes after closing', async () => {
    const id = await createProfile({ name: 'args' });
    const refused = await get(
      `/api/v1/browser/start?user_id=${id}&headless=1&launch_args=${encodeURIComponent(
        JSON.stringify(['--blink-settings=imagesEnabled=false']),
      )}`,
    );
    expect(refused.json()).toMatchObject({
      code: -1,
      data: {},
      msg: expect.stringMatching(/^Browser arguments not allowed: --blink-settings\./),
    });
    const args = JSON.stringify(['--mute-audio', `${site.url}/from-launch-args`]);
    const started = await get(
      `/api/v1/browser/start?user_id=${id}&headless=1&clear_cache_after_closing=1&launch_args=${encodeURIComponent(args)}`,
    );
    expect(started.json(), started.text).toMatchObject({ code: 0, msg: 'success' });
    await expect.poll(() => site.log.map((r) => r.url)).toContain('/from-launch-args');
    const [ourStatus] = (await api.status([id])).listcontainer;
    expect(ourStatus.Session_Args).toEqual(['--mute-audio']);

    // A file in the cache of the running profile is gone once its browser has ended.
    const cache = path.join(api.service.dataDir, 'sessions', id, 'profile', 'Default', 'Cache');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'marker'), 'x');
    expect((await get(`/api/v1/browser/stop?user_id=${id}`)).json()).toEqual({
      code: 0,
      data: {},
      msg: 'success',
    });
    await expect.poll(() => fs.existsSync(path.join(cache, 'marker'))).toBe(false);
  });

  test('our POST /api/v1/browser/start still answers our shape', async () => {
    const id = await createProfile({ name: 'ours' });
    const res = await api.service.post('/api/v1/browser/start', {
      Session_ID: [id],
      isHeadless: 1,
    });
    expect(res.json()).toMatchObject({
      message: 'Browser Start Finished.',
      code: 0,
      data: { listid: [{ Session_ID: id, status: 0, isHeadless: 1 }], total: 1 },
    });
    // Started by us, reported and stopped by their calls; without clear_cache_after_closing the
    // cache stays (the control of the test above).
    expect((await get(`/api/v1/browser/active?user_id=${id}`)).json().data.status).toBe('Active');
    const cache = path.join(api.service.dataDir, 'sessions', id, 'profile', 'Default', 'Cache');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'marker'), 'x');
    expect((await get(`/api/v1/browser/stop?user_id=${id}`)).json().code).toBe(0);
    expect((await api.status([id])).listcontainer[0].Session_Actived).toBe(0);
    expect(fs.existsSync(path.join(cache, 'marker'))).toBe(true);
  });
});
