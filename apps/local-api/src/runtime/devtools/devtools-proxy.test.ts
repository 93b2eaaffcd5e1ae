/**
 * The DevTools proxy over the service's pipe (devtools-proxy.ts), with a real Chromium that opens
 * no port of its own: stock Puppeteer, Playwright and a raw page WebSocket drive it through the
 * proxy, side by side with the service's own commands on the pipe; what Chromium refuses (a web
 * page's Origin, a foreign Host) and another user of the machine are refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import WebSocket from 'ws';
import { CHROMIUM, hasChromium } from '../../test/browser.ts';
import { isRoot, NOBODY, requestAs } from '../../test/sockets.ts';
import { CdpConnection, type CdpEvent } from './cdp.ts';
import { serveDevTools, type DevToolsProxy } from './devtools-proxy.ts';

/** A raw HTTP exchange with the proxy (headers as given, so Host and Origin can be set). */
function get(
  port: number,
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: pathname, method, headers },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** One CDP command over a fresh WebSocket; its answer. */
function wsCall(url: string, method: string, params = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number };
      if (message.id !== 1) return;
      ws.close();
      resolve(message as Record<string, unknown>);
    });
    ws.on('error', reject);
  });
}

describe.skipIf(!hasChromium)('the DevTools proxy over the pipe', () => {
  let browser: ChildProcess;
  let pipe: CdpConnection;
  let proxy: DevToolsProxy;
  let site: http.Server;
  let siteUrl: string;
  let profile: string;
  const serviceEvents: CdpEvent[] = [];

  beforeAll(async () => {
    site = http.createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<title>shop</title><h1>the shop page</h1>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as net.AddressInfo).port}/`;
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-devtools-proxy-'));
    browser = spawn(
      CHROMIUM,
      [
        '--headless=new',
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        ...(isRoot ? ['--no-sandbox'] : []),
        'about:blank',
      ],
      // Its own process group, so that the whole tree can be ended at once.
      { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    pipe = CdpConnection.overPipe(browser.stdio[3] as Writable, browser.stdio[4] as Readable);
    pipe.on('event', (event: CdpEvent) => serviceEvents.push(event));
    // The service watches targets on its own (root) session, as instrument.ts does.
    await pipe.send('Target.setDiscoverTargets', { discover: true });
    proxy = await serveDevTools(pipe);
  });

  afterAll(async () => {
    await proxy?.close();
    // A closed pipe makes Chromium quit; its group goes too (renderers write to the profile).
    await pipe?.close();
    if (browser?.pid) {
      const group = -browser.pid;
      const end = () => {
        try {
          process.kill(group, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      if (browser.exitCode === null && browser.signalCode === null) {
        const timer = setTimeout(end, 10_000);
        await new Promise((resolve) => browser.once('exit', resolve));
        clearTimeout(timer);
      }
      end();
    }
    await new Promise<void>((resolve) => site?.close(() => resolve()));
    if (profile)
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  });

  test('/json/version names the browser and its WebSocket on the proxy', async () => {
    const { status, body } = await get(proxy.port, '/json/version', {
      host: `127.0.0.1:${proxy.port}`,
    });
    expect(status).toBe(200);
    const version = JSON.parse(body) as Record<string, string>;
    expect(version.Browser).toMatch(/Chrome\/\d+/);
    // ChromeDriver refuses a browser whose WebKit-Version is not in Chromium's own form.
    expect(version['WebKit-Version']).toMatch(/^537\.36 \(@[0-9a-f]+\)$/);
    expect(version.webSocketDebuggerUrl).toMatch(
      new RegExp(`^ws://127\\.0\\.0\\.1:${proxy.port}/devtools/browser/[0-9A-F-]+$`, 'i'),
    );
  });

  test('stock Puppeteer connects, opens a page and reads it; the service keeps its pipe', async () => {
    const client = await puppeteer.connect({ browserURL: `http://127.0.0.1:${proxy.port}` });
    try {
      const page = await client.newPage();
      await page.goto(siteUrl);
      expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('the shop page');
      // The service's own session still answers, and saw the page as a target of its own.
      const { targetInfos } = await pipe.send<{ targetInfos: { url: string }[] }>(
        'Target.getTargets',
      );
      expect(targetInfos.map((t) => t.url)).toContain(siteUrl);
      expect(serviceEvents.some((e) => e.method === 'Target.targetCreated')).toBe(true);
      await page.close();
    } finally {
      await client.disconnect();
    }
  });

  test('Playwright connects over CDP beside Puppeteer; each keeps its own sessions', async () => {
    const pptr = await puppeteer.connect({ browserURL: `http://127.0.0.1:${proxy.port}` });
    const pw = await chromium.connectOverCDP(`http://127.0.0.1:${proxy.port}`);
    try {
      const page = await pw.contexts()[0]!.newPage();
      await page.goto(siteUrl);
      expect(await page.locator('h1').innerText()).toBe('the shop page');
      const other = await pptr.newPage();
      await other.goto(`${siteUrl}?puppeteer`);
      expect(await other.title()).toBe('shop');
      // Playwright leaving ends its sessions only: Puppeteer's page still answers.
      await pw.close();
      expect(await other.evaluate(() => 6 * 7)).toBe(42);
      await other.close();
    } finally {
      await pptr.disconnect();
    }
  });

  test('/json/list, PUT /json/new, a page WebSocket and /json/close', async () => {
    const host = { host: `localhost:${proxy.port}` };
    expect((await get(proxy.port, `/json/new?${siteUrl}`, host)).status).toBe(405);
    const created = await get(proxy.port, `/json/new?${siteUrl}`, host, 'PUT');
    expect(created.status).toBe(200);
    const target = JSON.parse(created.body) as { id: string; webSocketDebuggerUrl: string };
    expect(target.webSocketDebuggerUrl).toBe(
      `ws://localhost:${proxy.port}/devtools/page/${target.id}`,
    );
    const list = JSON.parse((await get(proxy.port, '/json/list', host)).body) as { id: string }[];
    expect(list.map((t) => t.id)).toContain(target.id);

    await expect
      .poll(async () => {
        const answer = await wsCall(target.webSocketDebuggerUrl, 'Runtime.evaluate', {
          expression: 'document.title',
          returnByValue: true,
        });
        return (answer.result as { result: { value: string } }).result.value;
      })
      .toBe('shop');

    expect((await get(proxy.port, `/json/close/${target.id}`, host)).body).toBe(
      'Target is closing',
    );
    await expect
      .poll(
        async () =>
          JSON.parse((await get(proxy.port, '/json/list', host)).body) as { id: string }[],
      )
      .not.toContainEqual(expect.objectContaining({ id: target.id }));
    expect((await get(proxy.port, '/json/close/NOPE', host)).status).toBe(404);
  });

  test('a web page (Origin) and a foreign Host are refused, as Chromium refuses them', async () => {
    const origin = await get(proxy.port, '/json/version', {
      host: `127.0.0.1:${proxy.port}`,
      origin: 'https://evil.example',
    });
    expect(origin.status).toBe(403);
    const rebinding = await get(proxy.port, '/json/version', {
      host: `evil.example:${proxy.port}`,
    });
    expect(rebinding.status).toBe(403);
    const { webSocketDebuggerUrl } = JSON.parse(
      (await get(proxy.port, '/json/version', { host: `127.0.0.1:${proxy.port}` })).body,
    ) as { webSocketDebuggerUrl: string };
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(webSocketDebuggerUrl, { origin: 'https://evil.example' });
        ws.on('open', () => resolve('open'));
        ws.on('error', reject);
      }),
    ).rejects.toThrow(/403/);
  });

  test.skipIf(!isRoot)('another user of the machine gets nothing', async () => {
    const request = 'GET /json/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    expect(await requestAs(NOBODY, proxy.port, request)).toBe('CLOSED');
    // This user still gets an answer.
    expect(await requestAs(undefined, proxy.port, request)).toContain('webSocketDebuggerUrl');
  });
});
