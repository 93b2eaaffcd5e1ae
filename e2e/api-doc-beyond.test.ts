/**
 * The documentation pages of what the service offers beyond the spec (issue 18): the
 * AdsPower-compatible calls and the MCP server, as the built site serves them — prerendered in
 * both languages, in the side navigation's own group, with the call table generated from
 * ADSPOWER_COMPAT_ROUTES, the field-by-field mapping, the tool table of MCP_TOOLS, and found by
 * the search — in real Chromium.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  ADSPOWER_COMPAT_ROUTES,
  API_DOC_NAV,
  API_DOC_TITLES,
  MCP_TOOLS,
  localizePath,
} from '@hainiao/contract';
import { launchChromium, startTestSite } from '@hainiao/testkit';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('documentation beyond the spec: AdsPower-compatible calls and the MCP server', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function open(path: string) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
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

  test('both pages are prerendered in both languages with their tables', async () => {
    for (const slug of ['adspower', 'mcp'] as const) {
      for (const lang of ['en', 'zh'] as const) {
        const url = localizePath(`/api/doc/${slug}`, lang);
        const res = await fetch(system.cloud.url + url);
        expect(res.status, url).toBe(200);
        const html = await res.text();
        expect(html, url).toContain(
          `<h1 id="doc-title">${escapeHtml(API_DOC_TITLES[slug][lang])}</h1>`,
        );
        expect(html, url).toContain(`<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`);
        const names =
          slug === 'adspower'
            ? ADSPOWER_COMPAT_ROUTES.map((route) => route.path)
            : MCP_TOOLS.map((tool) => tool.name);
        for (const name of names)
          expect(html, `${url} ${name}`).toMatch(new RegExp(`<code[^>]*>${name}</code>`));
      }
    }
    const sitemap = await (await fetch(`${system.cloud.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/zh/api/doc/mcp</loc>');
  });

  test('/api/doc/adspower and /zh/api/doc/adspower: calls with methods, the field mapping, examples', async () => {
    const { page, errors } = await open('/api/doc/adspower');
    expect(await page.locator('h1').innerText()).toBe('AdsPower-compatible calls');
    expect(await page.title()).toBe('AdsPower-compatible calls — Hainiao local API docs');
    // The side navigation's last group holds both pages (its heading is upper-cased by CSS).
    const group = page.locator('.doc-nav__group').last();
    expect(await group.locator('.doc-nav__heading').textContent()).toBe(
      API_DOC_NAV.at(-1)!.title.en,
    );
    expect(await group.locator('a').allInnerTexts()).toEqual([
      'AdsPower-compatible calls',
      'MCP server for AI agents',
    ]);
    expect(await page.locator('.doc-nav a[aria-current="page"]').innerText()).toBe(
      'AdsPower-compatible calls',
    );

    const calls = page.locator('#calls table.doc-table');
    expect(await calls.locator('thead th').allInnerTexts()).toEqual([
      'Method',
      'Path',
      'Parameters',
      'What it does here',
    ]);
    const rows = calls.locator('tbody tr');
    expect(await rows.count()).toBe(ADSPOWER_COMPAT_ROUTES.length);
    const start = rows.filter({
      has: page.locator('td:nth-child(2) code', { hasText: /^\/api\/v1\/browser\/start$/ }),
    });
    expect(await start.locator('td').allInnerTexts()).toEqual([
      'GET',
      '/api/v1/browser/start',
      expect.stringMatching(/^in the query string: user_id, .*launch_args/),
      expect.stringContaining('ws.puppeteer'),
    ]);
    const remove = rows.filter({ hasText: '/api/v1/user/delete' });
    expect(await remove.locator('td').nth(2).innerText()).toBe(
      'in a JSON body: user_ids (required)',
    );

    const fields = page.locator('#fields table.doc-table');
    expect(await fields.locator('thead th').allInnerTexts()).toEqual(['AdsPower field', 'Here']);
    const cdpMask = fields.locator('tbody tr', {
      has: page.locator('td:first-child code', { hasText: /^cdp_mask$/ }),
    });
    expect(await cdpMask.locator('td').nth(1).innerText()).toContain('hides automation traces');
    expect(await page.locator('#compat-port table.doc-table tbody').innerText()).toContain(
      '--compat-port',
    );
    expect(await page.locator('#selenium .doc-code code').innerText()).toContain(
      'chrome_options.debugger_address = resp["data"]["ws"]["selenium"]',
    );
    expect(await page.locator('#puppeteer .doc-code code').innerText()).toContain(
      'browserWSEndpoint: data.ws.puppeteer',
    );
    const sections = await page
      .locator('.doc-content section[id]')
      .evaluateAll((els) => els.map((el) => el.id));
    expect(
      await page
        .locator('.doc-toc a')
        .evaluateAll((els) => els.map((el) => el.getAttribute('href'))),
    ).toEqual(sections.map((id) => `#${id}`));
    expect(errors).toEqual([]);
    await page.context().close();

    const zh = await open('/zh/api/doc/adspower');
    expect(await zh.page.locator('h1').innerText()).toBe('兼容 AdsPower 的接口');
    expect(
      await zh.page.locator('.doc-nav__group').last().locator('.doc-nav__heading').textContent(),
    ).toBe('扩展功能');
    const zhCalls = zh.page.locator('#calls table.doc-table');
    expect(await zhCalls.locator('thead th').allInnerTexts()).toEqual([
      '方法',
      '路径',
      '参数',
      '在本服务中的作用',
    ]);
    expect(await zhCalls.locator('tbody tr').count()).toBe(ADSPOWER_COMPAT_ROUTES.length);
    const zhRemove = zhCalls.locator('tbody tr', { hasText: '/api/v1/user/delete' });
    expect(await zhRemove.locator('td').nth(2).innerText()).toBe(
      '放在 JSON 请求体中：user_ids（必填）',
    );
    const zhFields = zh.page.locator('#fields table.doc-table');
    expect(await zhFields.locator('thead th').allInnerTexts()).toEqual([
      'AdsPower 字段',
      '在本服务中',
    ]);
    expect(await zhFields.locator('tbody').innerText()).toContain('不支持：本服务不保存平台账号');
    expect(zh.errors).toEqual([]);
    await zh.page.context().close();
  });

  test('/api/doc/mcp and /zh/api/doc/mcp: connecting, the tools with their arguments, errors', async () => {
    const { page, errors } = await open('/api/doc/mcp');
    expect(await page.locator('h1').innerText()).toBe('MCP server for AI agents');
    expect(await page.locator('#connect .doc-code code').first().innerText()).toContain(
      '"url": "http://127.0.0.1:8186/mcp"',
    );
    expect(await page.locator('#sdk .doc-code code').innerText()).toContain(
      'new StreamableHTTPClientTransport(',
    );
    const tools = page.locator('#tools table.doc-table');
    expect(await tools.locator('thead th').allInnerTexts()).toEqual([
      'Tool',
      'Arguments',
      'What it does',
    ]);
    expect(await tools.locator('tbody tr td:first-child').allInnerTexts()).toEqual(
      MCP_TOOLS.map((tool) => tool.name),
    );
    const navigate = tools.locator('tbody tr', {
      has: page.locator('td:first-child code', { hasText: /^navigate$/ }),
    });
    expect(await navigate.locator('td:nth-child(2) li').allInnerTexts()).toEqual([
      'Session_ID (required): The environment’s ID',
      'url (required): An http:// or https:// address',
    ]);
    expect(await page.locator('#errors').innerText()).toContain('isError');
    expect(errors).toEqual([]);
    await page.context().close();

    const zh = await open('/zh/api/doc/mcp');
    expect(await zh.page.locator('h1').innerText()).toBe('面向 AI 智能体的 MCP 服务');
    const zhTools = zh.page.locator('#tools table.doc-table');
    expect(await zhTools.locator('thead th').allInnerTexts()).toEqual(['工具', '参数', '作用']);
    const zhType = zhTools.locator('tbody tr', {
      has: zh.page.locator('td:first-child code', { hasText: /^type$/ }),
    });
    expect(await zhType.locator('td:nth-child(2) li').allInnerTexts()).toEqual(
      expect.arrayContaining(['text（必填）：要输入的文字']),
    );
    expect(await zhType.locator('td').nth(2).innerText()).toContain('键盘输入');
    expect(zh.errors).toEqual([]);
    await zh.page.context().close();
  });

  test('the search finds the compatible calls and the tools, in both languages', async () => {
    const { page, errors } = await open('/api/doc');
    const search = page.getByRole('searchbox', { name: 'Search the documentation' });
    await search.fill('local.adspower.net');
    await expect
      .poll(() =>
        page
          .locator('.doc-search__results a')
          .evaluateAll((els) => els.map((el) => el.getAttribute('href'))),
      )
      .toContain('/api/doc/adspower#point');
    await search.fill('snapshot');
    await expect
      .poll(() =>
        page
          .locator('.doc-search__results a')
          .evaluateAll((els) => els.map((el) => el.getAttribute('href'))),
      )
      .toContain('/api/doc/mcp#tools');
    expect(errors).toEqual([]);
    await page.context().close();

    const zh = await open('/zh/api/doc/code');
    await zh.page.getByRole('searchbox', { name: '搜索文档' }).fill('无障碍树');
    await expect
      .poll(() =>
        zh.page
          .locator('.doc-search__results a')
          .evaluateAll((els) => els.map((el) => el.getAttribute('href'))),
      )
      .toContain('/zh/api/doc/mcp#tools');
    expect(zh.errors).toEqual([]);
    await zh.page.context().close();
  });
});
