/**
 * The API console's next step (issue 27), in real Chromium against the cloud and its site, in
 * English and in Chinese: Apply opens a panel that says how to start Hainiao, where its environment
 * manager is, and what to sign in with; each copy button puts the exact value on the clipboard.
 * Before any local service has logged in, the address is the cloud's MANAGER_URL default, said to
 * be the usual one; once a real local API (on a port of its own) has logged in with the
 * credential, the console shows the address that service reported. At the quota Apply is off and
 * the reason is shown.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchChromium,
  startTestService,
  startTestSite,
  type TestService,
} from '@hainiao/testkit';
import { cloudCall } from './cloud-call.ts';

const PASSWORD = 'correct-horse-7';
/** A suffix for account names, so that a retried test does not meet its first attempt's. */
const unique = () => Math.random().toString(36).slice(2, 8);
/** The cloud's MANAGER_URL when nothing sets it (nothing here does). */
const DEFAULT_MANAGER = 'http://127.0.0.1:8186/';

const COPY = {
  en: {
    apply: 'Apply',
    applied: 'Your API credential is ready: sign in to the environment manager with it',
    use: 'Use in the manager',
    fallback: 'If yours differs, use the address your Hainiao prints when it starts.',
    reported: 'The address your Hainiao reported when it last signed in with this account',
    copy: (field: string) => `Copy ${field}`,
    account: 'Account',
    copyAll: 'Copy all three',
    showKey: 'Show key',
    hideKey: 'Hide key',
    done: /^Done$/,
    quota: 'You hold 1 of 1 credential; delete one to apply for another.',
    signinLabels: ['Account or email', 'Password'],
  },
  zh: {
    apply: '申请',
    applied: 'API 凭证已就绪：用它登录环境管理器',
    use: '在管理器中使用',
    fallback: '如果你的地址不同，请使用海鸟启动时输出的地址。',
    reported: '这是你的海鸟最近一次用此账号登录时报告的地址',
    copy: (field: string) => `复制${field}`,
    account: '账号',
    copyAll: '全部复制',
    showKey: '显示密钥',
    hideKey: '隐藏密钥',
    // Not Ant Design's spaced-out "完 成" (the site's Ant Design shell turns that off).
    done: /^完成$/,
    quota: '你已持有 1 个 API 凭证，达到上限（1 个）；删除一个后才能申请新的凭证。',
    signinLabels: ['账号或邮箱', '密码'],
  },
} as const;

