/**
 * An environment's Session_Args and Session_Headless (stored at create) are
 * what browser/start uses when the call gives no args or isHeadless of its own; the call's values
 * win. Proven on the real browser: its command line and the DevTools endpoint's port. And a
 * stored user agent of another version (Chrome/106, the downloads' newest) is presented with the
 * engine's own major, so that the start answer's core and User_Agent agree with what pages see.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasChromium, startBrowserService, type BrowserService } from '../../test/browser.ts';

let api: BrowserService;

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The command line of a running process (Linux). */
const commandLine = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** A running process's environment variables (Linux). */
const environOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** A start as a client sends it: only the fields given (the helper's start adds isHeadless). */
async function startRaw(id: string, fields: Record<string, unknown> = {}) {
  const res = await api.service.post('/api/v1/browser/start', { Session_ID: [id], ...fields });
  const [item] = res.json().data.listid as Record<string, unknown>[];
  expect(item, res.text).toMatchObject({ status: 0 });
  return item as { Session_ProcessID: number; browser_CDP_Port: number } & Record<string, unknown>;
}

describe.skipIf(!hasChromium)("browser/start and an environment's stored values", () => {
  beforeAll(async () => {
    api = await startBrowserService();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
  }, 60_000);

  test("uses the environment's Session_Args and Session_Headless", async () => {
    const port = await freePort();
    const id = await api.create({
      Session_Args: [`--remote-debugging-port=${port}`, '--hide-scrollbars'],
      Session_Headless: 1,
    });
    const item = await startRaw(id);
    expect(item).toMatchObject({
      Session_Args: [`--remote-debugging-port=${port}`, '--hide-scrollbars'],
      isHeadless: 1,
      browser_CDP_Port: port,
    });
    const line = commandLine(item.Session_ProcessID);
    expect(line).toContain('--hide-scrollbars');
    // The port is the service's DevTools endpoint, not a flag of Chromium's (devtools-proxy.ts).
    expect(line).not.toContain(`--remote-debugging-port=${port}`);
    // Headless is a real window on the service's own display, not Chromium's headless mode.
    expect(line.some((arg) => arg.startsWith('--headless'))).toBe(false);
    const environ = environOf(item.Session_ProcessID);
    expect(environ.DISPLAY).toMatch(/^:\d+$/);
    expect(path.dirname(environ.XAUTHORITY ?? '')).toBe(path.join(api.service.dataDir, 'run'));
    const version = await fetch(`http://127.0.0.1:${port}/json/version`);
    expect(version.ok).toBe(true);
    // Headless: stop refuses it, as it refuses any headless environment.
    expect(await api.stop([id])).toEqual([{ Session_ID: id, status: -20 }]);
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
  }, 90_000);

  test("the call's own args and isHeadless win", async () => {
    const stored = await freePort();
    const id = await api.create({
      Session_Args: [`--remote-debugging-port=${stored}`],
      Session_Headless: 1,
    });
    const item = await startRaw(id, { args: ['--mute-audio'], isHeadless: 0 });
    expect(item).toMatchObject({ Session_Args: ['--mute-audio'], isHeadless: 0 });
    expect(item.browser_CDP_Port).not.toBe(stored);
    const line = commandLine(item.Session_ProcessID);
    expect(line).toContain('--mute-audio');
    expect(line).not.toContain(`--remote-debugging-port=${stored}`);
    expect(line.some((arg) => arg.startsWith('--headless'))).toBe(false);
    // With a window: stop closes it.
    expect(await api.stop([id])).toEqual([{ Session_ID: id, status: 0 }]);
    // args: [] means no extra arguments, not the stored ones.
    const bare = await startRaw(id, { args: [], isHeadless: 1 });
    expect(bare).toMatchObject({ Session_Args: [], isHeadless: 1 });
    expect(commandLine(bare.Session_ProcessID)).not.toContain(`--remote-debugging-port=${stored}`);
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
    // `--headless=new` opts into Chromium's own headless mode: a headless start, whatever
    // isHeadless says, which only kill ends.
    const legacy = await startRaw(id, { args: ['--headless=new'], isHeadless: 0 });
    expect(legacy).toMatchObject({ Session_Args: ['--headless=new'], isHeadless: 1 });
    expect(commandLine(legacy.Session_ProcessID)).toContain('--headless=new');
    expect(await api.stop([id])).toEqual([{ Session_ID: id, status: -20 }]);
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
  }, 90_000);

  test("a stored Chrome/106 user agent runs as the engine's version: core, User_Agent and pages agree", async () => {
    const stored =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Chrome/106.0.0.0 Safari/537.36';
    const id = await api.create({ SystemOS: 'Windows', User_Agent: stored });
    const item = await startRaw(id, { isHeadless: 1 });
    const major = Number(String(item.core).split('.')[0]);
    expect(major).toBeGreaterThan(106);
    expect(item.User_Agent).toBe(stored.replace('Chrome/106.0.0.0', `Chrome/${major}.0.0.0`));
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
    });
    try {
      const page = await browser.newPage();
      expect(await page.evaluate('navigator.userAgent')).toBe(item.User_Agent);
    } finally {
      await browser.disconnect();
    }
    // The environment keeps the user agent it was given.
    const info = await api.service.post('/api/v1/session/id_container', { Session_ID: id });
    expect(info.json().data.listcontainer[0].User_Agent).toBe(stored);
    expect(await api.kill([id])).toEqual([{ Session_ID: id, status: 0 }]);
  }, 90_000);
});
