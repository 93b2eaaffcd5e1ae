/**
 * The public screens in real Chromium against the started system: home widgets, applications,
 * pricing, download (with its cloud data and fallbacks), FAQ and terms.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CLIENT_SYSTEM_OS, clientFileName, type ClientSystem } from '@hainiao/contract';
import { publishRelease } from '@hainiao/cloud/modules/content/publish.ts';
import { diskStore } from '@hainiao/cloud/storage/files.ts';
import { launchChromium, startTestSite } from '@hainiao/testkit';

describe('site pages in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    if (programs) fs.rmSync(programs, { recursive: true, force: true });
  });

  interface PublishedFile {
    name: string;
    system: ClientSystem;
    /** As the page shows it. */
    size: string;
    date: string;
    sha256: string;
  }
  /** The folder of the programs written for publishing. */
  let programs: string | undefined;
  let published: Promise<{ files: Record<string, PublishedFile> }> | undefined;
  /**
   * Publishes two versions into the running cloud's release store, as `npm run package` does:
   * 0.1.0 for Windows, then 0.2.0 for Windows and Linux. The programs are random bytes (the page
   * and the cloud only move and hash them); the cloud reads the store's index on every request.
   */
  function publishClient() {
    published ??= (async () => {
      programs = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-programs-'));
      const store = diskStore(path.join(system.dataDir, 'releases'));
      const files: Record<string, PublishedFile> = {};
      for (const [version, date, systems] of [
        ['0.1.0', '2026-10-01', ['windows-x64']],
        ['0.2.0', '2026-11-20', ['windows-x64', 'linux-x64']],
      ] as const) {
        // One size in MB and one in KB, as the page writes them.
        const sizes = [
          { bytes: 1_200_000, shown: '1.1 MB' },
          { bytes: 70_000, shown: '68.4 KB' },
        ];
        const written = systems.map((target, index) => {
          const file = path.join(programs!, `${version}-${target}`);
          fs.writeFileSync(file, randomBytes(sizes[index]!.bytes));
          return { system: target, path: file };
        });
        const manifest = await publishRelease(store, { version, date, files: written });
        for (const [index, file] of manifest.files.entries()) {
          files[`${version} ${file.system}`] = {
            name: file.file,
            system: file.system,
            size: sizes[index]!.shown,
            date,
            sha256: file.sha256,
          };
        }
      }
      return { files };
    })();
    return published;
  }

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

  /** Reads a file as the user's browser would download it, and its SHA-256. */
  async function downloaded(href: string): Promise<{ sha256: string; disposition: string }> {
    const response = await fetch(system.cloud.url + href);
    expect(response.status, href).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      disposition: response.headers.get('content-disposition') ?? '',
    };
  }

  // Runs before anything is published (the tests of a file run in order): a fresh cloud offers no
  // client program, and the page must say so rather than link anything.
  test('download before any release: says nothing is published and links no file', async () => {
    for (const [url, none, noVersion, unpublished, empty] of [
      [
        '/download',
        'No client program has been published on this server yet.',
        'None yet',
        'Not published yet',
        'Nothing has been published yet.',
      ],
      [
        '/zh/download',
        '此服务器尚未发布任何客户端程序。',
        '暂未发布',
        '尚未发布',
        '暂未发布任何文件。',
      ],
    ] as const) {
      const { page, errors } = await open(url);
      await expect.poll(() => page.getByTestId('client-version').innerText()).toBe(noVersion);
      const note = page.getByTestId('no-release');
      expect(await note.innerText()).toContain(none);
      expect(await note.locator('code').innerText()).toBe('npm run package');
      await expect.poll(() => page.locator('.table tbody').innerText()).toBe(empty);
      // No download anywhere: not in the banner, not on the cores, not in the history.
      expect(await page.locator('a[download], a[href^="/downloads/"]').count(), url).toBe(0);
      expect(await page.locator('.core-card').count()).toBe(12);
      expect(await page.locator('.core-card__unavailable').allInnerTexts()).toEqual(
        Array(12).fill(unpublished),
      );
      expect(errors, url).toEqual([]);
      await page.context().close();
    }
  });

  test('download of a published release: version, a button per file, checksums that match', async () => {
    const { files } = await publishClient();
    const { page, errors } = await open('/download');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await expect.poll(() => page.getByTestId('client-version').innerText()).toBe('v0.2.0');
    expect(await page.getByTestId('no-release').count()).toBe(0);

    // One button per file of the current version, Windows first, each with its size, systems and
    // the SHA-256 of exactly the bytes its link downloads.
    const current = page.locator('.release-file');
    await expect.poll(() => current.count()).toBe(2);
    for (const [index, target, label] of [
      [0, 'windows-x64', 'Windows (64-bit)'],
      [1, 'linux-x64', 'Linux (64-bit)'],
    ] as const) {
      const item = current.nth(index);
      const button = item.locator('a[download]');
      expect(await button.innerText()).toContain(label);
      expect(await button.innerText()).toContain(files[`0.2.0 ${target}`]!.size);
      expect(await item.innerText()).toContain(CLIENT_SYSTEM_OS[target].join(', '));
      const href = (await button.getAttribute('href'))!;
      expect(href).toBe(`/downloads/${clientFileName('0.2.0', target)}`);
      const shown = await item.getByTestId('sha256').innerText();
      expect(shown).toMatch(/^[0-9a-f]{64}$/);
      const file = await downloaded(href);
      expect(file.sha256, href).toBe(shown);
      expect(file.sha256).toBe(files[`0.2.0 ${target}`]!.sha256);
      expect(file.disposition).toBe(`attachment; filename="${clientFileName('0.2.0', target)}"`);
    }
    // The copy button puts the whole checksum on the clipboard.
    await current.first().getByRole('button', { name: /^Copy/ }).click();
    await expect.poll(() => current.first().getByRole('button').innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      files['0.2.0 windows-x64']!.sha256,
    );

    // Every core card downloads the current Windows program, and still says which Windows
    // versions its kernel supports.
    const cards = page.locator('.core-card');
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
    expect(
      new Set(
        await page
          .locator('.core-card a[download]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      ),
    ).toEqual(new Set([`/downloads/${clientFileName('0.2.0', 'windows-x64')}`]));
    expect(await page.locator('.core-card a[download]').count()).toBe(12);
    expect(await page.locator('.kernel-list li').count()).toBe(12);

    // The history: every published file, newest version first, Windows before Linux, each with its
    // system, size, date, compatible systems and full SHA-256, opening in a new tab.
    const rows = await page
      .locator('.table tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    expect(rows.map(([name]) => name?.replace(' (opens in a new tab)', ''))).toEqual([
      clientFileName('0.2.0', 'windows-x64'),
      clientFileName('0.2.0', 'linux-x64'),
      clientFileName('0.1.0', 'windows-x64'),
    ]);
    for (const [name = '', shownSystem, size, date, shownOs, sha] of rows) {
      const expected = Object.values(files).find((file) => name.startsWith(file.name))!;
      expect(shownSystem).toBe(
        expected.system === 'windows-x64' ? 'Windows (64-bit)' : 'Linux (64-bit)',
      );
      expect(size).toBe(expected.size);
      expect(date).toBe(expected.date);
      expect(shownOs).toBe(
        expected.system === 'windows-x64' ? 'Windows 10/11' : 'Linux x64 (glibc 2.28+)',
      );
      expect(sha).toContain(expected.sha256);
    }
    const links = page.locator('.table tbody a');
    expect(await links.first().getAttribute('target')).toBe('_blank');
    // The older version's file downloads too, and its bytes are the ones its row names.
    const older = await downloaded((await links.last().getAttribute('href'))!);
    expect(older.sha256).toBe(files['0.1.0 windows-x64']!.sha256);
    expect(await page.locator('.steps__item').count()).toBe(4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('download: falls back to 1.0.1 and shows errors when the cloud fails', async () => {
    await publishClient();
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
    // A version call that got no answer is not "nothing published": the page says it could not
    // check, and links no file of a version it does not know.
    const card = page.locator('.version-card');
    await expect
      .poll(() => card.getByText('The current version could not be checked.').isVisible())
      .toBe(true);
    expect(await page.getByTestId('no-release').count()).toBe(0);
    expect(await card.locator('a[download]').count()).toBe(0);
    await expect
      .poll(() => page.getByText('The browser cores could not be loaded.').isVisible())
      .toBe(true);
    releaseHistory();
    await expect.poll(() => page.locator('.table tbody a').count()).toBe(3);
    expect(await page.getByTestId('history-loading').count()).toBe(0);
    // The column comes from the call's answer here too (nothing was embedded).
    expect(
      await page.locator('.table tbody td[data-label="Compatible systems"]').first().innerText(),
    ).toBe('Windows 10/11');

    // Once the cloud answers again, "Try again" brings the version and its downloads back...
    await page.unroute('**/api/hainiao/version');
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByTestId('client-version').innerText()).toBe('v0.2.0');
    await expect.poll(() => card.locator('a[download]').count()).toBe(2);
    // ...and the cores.
    await page.unroute('**/api/hainiao/corelist');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('.core-card').count()).toBe(12);
    expect(await page.locator('.core-card a[download]').count()).toBe(12);
    await page.context().close();
  });

  test('download in Chinese: the buttons and the history under their Chinese headings', async () => {
    const { files } = await publishClient();
    const { page, errors } = await open('/zh/download');
    await expect.poll(() => page.getByTestId('client-version').innerText()).toBe('v0.2.0');
    const buttons = await page.locator('.release-file a[download]').allInnerTexts();
    expect(buttons).toHaveLength(2);
    expect(buttons[0]).toContain('Windows（64 位）');
    expect(buttons[0]).toContain(files['0.2.0 windows-x64']!.size);
    expect(buttons[1]).toContain('Linux（64 位）');
    expect(buttons[1]).toContain(files['0.2.0 linux-x64']!.size);
    expect(await page.locator('.version-card').innerText()).toContain(
      '适用于 Windows 10, Windows 11',
    );
    expect(await page.locator('.core-card').count()).toBe(12);
    const cells = page.locator('.table tbody td[data-label="兼容系统"]');
    expect(await cells.allInnerTexts()).toEqual([
      'Windows 10/11',
      'Linux x64 (glibc 2.28+)',
      'Windows 10/11',
    ]);
    expect(await page.locator('.table tbody td[data-label="系统"]').allInnerTexts()).toEqual([
      'Windows（64 位）',
      'Linux（64 位）',
      'Windows（64 位）',
    ]);
    const hashes = page.locator('.table tbody td[data-label="SHA-256"] code');
    expect(await hashes.first().getAttribute('title')).toBe(files['0.2.0 windows-x64']!.sha256);
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
