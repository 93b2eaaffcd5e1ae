/**
 * The local API documentation as the built site serves it: every page prerendered in both
 * languages with every call of the contract on it, the published OpenAPI and Postman files, and in
 * real Chromium the field tables, the search, the copy buttons and the "try it" panel calling the
 * system's real local API from the site's origin.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  API_DOC_FILES,
  API_DOC_SLUGS,
  API_DOC_TITLES,
  LOCAL_API_ROUTES,
  apiDocPath,
  docCalls,
  localizePath,
} from '@hainiao/contract';
import { launchChromium, runAdmin, startTestSystem } from '@hainiao/testkit';
import { clickUntil } from './click-until.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('local API documentation', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  const localApiPort = () => new URL(system.localApi.url).port;

  /** The visitor chooses Chinese (stored in the browser), so later visits open in Chinese. */
  async function chooseChinese(page: Page) {
    await page.locator('.lang-switch__button').click();
    await page.getByRole('option', { name: '中文' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/zh'));
  }

  async function open(path: string, options: { clipboard?: boolean } = {}) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      ...(options.clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(system.cloud.url + path);
    await page.waitForSelector('html[data-hydrated]');
    return { page, errors };
  }

  test('every page is prerendered in both languages, with every call of the contract', async () => {
    const paths = ['/api/doc', ...API_DOC_SLUGS.map(apiDocPath)];
    const documented = new Set<string>();
    for (const path of paths) {
      for (const lang of ['en', 'zh'] as const) {
        const url = localizePath(path, lang);
        const res = await fetch(system.cloud.url + url);
        expect(res.status, url).toBe(200);
        const html = await res.text();
        const slug = path === '/api/doc' ? 'overview' : path.slice('/api/doc/'.length);
        const title = API_DOC_TITLES[slug as keyof typeof API_DOC_TITLES][lang];
        expect(html, url).toContain(`<h1 id="doc-title">${escapeHtml(title)}</h1>`);
        expect(html, url).toContain(`<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`);
        for (const call of docCalls().filter((c) => c.page === slug)) {
          expect(html, `${url} ${call.path}`).toContain(`id="${call.anchor}"`);
          expect(html, `${url} ${call.path}`).toContain(`<code>${call.path}</code>`);
          documented.add(call.path);
        }
      }
    }
    // A call of the contract missing from the pages fails here.
    expect([...documented].sort()).toEqual(LOCAL_API_ROUTES.map((r) => r.path).sort());
    const sitemap = await (await fetch(`${system.cloud.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/zh/api/doc/postman-example</loc>');
  });

  test('the OpenAPI document and the Postman files are published with the site', async () => {
    const get = async (file: string) => {
      const res = await fetch(`${system.cloud.url}/api/doc/${file}`);
      expect(res.status, file).toBe(200);
      return res.json();
    };
    const openapi = await get(API_DOC_FILES.openapi);
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(LOCAL_API_ROUTES.map((r) => r.path)),
    );
    const collection = await get(API_DOC_FILES.postmanCollection);
    expect(collection.info.schema).toContain('v2.1.0');
    const environment = await get(API_DOC_FILES.postmanEnvironment);
    expect(environment.values.map((v: { key: string }) => v.key)).toContain('port');
  });

  test('/api/doc/session and /zh/api/doc/session show the field tables', async () => {
    const { page, errors } = await open('/api/doc/session');
    expect(await page.locator('h1').innerText()).toBe('Environments');
    expect(await page.title()).toBe('Environments — Hainiao local API docs');
    const create = page.locator('#session-create');
    expect(await create.locator('h2').innerText()).toContain('Create an environment');
    const heads = await create.locator('table.doc-fields thead th').allInnerTexts();
    expect(heads).toEqual(['Field', 'Type', 'Required', 'Limits', 'Description']);
    const automatic = create.locator('table.doc-fields tbody tr', {
      has: page.locator('th code', { hasText: /^Automatic_Configure$/ }),
    });
    expect(await automatic.locator('td').allInnerTexts()).toEqual([
      'integer',
      'yes',
      expect.stringContaining('0, 1'),
      expect.stringContaining('proxy'),
    ]);
    const name = create.locator('tbody tr', {
      has: page.locator('th code', { hasText: /^Session_Name$/ }),
    });
    expect(await name.locator('td').nth(2).innerText()).toBe('at most 60 characters');
    expect(await page.locator('.doc-nav a[aria-current="page"]').innerText()).toBe('Environments');
    expect(await page.locator('.site-menu a[aria-current="page"]').innerText()).toBe('API Docs');
    expect(errors).toEqual([]);
    await page.context().close();

    const zh = await open('/zh/api/doc/session');
    expect(await zh.page.locator('h1').innerText()).toBe('环境管理');
    const zhCreate = zh.page.locator('#session-create');
    expect(await zhCreate.locator('table.doc-fields thead th').allInnerTexts()).toEqual([
      '字段',
      '类型',
      '必填',
      '取值范围',
      '说明',
    ]);
    const zhName = zhCreate.locator('tbody tr', {
      has: zh.page.locator('th code', { hasText: /^Session_Name$/ }),
    });
    expect(await zhName.locator('td').allInnerTexts()).toEqual([
      'string',
      '否',
      '最多 60 个字符',
      expect.stringContaining('环境名称'),
    ]);
    expect(await zhCreate.locator('.doc-call__path code').innerText()).toBe(
      '/api/v1/session/create',
    );
    expect(zh.errors).toEqual([]);
    await zh.page.context().close();
  });

  test('pages hydrate without errors, with a table of contents of their sections', async () => {
    for (const path of [
      '/api/doc/appendix',
      '/zh/api/doc/example',
      '/api/doc/postman',
      '/zh/api/doc/help',
      '/api/doc/code',
    ]) {
      const { page, errors } = await open(path);
      const sections = await page
        .locator('.doc-content section[id]')
        .evaluateAll((els) => els.map((el) => el.id));
      const toc = await page
        .locator('.doc-toc a')
        .evaluateAll((els) => els.map((el) => el.getAttribute('href')));
      expect(sections.length, path).toBeGreaterThan(1);
      expect(toc, path).toEqual(sections.map((id) => `#${id}`));
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  test('search finds a call and goes to it', async () => {
    const { page, errors } = await open('/api/doc');
    const search = page.getByRole('searchbox', { name: 'Search the documentation' });
    await search.fill('BrowserCache');
    const result = page.locator('.doc-search__results a').first();
    await result.waitFor();
    expect(await result.getAttribute('href')).toBe('/api/doc/session#session-BrowserCache-clean');
    await result.click();
    await page.waitForURL('**/api/doc/session#session-BrowserCache-clean');
    await expect.poll(() => page.locator('#session-BrowserCache-clean').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .locator('#session-BrowserCache-clean')
          .evaluate((el) => el.getBoundingClientRect().top),
      )
      .toBeLessThan(300);

    // In Chinese, Chinese words find calls too.
    await chooseChinese(page);
    await page.goto(`${system.cloud.url}/zh/api/doc/code`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('searchbox', { name: '搜索文档' }).fill('强制结束');
    await page.locator('.doc-search__results a').first().waitFor();
    expect(await page.locator('.doc-search__results a').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('/api/v1/browser/kill')]),
    );
    await page.getByRole('searchbox', { name: '搜索文档' }).fill('zzzz-nothing');
    await expect.poll(() => page.locator('.doc-search__status').innerText()).toContain('没有找到');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('copy buttons put the code on the clipboard', async () => {
    const { page, errors } = await open('/api/doc/login', { clipboard: true });
    const block = page.locator('#login .doc-code').first();
    const code = await block.locator('code').innerText();
    // Every label the button shows ("Copied" lasts 2 s, which a poll under load can miss).
    await block.evaluate((element) => {
      const labels: string[] = [];
      (window as { __labels?: string[] }).__labels = labels;
      const button = element.querySelector('.doc-code__copy')!;
      new MutationObserver(() => labels.push(button.textContent ?? '')).observe(button, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const labels = () => page.evaluate(() => (window as { __labels?: string[] }).__labels ?? []);
    // A click before the page's chunk has hydrated is lost: click until the button answers.
    await expect
      .poll(async () => {
        if ((await labels()).length === 0)
          await block.getByRole('button', { name: 'Copy' }).click();
        return labels();
      })
      .toContain('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(JSON.parse(code)).toMatchObject({ Account: expect.any(String) });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  /**
   * Opens a call's "try it" panel. The page's own chunk may still be hydrating after the shell
   * says it is (more so under the full suite's load), and a click before it is lost.
   */
  async function openTryPanel(call: ReturnType<Page['locator']>, tryIt: string, port: string) {
    const panel = call.locator('.doc-try');
    await clickUntil(
      () => call.getByRole('button', { name: tryIt }).click(),
      () => panel.getByLabel(port).isVisible(),
      `the ${tryIt} panel`,
      { attempts: 5 },
    );
    return panel;
  }

  test('"try it" sends calls to the real local API from the site and shows the answers', async () => {
    // An account of this attempt's own: a retry must not find the name taken.
    const account = `tryit${Math.random().toString(36).slice(2, 8)}`;
    const out: string[] = [];
    await runAdmin(
      [
        'account:create',
        '--account',
        account,
        '--email',
        `${account}@example.com`,
        '--password',
        'correct-horse-7',
      ],
      system.adminEnv,
      (line) => out.push(line),
    );
    await runAdmin(['credential:create', '--account', account], system.adminEnv, (line) =>
      out.push(line),
    );
    const [, appId] = /app_id\s+(\w+)/.exec(out.join('\n')) ?? [];
    const [, appKey] = /app_key\s+(\w+)/.exec(out.join('\n')) ?? [];

    const { page, errors } = await open('/api/doc/login');
    const panel = await openTryPanel(page.locator('#login'), 'Try it', 'Port');
    await panel.getByLabel('Port').fill(localApiPort());
    await panel
      .getByLabel('Request body (JSON)')
      .fill(JSON.stringify({ Account: account, APP_ID: appId, APP_KEY: appKey }));
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => panel.locator('.doc-try__status').innerText()).toContain('HTTP 200');
    expect(JSON.parse(await panel.locator('.doc-try__answer').innerText())).toMatchObject({
      msg: 'Login Success',
      status: 0,
      data: { Account: account },
    });

    // The port is remembered: another page's panel calls the same service, in the page's language.
    await chooseChinese(page);
    await page.goto(`${system.cloud.url}/zh/api/doc/group`);
    await page.waitForSelector('html[data-hydrated]');
    const list = page.locator('#group-list');
    await openTryPanel(list, '在线调试', '端口');
    expect(await list.getByLabel('端口').inputValue()).toBe(localApiPort());
    await list.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => list.locator('.doc-try__status').innerText()).toContain('HTTP 200');
    expect(JSON.parse(await list.locator('.doc-try__answer').innerText())).toEqual({
      message: '分组列表获取成功',
      code: 0,
      data: { Group_Name_List: ['default'] },
    });

    // A wrong port: the panel says that nothing answered there. Invalid JSON is caught before.
    const closed = await closedPort();
    await list.getByLabel('端口').fill(String(closed));
    await list.getByRole('button', { name: '发送' }).click();
    await expect
      .poll(() => list.locator('.doc-warn').innerText())
      .toContain(`http://127.0.0.1:${closed}/api/v1/group/list`);
    await list.getByLabel('请求体（JSON）').fill('{oops');
    await list.getByRole('button', { name: '发送' }).click();
    await expect.poll(() => list.locator('.doc-warn').innerText()).toContain('不是有效的 JSON');
    expect(errors.filter((e) => !e.includes('ERR_CONNECTION_REFUSED'))).toEqual([]);
    await page.context().close();
  });
});
