/**
 * The public site's shell in real Chromium against the started system: language prefix rules,
 * the chat script, the mobile menu, 404s, and what crawlers read without JavaScript.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminOf, launchChromium, startTestSite, TEST_PASSWORD } from '@hainiao/testkit';

describe('site shell in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;
  let chat: http.Server;
  /** Every lang the chat host served, whichever page asked. */
  const served: string[] = [];

  beforeAll(async () => {
    // A customer-service host on loopback: it serves a script and records the lang it was asked for.
    chat = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://chat.test');
      served.push(url.searchParams.get('lang') ?? '');
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(
        `window.__chat = (window.__chat || []).concat(${JSON.stringify(url.searchParams.get('lang'))});`,
      );
    });
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    process.env.CHAT_SCRIPT_URL = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/widget.js?site=hainiao`;
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    await new Promise((resolve) => chat?.close(resolve));
    delete process.env.CHAT_SCRIPT_URL;
  });

  async function open(
    path: string,
    options: { width?: number; javaScript?: boolean } = {},
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1440, height: 900 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A page answered with 404 logs its own status; everything else must be clean.
      if (message.type() === 'error' && !/status of 404/.test(message.text())) {
        errors.push(message.text());
      }
    });
    await page.goto(system.cloud.url + path);
    if (options.javaScript !== false) await page.waitForSelector('html[data-hydrated]');
    return { page, errors };
  }

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search + url.hash;
  };

  async function switchTo(page: Page, language: 'English' | '中文') {
    await page.locator('.lang-switch__button').click();
    await page.getByRole('option', { name: language }).click();
  }

  test('switching language rewrites the path on several routes, keeping query and hash', async () => {
    const cases = [
      {
        from: '/download?from=ad#cores',
        to: 'zh',
        expected: '/zh/download?from=ad#cores',
        h1: '下载',
      },
      { from: '/zh/price', to: 'en', expected: '/price', h1: 'free' },
      {
        from: '/faq/install-on-windows.html',
        to: 'zh',
        expected: '/zh/faq/install-on-windows.html',
        h1: '安装',
      },
      { from: '/zh/faq#2', to: 'en', expected: '/faq#2', h1: 'Frequently asked questions' },
      { from: '/zh', to: 'en', expected: '/', h1: 'hundreds of accounts' },
    ] as const;
    for (const { from, to, expected, h1 } of cases) {
      const { page, errors } = await open(from);
      await switchTo(page, to === 'zh' ? '中文' : 'English');
      await expect.poll(() => pathOf(page), { message: from }).toBe(expected);
      await expect.poll(() => page.locator('h1').first().innerText()).toContain(h1);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(to);
      expect(await page.locator('html').getAttribute('lang')).toBe(to === 'zh' ? 'zh-CN' : 'en');
      expect(errors, from).toEqual([]);
      await page.context().close();
    }
    // Five pages, each in a new context: under the full suite's load one takes 10-20 s.
  }, 150_000);

  test('the dropdown works from the keyboard', async () => {
    const { page } = await open('/privacy');
    await page.locator('.lang-switch__button').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/zh/privacy');
    await page.context().close();
  });

  test('redirect rules: a link to the other language follows the chosen language', async () => {
    // Chinese chosen, link without the prefix: the prefix is added.
    const { page } = await open('/zh/faq/install-on-windows.html');
    await page
      .locator('.markdown a[href^="/zh/"]')
      .first()
      .evaluate((a) => {
        a.setAttribute('href', '/price');
      });
    await page.locator('.markdown a[href="/price"]').first().click();
    await expect.poll(() => pathOf(page)).toBe('/zh/price');
    await expect.poll(() => page.locator('h1').innerText()).toContain('免费');
    await page.context().close();

    // English chosen, link with the prefix: the prefix is removed.
    const english = await open('/faq/install-on-windows.html');
    await english.page
      .locator('.markdown a[href^="/"]')
      .first()
      .evaluate((a) => {
        a.setAttribute('href', '/zh/privacy?x=1');
      });
    await english.page.locator('.markdown a[href="/zh/privacy?x=1"]').click();
    await expect.poll(() => pathOf(english.page)).toBe('/privacy?x=1');
    await expect.poll(() => english.page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await english.page.context().close();
  });

  test('a visit arriving with a stored language goes to that language, prerendered or not', async () => {
    // An earlier visit chose Chinese with the dropdown (stored under `lang`).
    const { page, errors } = await open('/price');
    await switchTo(page, '中文');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');

    // Arriving later (a new tab, a bookmark, a search result) on paths without /zh.
    const arrivals = [
      // Prerendered pages: the Chinese prerendered page, query and hash kept.
      ['/download?from=ad#cores', '/zh/download?from=ad#cores', 'h1', '下载'],
      ['/', '/zh', 'h1', '上百个账号'],
      ['/faq/install-on-windows.html', '/zh/faq/install-on-windows.html', 'h1', '安装'],
      // A page rendered in the browser only (the shell), and the 404 page.
      ['/signin', '/zh/signin', 'h1', '登录海鸟'],
      ['/no-such-page', '/zh/no-such-page', 'h1', '页面不存在'],
    ] as const;
    for (const [from, to, selector, text] of arrivals) {
      const tab = await page.context().newPage();
      const tabErrors: string[] = [];
      tab.on('pageerror', (error) => tabErrors.push(error.message));
      await tab.goto(system.cloud.url + from);
      await expect.poll(() => pathOf(tab), { message: from }).toBe(to);
      await tab.waitForSelector('html[data-hydrated]');
      await expect.poll(() => tab.locator(selector).first().innerText()).toContain(text);
      expect(await tab.locator('html').getAttribute('lang'), from).toBe('zh-CN');
      expect(await tab.evaluate(() => localStorage.getItem('lang')), from).toBe('zh');
      // The English page was replaced, not stacked (the blank tab, then the page): Back does not
      // bounce through it.
      expect(await tab.evaluate(() => history.length), from).toBe(2);
      expect(tabErrors, from).toEqual([]);
      await tab.close();
    }

    // The reverse: English stored, arriving on a /zh path drops the prefix.
    await switchTo(page, 'English');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    for (const [from, to, text] of [
      ['/zh/faq#2', '/faq#2', 'Frequently asked questions'],
      ['/zh/price', '/price', 'free'],
    ] as const) {
      const tab = await page.context().newPage();
      await tab.goto(system.cloud.url + from);
      await expect.poll(() => pathOf(tab), { message: from }).toBe(to);
      await expect.poll(() => tab.locator('h1').first().innerText()).toContain(text);
      expect(await tab.locator('html').getAttribute('lang')).toBe('en');
      await tab.close();
    }

    // Nothing stored (a first visit): the URL's language is taken and stored.
    const first = await open('/zh/application');
    expect(pathOf(first.page)).toBe('/zh/application');
    await expect.poll(() => first.page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    expect([...errors, ...first.errors]).toEqual([]);
    await first.page.context().close();
    await page.context().close();
  });

  test('the footer promises the chat on the pages that load it, in both languages', async () => {
    for (const [path, text] of [
      ['/download', 'Or chat with us through the chat button on this page.'],
      ['/zh/faq', '也可以点击本页的在线客服按钮与我们交流。'],
    ] as const) {
      const { page } = await open(path);
      const footer = page.locator('.site-footer');
      await expect.poll(() => footer.getByText(text).isVisible(), { message: path }).toBe(true);
      await expect.poll(() => page.locator('script#hainiao-chat-script').count()).toBe(1);
      await page.context().close();
    }
    // So do the pricing FAQ's support answer and the terms page's support table.
    for (const [path, text] of [
      ['/price', 'You can also reach us through the chat button on this page.'],
      ['/zh/privacy', '工单，或本页的在线客服'],
    ] as const) {
      const { page } = await open(path);
      await expect
        .poll(() => page.locator('main').textContent(), { message: path })
        .toContain(text);
      await page.context().close();
    }
    // A private page loads no chat script, so its footer promises none.
    const { page } = await open('/ticket/add');
    await expect
      .poll(() => page.locator('.site-footer').getByText('Open a ticket').isVisible())
      .toBe(true);
    expect(await page.locator('.site-footer__chat').count()).toBe(0);
    expect(await page.locator('script#hainiao-chat-script').count()).toBe(0);
    await page.context().close();
  });

  test('the language comes from the URL: back after a switch shows the English page again', async () => {
    const { page } = await open('/application');
    await switchTo(page, '中文');
    await expect.poll(() => pathOf(page)).toBe('/zh/application');
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/application');
    await expect.poll(() => page.locator('h1').innerText()).toContain('every account');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await page.context().close();
  });

  test('navigation scrolls to the top and sets each page title', async () => {
    const { page } = await open('/');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.locator('.site-footer').getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => pathOf(page)).toBe('/price');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.title()).toMatch(/^Pricing/);
    await switchTo(page, '中文');
    await expect.poll(() => page.title()).toMatch(/^价格/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/免费/);
    await page.context().close();
  });

  test("a page inlines the site's styles and its own only; navigation brings the next page's", async () => {
    const inlineCss = async (path: string) => {
      const html = await (await fetch(system.cloud.url + path)).text();
      // Every stylesheet link is a disabled marker for Vite's loader: nothing to fetch to paint.
      expect(html, path).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)/);
      return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
    };
    for (const path of ['/faq', '/zh/faq', '/faq/install-on-windows.html']) {
      const css = await inlineCss(path);
      expect(css, path).toMatch(/\.site-header\{/);
      expect(css, path).toMatch(/\.article-grid\{/);
      expect(css, path).not.toMatch(/\.testimonial\{/);
      expect(css, path).not.toMatch(/\.plan\{/);
    }
    const home = await inlineCss('/zh');
    expect(home).toMatch(/\.testimonial\{/);
    expect(home).not.toMatch(/\.article-grid\{/);

    // Prerendered, the FAQ hydrates with its own rules and downloads no stylesheet: Vite's loader
    // takes the inline sheets for loaded (their disabled links), rather than fetching them again.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    const cardPadding = () =>
      page
        .locator('.article-card')
        .first()
        .evaluate((card) => getComputedStyle(card).padding);
    await page.goto(`${system.cloud.url}/faq`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await cardPadding()).toBe('24px 22px');
    expect(stylesheets).toEqual([]);

    // From the home page to the FAQ without a reload: the FAQ's stylesheet comes with its chunk.
    await page.goto(`${system.cloud.url}/`);
    await page.waitForSelector('html[data-hydrated]');
    await page.locator('.site-menu').getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(() => pathOf(page)).toBe('/faq');
    await page.locator('.article-card').first().waitFor();
    expect(
      await page.locator('.article-grid').evaluate((grid) => getComputedStyle(grid).display),
    ).toBe('grid');
    expect(await cardPadding()).toBe('24px 22px');
    expect(stylesheets).toHaveLength(1);
    await context.close();
  });

  test('the chat script loads with the page language and is replaced when it changes', async () => {
    const { page } = await open('/download');
    await expect
      .poll(() => page.evaluate(() => (window as { __chat?: string[] }).__chat))
      .toEqual(['en']);
    // What this page asks the host from now on (a page of an earlier test may still be asking it).
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/widget.js') asked.push(url.searchParams.get('lang') ?? '');
    });
    const script = page.locator('script#hainiao-chat-script');
    expect(await script.getAttribute('src')).toMatch(/\/widget\.js\?site=hainiao&lang=en$/);
    await switchTo(page, '中文');
    await expect
      .poll(() => page.evaluate(() => (window as { __chat?: string[] }).__chat))
      .toEqual(['en', 'zh']);
    expect(await page.locator('script[src*="widget.js"]').count()).toBe(1);
    expect(await script.getAttribute('src')).toMatch(/lang=zh$/);
    expect(asked).toEqual(['zh']);
    expect(served).toEqual(expect.arrayContaining(['en', 'zh']));
    await page.context().close();
  });

  test('the mobile menu toggles, closes on navigation and above 768px', async () => {
    const { page } = await open('/zh/faq/install-on-windows.html', { width: 375 });
    const menu = page.locator('#site-menu');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect.poll(() => menu.isVisible()).toBe(true);
    // The active entry: the first segment after /zh.
    expect(await menu.locator('a[aria-current="page"]').innerText()).toBe('常见问题');
    await menu.getByRole('link', { name: '价格' }).click();
    await expect.poll(() => pathOf(page)).toBe('/zh/price');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await menu.locator('a[aria-current="page"]').innerText()).toBe('价格');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect.poll(() => menu.isVisible()).toBe(true); // the desktop menu
    // The open state ends at the wider size (matchMedia reports at the next frame); shrinking
    // before then would flip the query twice with no change event between.
    await expect.poll(() => menu.getAttribute('class')).toBe('site-menu');
    await page.setViewportSize({ width: 375, height: 900 });
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.context().close();
  });

  test('signed in, the header fits every desktop width (769 px up) in both languages', async () => {
    // A long email: the widest account entry a customer is likely to have (its own on a retry).
    const name = `header_fit_${Date.now().toString(36)}`;
    const admin = adminOf(system);
    await admin(
      'account:create',
      '--account',
      name,
      '--email',
      `${name}@example.com`,
      '--password',
      TEST_PASSWORD,
    );
    const link = await admin('clienttoken', '--account', name, '--url', '/faq');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/faq');
    await expect.poll(() => page.locator('.account-entry__signout').isVisible()).toBe(true);

    /** Where the header's entries are, left to right, and whether the page scrolls sideways. */
    const layout = () =>
      page.evaluate(() => {
        const entries = [
          '.site-header__brand',
          '.site-menu li a',
          '.lang-switch__button',
          '.account-entry__email',
          '.account-entry__signout',
        ].flatMap((selector) =>
          [...document.querySelectorAll<HTMLElement>(selector)].map((element) => {
            const box = element.getBoundingClientRect();
            return {
              label: element.textContent?.trim() || selector,
              left: box.left,
              right: box.right,
              height: box.height,
              // Text cut by its own box (the email may shorten behind its ellipsis).
              cut:
                !element.matches('.account-entry__email') &&
                element.scrollWidth > element.clientWidth + 1,
            };
          }),
        );
        return {
          entries,
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        };
      });

    for (const [lang, labels] of [
      ['en', ['Home', 'Applications', 'Pricing', 'Download', 'API Docs', 'FAQ', 'Sign out']],
      ['zh', ['首页', '应用场景', '价格', '下载', 'API 文档', '常见问题', '退出登录']],
    ] as const) {
      if (lang === 'zh') {
        await switchTo(page, '中文');
        await expect.poll(() => pathOf(page)).toBe('/zh/faq');
      }
      for (const width of [769, 800, 870, 901, 1001, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const at = `${lang} at ${width} px`;
        await expect.poll(() => page.locator('#site-menu').isVisible(), { message: at }).toBe(true);
        const { entries, scrollWidth, innerWidth } = await layout();
        expect(scrollWidth, `${at}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
        expect(entries.map((e) => e.label)).toEqual(expect.arrayContaining([...labels]));
        let previous = 0;
        for (const entry of entries) {
          // In a row, each after the one before, inside the window, on one line, not cut.
          expect(entry.left, `${at}: ${entry.label} overlaps`).toBeGreaterThanOrEqual(
            previous - 0.5,
          );
          expect(entry.right, `${at}: ${entry.label} off screen`).toBeLessThanOrEqual(innerWidth);
          expect(entry.height, `${at}: ${entry.label} wraps`).toBeLessThanOrEqual(48);
          expect(entry.cut, `${at}: ${entry.label} cut`).toBe(false);
          // The account entry (to the console) stays a usable target, never squeezed to a sliver.
          if (entry.label.endsWith('@example.com')) {
            expect(entry.right - entry.left, `${at}: email`).toBeGreaterThanOrEqual(44);
          }
          previous = entry.right;
        }
      }
      // Where the email gives way to an icon, it still leads to the console under its own name.
      await page.setViewportSize({ width: 800, height: 900 });
      await page.getByRole('link', { name: `${name}@example.com` }).click();
      await expect.poll(() => pathOf(page)).toBe(lang === 'zh' ? '/zh/api' : '/api');
      // Back through the menu, as a visitor goes (a reload could cross the console's own
      // navigation while it loads, which aborts it).
      await page
        .getByRole('link', { name: lang === 'zh' ? '常见问题' : 'FAQ', exact: true })
        .first()
        .click();
      await expect.poll(() => pathOf(page)).toBe(lang === 'zh' ? '/zh/faq' : '/faq');
    }
    await context.close();
  }, 120_000);

  test('unknown paths and missing articles get HTTP 404 pages in their language', async () => {
    let page: Page | undefined;
    for (const [path, heading] of [
      ['/no-such-page', 'Page not found'],
      ['/zh/no/such/page', '页面不存在'],
      ['/faq/no-such-article.html', 'Article not found'],
      ['/zh/faq/no-such-article.html', '文章不存在'],
    ] as const) {
      // A visitor each: a stored language would send a later visit to its own language.
      await page?.context().close();
      const visitor = await (await browser.newContext()).newPage();
      page = visitor;
      const response = await visitor.goto(system.cloud.url + path);
      expect(response?.status(), path).toBe(404);
      await expect.poll(() => visitor.locator('h1').innerText(), { message: path }).toBe(heading);
    }
    // The article's not-found state leads back to the list.
    await page!.getByRole('link', { name: '返回列表' }).click();
    await expect.poll(() => pathOf(page!)).toBe('/zh/faq');
    await page!.context().close();
  });

  test('a crawler without JavaScript reads every data-driven page', async () => {
    for (const [path, texts] of [
      // The cores are the build's; the release is the running cloud's, so the built page shows
      // it loading and links no file (it learns what is published as it hydrates).
      [
        '/download',
        [
          'Hainiao Browser 106',
          'Chromium 132',
          'Windows 10/11',
          'Checking the latest version…',
          'Loading the version history…',
        ],
      ],
      ['/zh/download', ['海鸟浏览器 95', 'Windows 7/8/10/11', '四步开始使用', '正在获取最新版本…']],
      ['/faq', ['How do I install Hainiao on Windows?', 'Proxies']],
      ['/zh/faq', ['如何在 Windows 上安装海鸟浏览器？']],
      ['/faq/install-on-windows.html', ['Before you start', 'Install in four steps']],
      ['/zh/privacy', ['不提供任何付费服务', '所有账号', '7x12']],
    ] as const) {
      const { page } = await open(path, { javaScript: false });
      const main = await page.locator('main').innerText();
      for (const text of texts) expect(main, `${path}: ${text}`).toContain(text);
      if (path.endsWith('/download')) {
        expect(await page.locator('main a[download], main a[href^="/downloads/"]').count()).toBe(0);
        expect(await page.locator('.core-card').count()).toBe(12);
      }
      const zh = path.startsWith('/zh');
      expect(await page.locator('html').getAttribute('lang')).toBe(zh ? 'zh-CN' : 'en');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        system.cloud.url.replace(/:\d+$/, ':8080') + path,
      );
      expect(await page.locator('link[rel="alternate"][hreflang="zh-CN"]').count()).toBe(1);
      await page.context().close();
    }
  });

  test('sitemap and robots list every public page, articles included, in both languages', async () => {
    const sitemap = await (await fetch(`${system.cloud.url}/sitemap.xml`)).text();
    for (const path of [
      '/',
      '/zh',
      '/download',
      '/zh/faq',
      '/privacy',
      '/faq/install-on-windows.html',
      '/zh/faq/install-on-windows.html',
    ]) {
      expect(sitemap, path).toContain(`<loc>http://localhost:8080${path}</loc>`);
    }
    const robots = await (await fetch(`${system.cloud.url}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: http://localhost:8080/sitemap.xml');
  });
});
