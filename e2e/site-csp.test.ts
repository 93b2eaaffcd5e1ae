/**
 * The site under its Content-Security-Policy in real Chromium: pages hydrate and work with no
 * policy violation, and the customer-service chat runs on public pages but never on the console,
 * ticket or sign-in pages (docs/security.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startTestSite } from '@hainiao/testkit';
import { clickUntil } from './click-until.ts';

describe('site under its Content-Security-Policy in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;
  let chat: http.Server;
  const chatRequests: string[] = [];

  beforeAll(async () => {
    // A customer-service host on loopback: it serves a script and records who asked for it.
    chat = http.createServer((request, response) => {
      chatRequests.push(String(request.headers.referer ?? ''));
      const url = new URL(request.url ?? '/', 'http://chat.test');
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(
        `window.__chat = (window.__chat || []).concat(${JSON.stringify(url.searchParams.get('lang'))});`,
      );
    });
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    process.env.CHAT_SCRIPT_URL = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/widget.js`;
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await new Promise((resolve) => chat?.close(resolve));
    delete process.env.CHAT_SCRIPT_URL;
  });

  /** Opens a page and records page errors, console errors and CSP violation reports. */
  async function open(path: string): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) {
        problems.push(`console: ${message.text()}`);
      }
    });
    await page.exposeFunction('__reportViolation', (text: string) => problems.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        void (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
          `csp: ${event.violatedDirective} blocked ${event.blockedURI}`,
        );
      });
    });
    const response = await page.goto(system.cloud.url + path);
    expect(response?.headers()['content-security-policy'], path).toMatch(/'nonce-/);
    await page.waitForSelector('html[data-hydrated]');
    return { page, problems };
  }

  const chatRan = (page: Page) =>
    page.evaluate(() => (window as { __chat?: string[] }).__chat ?? null);

  test('pages hydrate and work under the policy, with no violation', async () => {
    const checks: [string, (page: Page) => Promise<void>][] = [
      [
        '/',
        async (page) => {
          await page.locator('.lang-switch__button').click();
          await page.getByRole('option', { name: '中文' }).click();
          await expect.poll(() => new URL(page.url()).pathname).toBe('/zh');
        },
      ],
      [
        '/zh',
        async (page) => {
          await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('zh-CN');
        },
      ],
      [
        '/faq',
        async (page) => {
          await page.getByRole('searchbox').fill('zzzz no such question');
          await expect
            .poll(() => page.locator('main').innerText())
            .toContain('No matching questions found');
        },
      ],
      [
        '/api/doc',
        async (page) => {
          await expect.poll(() => page.locator('h1').first().innerText()).toBe('Overview');
        },
      ],
      [
        '/api/doc/group',
        async (page) => {
          // The try-it panel opens (its call to the local API is covered by api-doc.test.ts).
          // A click before the page's own chunk has hydrated is lost: click until it opens.
          await clickUntil(
            () => page.getByRole('button', { name: 'Try it' }).first().click(),
            async () => (await page.locator('.doc-try.is-open').count()) > 0,
            'the try-it panel',
            { attempts: 5 },
          );
        },
      ],
      [
        '/ticket',
        async (page) => {
          // Ant Design's modal: its styles are injected at run time.
          await expect
            .poll(() => page.locator('body').innerText())
            .toContain('No token detected. Please sign in first.');
        },
      ],
    ];
    for (const [path, check] of checks) {
      const { page, problems } = await open(path);
      await check(page);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }

    // The control: an injected inline script without the nonce is refused, and reported.
    const { page, problems } = await open('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(() => problems.some((p) => p.startsWith('csp: script-src'))).toBe(true);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBe(
      undefined,
    );
    await page.context().close();
  });

  test('the chat script loads on public pages', async () => {
    const home = await open('/');
    await expect.poll(() => chatRan(home.page)).toEqual(['en']);
    expect(home.problems).toEqual([]);
    await home.page.context().close();
  });

  // One test per page: each waits for a quiet network, and on a loaded machine six in a row
  // outlasted one test's time.
  for (const path of ['/api', '/zh/api', '/ticket', '/zh/ticket/add', '/signin']) {
    test(`the chat script does not load on ${path} (console and ticket pages)`, async () => {
      chatRequests.length = 0;
      const { page, problems } = await open(path);
      // Until the network is quiet: a chat script, had the page asked for one, has come by then.
      await page.waitForLoadState('networkidle');
      expect(await chatRan(page), path).toBeNull();
      expect(await page.locator('script#hainiao-chat-script').count(), path).toBe(0);
      expect(await page.locator('meta[name="hainiao-chat"]').count(), path).toBe(0);
      expect(chatRequests, path).toEqual([]);
      expect(problems, path).toEqual([]);
      await page.context().close();
    });
  }

  test('going from a page that ran the chat to a ticket page reloads it without the chat', async () => {
    const { page, problems } = await open('/faq/install-on-windows.html');
    await expect.poll(() => chatRan(page)).toEqual(['en']);
    await page.evaluate(() => ((window as { __before?: boolean }).__before = true));
    // An in-site link, followed by the router without a page load.
    await page
      .locator('.markdown a[href^="/"]')
      .first()
      .evaluate((a) => a.setAttribute('href', '/ticket'));
    await page.locator('.markdown a[href="/ticket"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ticket');
    await expect
      .poll(() => page.evaluate(() => (window as { __before?: boolean }).__before ?? false))
      .toBe(false);
    await page.waitForSelector('html[data-hydrated]');
    expect(await chatRan(page)).toBeNull();
    expect(await page.locator('script#hainiao-chat-script').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