describe('the next step after Apply in the API console', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;
  const services: TestService[] = [];

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
    for (const service of services) await service.dispose();
    await browser?.close();
    await system?.stop();
  });

  async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: system.cloud.url,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    return { context, page, errors };
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  for (const lang of ['en', 'zh'] as const) {
    const text = COPY[lang];
    const prefix = lang === 'zh' ? '/zh' : '';

    test(`${lang}: Apply shows the manager's address and copies the sign-in values; at the quota Apply is off`, async () => {
      const name = `next_${lang}_${unique()}`;
      const signup = await cloudCall(system.cloud.url, 'signup', {
        Account: name,
        email: `${name}@example.com`,
        password: PASSWORD,
      });
      expect(signup.code, signup.msg).toBe(0);
      const { context, page, errors } = await newPage();
      await page.goto(`${system.cloud.url}${prefix}/signin`);
      await page.getByLabel(text.signinLabels[0]).fill(name);
      await page.getByLabel(text.signinLabels[1]).fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await expect
        .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
        .toBe(`${prefix}/api`);

      // Apply: the panel opens on the new credential.
      const apply = page.getByRole('button', { name: text.apply });
      await expect.poll(() => apply.isEnabled()).toBe(true);
      await apply.click();
      await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      const panel = page.getByRole('dialog').filter({ has: page.getByTestId('next-step') });
      await expect.poll(() => panel.getByText(text.applied).isVisible()).toBe(true);
      const address = panel.getByTestId('manager-address');
      await expect.poll(() => address.innerText(), { timeout: 15_000 }).toBe(DEFAULT_MANAGER);
      expect(await panel.getByTestId('manager-address-note').innerText()).toContain(text.fallback);
      expect(await panel.getByRole('link').first().getAttribute('href')).toBe(DEFAULT_MANAGER);
      expect(await panel.innerText()).toContain(`hainiao-api --cloud ${system.cloud.url}`);

      // The exact values, each by its own button, then all three at once.
      const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
      const list = await cloudCall(system.cloud.url, 'apiorderlist', { token });
      const appId = (list.data as unknown as { app_id: string }[])[0]!.app_id;
      const appKey = (await cloudCall(system.cloud.url, 'getappkey', { token, app_id: appId })).data
        .app_key!;
      expect(appKey).toMatch(/^[0-9a-f]{32}$/);
      // The key is not on the page, only on the clipboard.
      expect(await panel.innerText()).not.toContain(appKey);
      for (const [field, value] of [
        [text.account, name],
        ['APP_ID', appId],
        ['APP_KEY', appKey],
      ] as const) {
        await panel.getByRole('button', { name: text.copy(field), exact: true }).click();
        await expect.poll(() => clipboard(page)).toBe(value);
      }
      await panel.getByRole('button', { name: text.copyAll }).click();
      await expect
        .poll(() => clipboard(page))
        .toBe(`${text.account}: ${name}\nAPP_ID: ${appId}\nAPP_KEY: ${appKey}`);
      await panel.getByRole('button', { name: text.done }).click();
      await expect.poll(() => page.getByTestId('next-step').count()).toBe(0);

      // The credentials table at 1024 and 1440 px, the key hidden and then shown: every column
      // whole in view, nothing to scroll sideways to, "Use in the manager" included.
      const table = page.locator('.credentials-table');
      const fit = () =>
        table.evaluate((root) => {
          const frame = root.getBoundingClientRect();
          const right = Math.min(frame.right, window.innerWidth);
          const out = (element: Element) => element.getBoundingClientRect().right > right + 0.5;
          return {
            headers: [...root.querySelectorAll('thead th')].filter(out).map((th) => th.textContent),
            cells: [...root.querySelectorAll('tbody tr.ant-table-row td')]
              .filter(out)
              .map((td) => td.textContent),
            buttons: [...root.querySelectorAll('tbody button')]
              .filter(out)
              .map((button) => button.getAttribute('aria-label')),
            scrolls: [...root.querySelectorAll('.ant-table-content, .ant-table-body')].some(
              (scroller) => scroller.scrollWidth > scroller.clientWidth,
            ),
            pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
          };
        });
      const none = { headers: [], cells: [], buttons: [], scrolls: false, pageScrolls: false };
      for (const shown of [false, true]) {
        if (shown) await page.getByRole('button', { name: text.showKey }).click();
        if (shown) {
          await expect
            .poll(() => page.getByTestId(`key-${appId}`).innerText())
            .toMatch(/^[0-9a-f]{32}$/);
        }
        for (const width of [1024, 1440]) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(fit, { message: `${width} px, key shown: ${shown}` }).toEqual(none);
          const use = page.getByRole('button', { name: text.use });
          const box = (await use.boundingBox())!;
          expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
        }
      }
      await page.getByRole('button', { name: text.hideKey }).click();
      await page.setViewportSize({ width: 1280, height: 900 });

      // One credential is the quota of an account without a team: Apply is off, and says why.
      await expect.poll(() => page.getByTestId('apply-blocked').innerText()).toBe(text.quota);
      expect(await apply.isDisabled()).toBe(true);
      // The cloud refuses all the same.
      expect((await cloudCall(system.cloud.url, 'applyapi', { token })).code).toBe(2);

      // A real local API on a port of its own logs in with the credential and reports its
      // manager; the console, reloaded, shows that address.
      const service = await startTestService({ cloud: system.cloud.url });
      services.push(service);
      expect(service.port).not.toBe(8186);
      const login = await service.post('/login', { Account: name, APP_ID: appId, APP_KEY: appKey });
      expect(login.json().status, login.text).toBe(0);
      const reported = `http://127.0.0.1:${service.port}/`;
      await page.reload();
      await page.getByRole('button', { name: text.use }).first().click();
      await expect.poll(() => address.innerText(), { timeout: 15_000 }).toBe(reported);
      expect(await panel.getByTestId('manager-address-note').innerText()).toContain(text.reported);
      const link = panel.getByRole('link').first();
      expect(await link.getAttribute('href')).toBe(reported);
      // The link opens the environment manager that service serves.
      const [manager] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect.poll(() => manager.url()).toBe(reported);
      await manager.close();
      await panel.getByRole('button', { name: text.done }).click();

      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }
});
