import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startTestSite } from '@hainiao/testkit';
import { cloudCall } from './cloud-call.ts';
import { confirmDialog } from './dialogs.ts';
import { expectToast, recordToasts } from './toasts.ts';

describe('accounts, /route and the API console in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
  });
  afterAll(async () => {
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
    return { context, page, errors };
  }

  const path = (page: Page) => new URL(page.url()).pathname;

  test('sign up, land on /api through /route, and manage a credential end to end', async () => {
    // A name of its own each attempt: a retry must not meet the account its first attempt made.
    const seller = `e2e_seller_${Math.random().toString(36).slice(2, 8)}`;
    const { context, page, errors } = await newPage();
    await page.goto(`${system.cloud.url}/signup`);
    await page.getByLabel('Account name').fill(seller);
    await page.getByLabel('Email').fill(`${seller}@example.com`);
    await page.getByLabel('Password').fill('correct-horse-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/api');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token')?.slice(0, 3),
        localStorage.getItem('email'),
      ]),
    ).toEqual(['st_', `${seller}@example.com`]);
    await expect
      .poll(() => page.locator('.account-entry__email').innerText())
      .toBe(`${seller}@example.com`);
    await expect.poll(() => page.getByText('No API credentials yet').isVisible()).toBe(true);

    // Actions without a selection say so.
    await page.getByRole('button', { name: 'Reset key' }).click();
    await expect.poll(() => page.getByText('No API selected').isVisible()).toBe(true);

    // Apply.
    await recordToasts(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await confirmDialog(page);
    await expectToast(page, 'API credential created');
    // The next step opens on the new credential (e2e/console-next-step.test.ts); closed here.
    await page
      .getByRole('dialog')
      .filter({ has: page.getByTestId('next-step') })
      .getByRole('button', { name: 'Done' })
      .click();
    await expect.poll(() => page.getByTestId('next-step').count()).toBe(0);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect.poll(() => row.locator('.ant-tag').innerText()).toBe('Offline');
    const appId = await row.locator('td .console__key').first().innerText();
    expect(appId).toMatch(/^[0-9a-f]{16}$/);

    // Reveal the key, then copy both.
    const key = page.getByTestId(`key-${appId}`);
    expect(await key.innerText()).toMatch(/^•+$/);
    await page.getByRole('button', { name: 'Show key' }).click();
    await expect.poll(() => key.innerText()).toMatch(/^[0-9a-f]{32}$/);
    const appKey = await key.innerText();
    // The toolbar's Copy (each key also has a "Copy App Key" of its own).
    await page.locator('.console__toolbar').getByRole('button', { name: 'Copy' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`--app_id ${appId} --app_key ${appKey}`);

    // The credential logs a local API in: the console shows it online and the login in the logs.
    const login = await cloudCall(system.cloud.url, 'apilogin', {
      Account: seller,
      APP_ID: appId,
      APP_KEY: appKey,
      device: 'e2e-pc',
    });
    expect(login.code).toBe(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => row.locator('.ant-tag').innerText()).toBe('Online');
    await page.getByRole('tab', { name: 'Usage logs' }).click();
    const logRow = page
      .getByRole('tabpanel', { name: 'Usage logs' })
      .locator('.ant-table-tbody tr.ant-table-row')
      .first();
    await expect.poll(() => logRow.innerText()).toContain('Online now');
    expect(await logRow.innerText()).toContain(appId);

    // Filter by date: today shows the login, a past range shows none.
    const today = new Date().toLocaleDateString('en-CA');
    const [start, end] = [page.getByPlaceholder('Start date'), page.getByPlaceholder('End date')];
    await start.click();
    await start.fill('2020-01-01');
    await end.click();
    await end.fill('2020-01-31');
    await end.press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('No logins in this period.').isVisible()).toBe(true);
    await start.click();
    await start.fill(today);
    await end.click();
    await end.fill(today);
    await end.press('Enter');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => logRow.innerText()).toContain(appId);

    // Reset: a new key, and the device is signed out.
    await page.getByRole('tab', { name: 'API list' }).click();
    await page.getByRole('button', { name: 'Reset key' }).click();
    await confirmDialog(page);
    await expect.poll(() => page.getByText('App Key reset').isVisible()).toBe(true);
    await expect.poll(() => row.locator('.ant-tag').innerText()).toBe('Offline');
    await page.getByRole('button', { name: 'Show key' }).click();
    await expect.poll(() => key.innerText()).toMatch(/^[0-9a-f]{32}$/);
    expect(await key.innerText()).not.toBe(appKey);

    // Delete.
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect.poll(() => page.getByText('No API credentials yet').isVisible()).toBe(true);

    // Sign out: the header offers sign-in again, and the console warns and goes home.
    // Exact: the console also offers "Sign out everywhere".
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${system.cloud.url}/api`);
    await expect
      .poll(() => page.getByText('No token detected. Please sign in first.').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Go to home page' }).click();
    await expect.poll(() => path(page)).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  test('the /route page: every error case of the spec', async () => {
    const { context, page } = await newPage();
    const message = () => page.locator('.ant-result-subtitle').innerText();
    await page.goto(`${system.cloud.url}/route`);
    await expect.poll(message).toBe('Please visit this page through a valid link.');
    await page.goto(`${system.cloud.url}/route?token=ct_x`);
    await expect.poll(message).toMatch(/^Missing required parameters/);
    await page.goto(`${system.cloud.url}/route?token=ct_forged&url=/api`);
    await expect.poll(message).toBe('Invalid token: it is invalid or has expired.');
    await page.goto(`${system.cloud.url}/route?token=ct_x&url=https://evil.example/`);
    await expect.poll(message).toBe('Please visit this page through a valid link.');
    await page.route('**/api/hainiao/status', (route) =>
      route.fulfill({ status: 500, body: 'boom' }),
    );
    await page.goto(`${system.cloud.url}/route?token=ct_x&to=/api`);
    await expect.poll(message).toMatch(/^Verification failed/);
    await context.close();
  });

  test('in Chinese: sign in with the account name and land on /zh/api', async () => {
    await cloudCall(system.cloud.url, 'signup', {
      Account: 'zh_shop',
      email: 'zh_shop@example.com',
      password: 'correct-horse-7',
    });
    const { context, page, errors } = await newPage();
    await page.goto(`${system.cloud.url}/zh/signin`);
    await page.getByLabel('账号或邮箱').fill('zh_shop');
    await page.getByLabel('密码').fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => page.getByText('账号或密码错误').isVisible()).toBe(true);
    await page.getByLabel('密码').fill('correct-horse-7');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/zh/api');
    await expect.poll(() => page.getByRole('tab', { name: '使用日志' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('暂无 API 凭证，点击“申请”即可获取。').isVisible())
      .toBe(true);
    await page.goto(`${system.cloud.url}/zh/route?token=ct_forged&url=/api`);
    await expect
      .poll(() => page.locator('.ant-result-subtitle').innerText())
      .toBe('Token 无效：Token 错误或已过期。');
    expect(errors).toEqual([]);
    await context.close();
  });
});
