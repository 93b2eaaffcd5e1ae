/**
 * The public screens in real Chromium against the started system: home widgets, applications,
 * pricing, download (with its cloud data and fallbacks), FAQ and terms.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startTestSystem } from '@hainiao/testkit';

describe('site pages in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function newPage(width = 1440): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    return { page, errors };
  }

  async function open(path: string, width = 1440) {
    const opened = await newPage(width);
    await opened.page.goto(system.cloud.url + path);
    await opened.page.waitForSelector('html[data-hydrated]');
    return opened;
  }

  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return url.pathname + url.search + url.hash;
  };
  /** Indexes of the visible elements of a locator. */
  async function visible(page: Page, selector: string): Promise<number[]> {
    const items = page.locator(selector);
    const shown: number[] = [];
    for (let i = 0; i < (await items.count()); i += 1) {
      if (await items.nth(i).isVisible()) shown.push(i);
    }
    return shown;
  }

  test('home: hero, four features, stats, tabs with only the selected panel shown', async () => {
    const { page, errors } = await open('/zh', 375);
    expect(await page.locator('.tag--free').first().innerText()).toBe('永久免费');
    expect(await page.getByRole('link', { name: '立即下载' }).getAttribute('href')).toBe(
      '/zh/download',
    );
    expect(await page.locator('#features .card').count()).toBe(4);
    expect(await page.locator('.stats dd').allInnerTexts()).toEqual(['20+', '96%', '689745']);
    expect(await page.locator('img:not([alt])').count()).toBe(0);

    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBe(3);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    expect(await visible(page, '[role="tabpanel"]')).toEqual([0]);
    await tabs.nth(1).click();
    expect(await visible(page, '[role="tabpanel"]')).toEqual([1]);
    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await visible(page, '[role="tabpanel"]')).toEqual([2]);
    await page.keyboard.press('Home');
    expect(await visible(page, '[role="tabpanel"]')).toEqual([0]);

    await page.getByRole('link', { name: '了解更多' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(pathOf(page)).toBe('/zh');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('home: the testimonial carousel of three plays by itself and can be paused', async () => {
    const { page } = await newPage();
    await page.clock.install();
    await page.goto(system.cloud.url + '/');
    await page.waitForSelector('html[data-hydrated]');
    const slides = '.carousel [aria-roledescription="slide"]';
    expect(await page.locator(slides).count()).toBe(3);
    expect(await visible(page, slides)).toEqual([0]);
    await page.clock.runFor(6500);
    await expect.poll(() => visible(page, slides)).toEqual([1]);
    await page.clock.runFor(6500);
    await expect.poll(() => visible(page, slides)).toEqual([2]);
    await page.clock.runFor(6500);
    await expect.poll(() => visible(page, slides)).toEqual([0]);
    expect(await page.locator(slides).first().innerText()).toContain('Chen Jing');

    await page.getByRole('button', { name: 'Pause automatic rotation' }).click();
    await page.mouse.move(0, 0); // pointer away: only the pause button holds it now
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.clock.runFor(20000);
    expect(await visible(page, slides)).toEqual([0]);
    await page.getByRole('button', { name: 'Show testimonial 3' }).click();
    expect(await visible(page, slides)).toEqual([2]);
    await page.context().close();
  });

  test('applications: e-commerce card, other uses, and a single-open accordion', async () => {
    const { page, errors } = await open('/application');
    expect(await page.locator('.showcase .check-list li').count()).toBe(3);
    expect(await page.locator('.detail-grid .card h3').allInnerTexts()).toEqual([
      'Multi-account',
      'Geo targeting',
      'Anti-detection',
      'Automation',
    ]);
    expect(await page.locator('.card-grid--3 .card h3').allInnerTexts()).toEqual([
      'Social media',
      'Affiliate marketing',
      'Ad testing',
    ]);
    const buttons = page.locator('.accordion__button');
    expect(await buttons.count()).toBe(3);
    expect(await visible(page, '.accordion__panel')).toEqual([0]);
    await buttons.nth(1).click();
    expect(await visible(page, '.accordion__panel')).toEqual([1]);
    expect(await buttons.nth(0).getAttribute('aria-expanded')).toBe('false');
    await buttons.nth(2).click();
    expect(await visible(page, '.accordion__panel')).toEqual([2]);
    await buttons.nth(2).click();
    expect(await visible(page, '.accordion__panel')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('pricing: the free card, eleven included features and a single-open FAQ', async () => {
    const { page, errors } = await open('/zh/price', 375);
    const plan = page.locator('.plan');
    expect(await plan.locator('.check-list li').count()).toBe(3);
    expect(await plan.getByRole('link', { name: '免费下载' }).getAttribute('href')).toBe(
      '/zh/download',
    );
    expect(await page.locator('.included__list li').count()).toBe(11);
    const buttons = page.locator('.accordion__button');
    expect(await buttons.count()).toBe(4);
    await buttons.nth(3).click();
    expect(await visible(page, '.accordion__panel')).toEqual([3]);
    expect(await page.locator('.accordion__panel').nth(3).innerText()).toMatch(/没有任何付费服务/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('download: version, one card per core with its Windows versions, kernels, history, guide', async () => {
    const { page, errors } = await open('/download');
    await expect.poll(() => page.getByTestId('client-version').innerText()).toBe('v2.8.1');
    const cards = page.locator('.core-card');
    // Every browser version the spec offers, 95 to 106, once each (BROWSER_VERSION_MIN/MAX).
    expect(await cards.count()).toBe(12);
    const versions: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const text = await cards.nth(i).innerText();
      const core = Number(/Chromium (\d+)/.exec(text)?.[1]);
      versions.push(Number(/Hainiao Browser (\d+)/.exec(text)?.[1]));
      expect(text).toContain(core >= 129 ? 'Windows 10/11' : 'Windows 7/8/10/11');
    }
    expect(versions.sort((a, b) => a - b)).toEqual([
      95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106,
    ]);
    expect(await page.locator('.kernel-list li').count()).toBe(12);
    const links = page.locator('.table tbody a');
    expect(await links.count()).toBe(6);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    // The compatible-OS column follows each file's kernel: 129 and later run on Windows 10/11 only.
    const rows = await page
      .locator('.table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
    const systems = rows.map(([name = '', , , os]) => [
      Number(/chromium(\d+)/.exec(name)?.[1]) >= 129 ? 'Windows 10/11' : 'Windows 7/8/10/11',
      os,
    ]);
    for (const [expected, shown] of systems) expect(shown).toBe(expected);
    expect(new Set(systems.map(([, shown]) => shown)).size).toBe(2);
    expect(await page.locator('.steps__item').count()).toBe(4);

    // Every download button leads to a real file the cloud serves.
    for (const href of await page
      .locator('.core-card a[download]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      const response = await fetch(system.cloud.url + href, { method: 'HEAD' });
      expect(response.status, String(href)).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('download: falls back to 1.0.1 and shows errors when the cloud fails', async () => {
    const { page } = await open('/');
    await page.route('**/api/hainiao/version', (route) => route.abort());
    await page.route('**/api/hainiao/corelist', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":500,"msg":"boom"}',
      }),
    );
    let releaseHistory: () => void = () => {};
    const historyHeld = new Promise<void>((resolve) => (releaseHistory = resolve));
    await page.route('**/historylist.php', async (route) => {
      await historyHeld;
      await route.continue();
    });
    // A client-side visit: nothing is embedded, everything comes from the calls.
    await page.locator('.site-menu').getByRole('link', { name: 'Download' }).click();
    await expect.poll(() => pathOf(page)).toBe('/download');
    await expect.poll(() => page.getByTestId('history-loading').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('client-version').innerText()).toBe('v1.0.1');
    await expect
      .poll(() => page.getByText('The browser cores could not be loaded.').isVisible())
      .toBe(true);
    releaseHistory();
    await expect.poll(() => page.locator('.table tbody a').count()).toBe(6);
    expect(await page.getByTestId('history-loading').count()).toBe(0);
    // The column comes from the call's answer here too (nothing was embedded).
    expect(
      await page.locator('.table tbody td[data-label="Compatible systems"]').first().innerText(),
    ).toBe('Windows 10/11');

    // Once the cloud answers again, "Try again" brings the cores back.
    await page.unroute('**/api/hainiao/corelist');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('.core-card').count()).toBe(12);
    await page.context().close();
  });

  test('download in Chinese: the compatible-OS column under its Chinese heading', async () => {
    const { page, errors } = await open('/zh/download');
    expect(await page.locator('.core-card').count()).toBe(12);
    const cells = page.locator('.table tbody td[data-label="兼容系统"]');
    expect(await cells.count()).toBe(6);
    expect(await cells.first().innerText()).toBe('Windows 10/11');
    expect(await cells.last().innerText()).toBe('Windows 7/8/10/11');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('without a chat script (no CHAT_SCRIPT_URL) the footer promises no chat', async () => {
    for (const path of ['/', '/zh/download']) {
      const { page } = await open(path);
      const footer = page.locator('.site-footer');
      expect(await footer.getByRole('link', { name: /Open a ticket|提交工单/ }).count()).toBe(1);
      expect(await footer.locator('.site-footer__chat').count(), path).toBe(0);
      expect(await footer.innerText(), path).not.toMatch(/chat button|在线客服/);
      expect(await page.locator('script#hainiao-chat-script').count()).toBe(0);
      await page.context().close();
    }
  });

  test('FAQ: search, empty state, category radios and the URL hash', async () => {
    const { page, errors } = await open('/faq');
    const cards = page.locator('.article-card');
    const total = await cards.count();
    expect(total).toBeGreaterThanOrEqual(12);
    const radios = page.getByRole('radio');
    expect(await radios.count()).toBeGreaterThanOrEqual(5); // All + 4 or more categories
    expect(await radios.first().isChecked()).toBe(true);

    await page.getByRole('searchbox').fill('cookie');
    await expect.poll(() => cards.count()).toBeLessThan(total);
    expect((await cards.allInnerTexts()).join(' ').toLowerCase()).toContain('cookie');
    await page.getByRole('searchbox').fill('zzqx nothing like this');
    await expect.poll(() => page.getByText('No matching questions found').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await expect.poll(() => cards.count()).toBe(total);

    await page.locator('label.chip', { hasText: 'Proxies' }).click();
    await expect.poll(() => page.getByRole('radio', { name: /Proxies/ }).isChecked()).toBe(true);
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\d+$/);
    const hash = new URL(page.url()).hash;
    await expect.poll(() => cards.count()).toBeLessThan(total);
    for (const text of await page.locator('.article-card__category').allInnerTexts()) {
      expect(text).toBe('Proxies');
    }
    expect(errors).toEqual([]);
    await page.context().close();

    // The hash alone chooses the category, in the other language too.
    const chinese = await open(`/zh/faq${hash}`);
    await expect
      .poll(() => chinese.page.getByRole('radio', { name: /代理设置/ }).isChecked())
      .toBe(true);
    for (const text of await chinese.page.locator('.article-card__category').allInnerTexts()) {
      expect(text).toBe('代理设置');
    }
    await chinese.page.context().close();
  });

  test('FAQ article: markdown, the categories drawer, going to a category, back to the list', async () => {
    const { page, errors } = await open('/faq', 375);
    await page.getByRole('link', { name: 'How do I install Hainiao on Windows?' }).click();
    await expect.poll(() => pathOf(page)).toBe('/faq/install-on-windows.html');
    await expect
      .poll(() => page.locator('.markdown h2').first().innerText())
      .toBe('Before you start');
    expect(await page.locator('.markdown ol li').count()).toBeGreaterThanOrEqual(4);
    expect(await page.title()).toBe('How do I install Hainiao on Windows? — Hainiao FAQ');

    await page.getByRole('button', { name: 'Browse categories' }).click();
    const drawer = page.getByRole('dialog', { name: 'FAQ categories' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: /Proxies/ }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/faq#\d+$/);
    await expect.poll(() => page.getByRole('radio', { name: /Proxies/ }).isChecked()).toBe(true);

    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/faq/install-on-windows.html');
    await page.getByRole('link', { name: /More in Installation/ }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: /Installation/ }).isChecked())
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('FAQ article: by numeric id too, and markdown never renders raw HTML', async () => {
    const list = (await (
      await fetch(`${system.cloud.url}/api/hainiao/document`, {
        method: 'POST',
        body: (() => {
          const form = new FormData();
          form.set('inweb', '1');
          form.set('lang', 'en');
          form.set('mod', 'list');
          return form;
        })(),
      })
    ).json()) as { data: { id: number; ename: string; title: string }[] };
    const first = list.data[0]!;
    const { page } = await open(`/faq/${first.id}.html`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(first.title);

    // The renderer the page uses, fed hostile markdown through a changed answer.
    await page.route('**/api/hainiao/document', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { content: string } | unknown[] };
      if (Array.isArray(body.data)) return route.fulfill({ response, json: body });
      body.data.content =
        '<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">\n\n[click](javascript:window.__owned=3)\n\n**safe**';
      await route.fulfill({ response, json: body });
    });
    await page.locator('.breadcrumb a').first().click();
    await page.getByRole('link', { name: list.data[1]!.title }).click();
    await expect.poll(() => page.locator('.markdown strong').innerText()).toBe('safe');
    expect(await page.locator('.markdown script, .markdown img').count()).toBe(0);
    expect(await page.locator('.markdown a[href^="javascript"]').count()).toBe(0);
    expect(await page.locator('.markdown').innerText()).toContain('<script>');
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
    await page.context().close();
  });

  test('terms: six numbered sections and the support facts', async () => {
    const { page, errors } = await open('/privacy', 375);
    const headings = await page.locator('.legal__section h2').allInnerTexts();
    expect(headings).toHaveLength(6);
    headings.forEach((heading, index) => expect(heading.startsWith(`${index + 1}.`)).toBe(true));
    const text = await page.locator('main').innerText();
    for (const fact of ['We offer no paid services', 'Every account', 'Chinese', '7x12']) {
      expect(text).toContain(fact);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
