/**
 * A running environment's DevTools endpoint (`browser_CDP_Port`) is the service's proxy, not a
 * port of Chromium's (devtools-proxy.ts): Chromium is started with the pipe only, the port is
 * held by the service, stock Puppeteer drives the browser through it, another user of the
 * machine gets nothing, and the port goes with the browser.
 */
import fs from 'node:fs';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  hasChromium,
  startBrowserService,
  startSite,
  type BrowserService,
} from '../../test/browser.ts';
import { isRoot, listening, NOBODY, requestAs } from '../../test/sockets.ts';

/** The inode of the socket listening on 127.0.0.1:port, from the kernel's table. */
function listeningInode(port: number): string | undefined {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[3] === '0A') return fields[9];
  }
  return undefined;
}

/** Whether this process (the service runs in it here) holds the socket `inode`. */
function heldByThisProcess(inode: string): boolean {
  return fs.readdirSync('/proc/self/fd').some((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false;
    }
  });
}

describe.skipIf(!hasChromium || process.platform !== 'linux')('the DevTools endpoint', () => {
  let api: BrowserService;
  let site: Awaited<ReturnType<typeof startSite>>;

  beforeAll(async () => {
    api = await startBrowserService();
    site = await startSite({ '/': '<title>shop</title><h1>the shop page</h1>' });
  });

  afterAll(async () => {
    await api?.dispose();
    await site?.close();
  });

  test('is the service’s port: Chromium has none, Puppeteer works, others get nothing', async () => {
    const id = await api.create();
    const item = await api.startOne(id);
    const port = item.browser_CDP_Port;
    try {
      // Chromium's command line names the pipe and no port.
      const cmdline = fs
        .readFileSync(`/proc/${item.Session_ProcessID}/cmdline`, 'utf8')
        .split('\0');
      expect(cmdline).toContain('--remote-debugging-pipe');
      expect(cmdline.filter((arg) => arg.startsWith('--remote-debugging-port'))).toEqual([]);
      // The port is held by the service, not by a browser process.
      const inode = listeningInode(port);
      expect(inode).toBeDefined();
      expect(heldByThisProcess(inode!)).toBe(true);

      const client = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
      try {
        const page = await client.newPage();
        await page.goto(site.url);
        expect(await page.$eval('h1', (h1) => h1.textContent)).toBe('the shop page');
        await page.close();
      } finally {
        await client.disconnect();
      }

      if (isRoot) {
        const request = 'GET /json/version HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
        expect(await requestAs(NOBODY, port, request)).toBe('CLOSED');
      } else {
        console.warn('*** not root: the other-user case cannot become another user ***');
      }
    } finally {
      await api.kill([id]);
    }
    // The endpoint goes with the browser.
    await expect.poll(() => listening(port)).toBe(false);
  });
});
