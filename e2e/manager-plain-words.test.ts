/**
 * What the environment manager says, in plain words and in the reader's language (issue 27), in
 * real Chromium against the whole system: signing in with the account's email; a proxy refusing
 * the password, and a start whose proxy accepts no connection, told in English and in Chinese
 * without a word of the other language or a library's code; sharing with oneself says
 * "environment"; the table's checkboxes and the language switch are named in the UI's language;
 * one environment is "1 environment"; a mistyped manager address loads the manager (a trailing
 * slash) or its own not-found screen in the reader's language, never the API's JSON.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localData, managerContext, recordErrors } from './manager-helpers.ts';
import { startHttpProxy, startLookup } from '@hainiao/local-api/test/proxies.ts';

const ACCOUNT = 'plain_words_e2e';
/** Chinese text with no English word in it (digits, addresses and Chinese punctuation allowed). */
const NO_ENGLISH_WORD = /[A-Za-z]{3,}/;

describe('the manager in plain words, in both languages', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let lookup: Awaited<ReturnType<typeof startLookup>>;
  let credential: { Account: string; APP_ID: string; APP_KEY: string };
  let closedPort = 0;
  const errors: string[] = [];
  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  beforeAll(async () => {
    [proxy, lookup] = await Promise.all([
      startHttpProxy('puser', 'ppass'),
      startLookup({ query: '198.51.100.7', countryCode: 'DE', timezone: 'Europe/Berlin' }),
    ]);
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const before = process.env.HAINIAO_IP_LOOKUP;
    process.env.HAINIAO_IP_LOOKUP = lookup.url;
    try {
      [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    } finally {
      if (before === undefined) delete process.env.HAINIAO_IP_LOOKUP;
      else process.env.HAINIAO_IP_LOOKUP = before;
    }
    credential = await accountWithCredential(adminOf(system), ACCOUNT);
    context = await managerContext(browser);
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
    await proxy?.close();
    await lookup?.close();
  });

  const drawer = () => page.locator('.ant-drawer-section:visible');
  const messages = () => page.locator('.ant-message');
  const row = (id: string) => page.getByTestId(`env-row-${id}`);
  async function rowMenu(id: string, item: string, more: string) {
    const entry = page.getByRole('menuitem', { name: item, exact: true });
    for (let attempt = 0; attempt < 3 && !(await entry.isVisible()); attempt++) {
      await row(id).getByRole('button', { name: more }).click();
      await expect
        .poll(() => entry.isVisible(), { timeout: 3000 })
        .toBe(true)
        .catch(() => undefined);
    }
    await entry.click();
  }
  async function switchTo(language: 'English' | '简体中文') {
    await page.getByText(language, { exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe(language === 'English' ? 'en' : 'zh-CN');
  }

  test('sign in with the email, then every message in the reader’s language and plain words', async () => {
    // --- Sign in with the account's email in the Account field.
    await fetch(`${system.localApi.url}/manager/sign-out`, { method: 'POST' });
    await page.goto(`${system.localApi.url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Account').fill(`${ACCOUNT}@example.com`);
    await page.getByLabel('APP_ID').fill(credential.APP_ID);
    await page.getByLabel('APP_KEY').fill(credential.APP_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 20_000 })
      .toBe('/environments');
    await expect.poll(() => messages().innerText()).toContain(`Signed in as ${ACCOUNT}`);

    // None left from an earlier attempt.
    await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    // Two environments: a proxy whose password is wrong (not checked when stored), and one whose
    // proxy accepts no connection and must stop the start.
    const wrong = await api<{ Session_Id: string }>('/api/v1/session/create', {
      Session_Name: 'wrong password',
      Automatic_Configure: 0,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: proxy.port,
      Proxy_Username: 'puser',
      Proxy_Password: 'not-it',
    });
    await page.reload();
    await expect.poll(() => row(wrong.Session_Id).count(), { timeout: 20_000 }).toBe(1);

    // --- One environment is "1 environment"; Ant Design's labels are the UI's.
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').innerText())
      .toBe('1 environment');
    const header = page.locator('thead .ant-checkbox-input');
    expect(await header.getAttribute('aria-label')).toBe('Select all environments on this page');
    expect(
      await row(wrong.Session_Id).locator('.ant-checkbox-input').getAttribute('aria-label'),
    ).toBe('Select wrong password');
    expect(await page.getByRole('radiogroup').first().getAttribute('aria-label')).toBe(
      'Interface language',
    );

    // --- The proxy refusing the password, in English: said plainly, no 597.
    await rowMenu(wrong.Session_Id, 'Edit', 'More');
    await expect
      .poll(() => drawer().getByLabel('Host', { exact: true }).inputValue())
      .toBe('127.0.0.1');
    const check = async (label: RegExp) => drawer().getByRole('button', { name: label }).click();
    const checked = drawer().getByTestId('proxy-check-result');
    await check(/^(loading )?Check proxy$/);
    await expect
      .poll(() => checked.innerText(), { timeout: 30_000 })
      .toContain('the proxy refused the user name or password');
    expect(await checked.innerText()).not.toContain('597');

    // --- Sharing with oneself says "environment", as the UI does.
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer().count()).toBe(0);
    await rowMenu(wrong.Session_Id, 'Share…', 'More');
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal');
    const problem = dialog.locator('.share__hint[role="alert"]');
    await dialog.getByLabel('Account name').fill(ACCOUNT);
    await dialog.locator('.share__add').getByRole('button').click();
    await expect
      .poll(() => problem.innerText(), { timeout: 20_000 })
      .toBe('An environment cannot be shared with its own account');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // --- A start whose proxy accepts no connection, in English.
    const dead = await api<{ Session_Id: string }>('/api/v1/session/create', {
      Session_Name: 'dead proxy',
      Automatic_Configure: 0,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: closedPort,
      NetError_StopChrome: 1,
    });
    await page.reload();
    await expect.poll(() => row(dead.Session_Id).count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').innerText())
      .toBe('2 environments');
    await row(dead.Session_Id)
      .getByRole('button', { name: /Start$/ })
      .click();
    await expect
      .poll(() => messages().innerText(), { timeout: 30_000 })
      .toContain(
        `dead proxy: Connection failed (The proxy could not be used: the proxy 127.0.0.1:${closedPort} does not accept connections)`,
      );
    expect(await messages().innerText()).not.toContain('无法');

    // --- The same in Chinese: Chinese only.
    await switchTo('简体中文');
    await expect.poll(() => header.getAttribute('aria-label')).toBe('选择本页全部环境');
    expect(await page.getByRole('radiogroup').first().getAttribute('aria-label')).toBe('界面语言');
    expect(
      await page.locator('[aria-label="Select all"], [aria-label="segmented control"]').count(),
    ).toBe(0);
    await row(dead.Session_Id).getByRole('button', { name: /启动$/ }).click();
    const startFailure = page
      .locator('.ant-message-notice')
      .filter({ hasText: 'dead proxy：' })
      .or(page.locator('.ant-message-notice').filter({ hasText: '无法使用代理' }));
    await expect
      .poll(() => startFailure.last().innerText(), { timeout: 30_000 })
      .toContain(`无法使用代理：代理 127.0.0.1（端口 ${closedPort}）不接受连接`);
    const zhFailure = (await startFailure.last().innerText()).replace('dead proxy', '');
    expect(zhFailure).not.toMatch(NO_ENGLISH_WORD);

    await rowMenu(wrong.Session_Id, '编辑', '更多');
    await expect
      .poll(() => drawer().getByLabel('主机', { exact: true }).inputValue())
      .toBe('127.0.0.1');
    await check(/^(loading )?检测代理$/);
    await expect
      .poll(() => checked.innerText(), { timeout: 30_000 })
      .toContain('代理检测失败：代理拒绝了用户名或密码');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer().count()).toBe(0);

    await rowMenu(wrong.Session_Id, '分享…', '更多');
    await dialog.locator('input').first().fill(ACCOUNT);
    await dialog.locator('.share__add').getByRole('button').click();
    await expect
      .poll(() => problem.innerText(), { timeout: 20_000 })
      .toBe('不能将环境分享给自己的账号');
    await page.keyboard.press('Escape');
  }, 240_000);

  test('a mistyped manager address: the manager, or its own not-found screen, never JSON', async () => {
    const base = system.localApi.url;
    await page.goto(`${base}/environments`);
    await switchTo('English');
    // A trailing slash: the page itself.
    const slash = await page.goto(`${base}/environments/`);
    expect(slash?.headers()['content-type']).toMatch(/^text\/html/);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/environments');
    await expect.poll(() => page.locator('.ant-pagination-total-text').count()).toBe(1);

    // An unknown page: the manager's 404, in the reader's language.
    const unknown = await page.goto(`${base}/envirnoments`);
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()['content-type']).toMatch(/^text\/html/);
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).toContain('/envirnoments');
    await switchTo('简体中文');
    await expect.poll(() => page.getByText('页面不存在').isVisible()).toBe(true);
    await page.getByRole('button', { name: '前往环境列表' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/environments');
    await switchTo('English');

    // The API keeps answering JSON.
    for (const urlPath of ['/api/v1/nope', '/api/v1/session/listid']) {
      const res = await fetch(`${base}${urlPath}`);
      expect(res.headers.get('content-type'), urlPath).toMatch(/^application\/json/);
    }
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
