import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminOf, launchChromium, startTestSite } from '@hainiao/testkit';

/**
 * Login CSRF on /route: a link that carries someone else's one-time client token must not
 * replace the visitor's session silently, while the site's own sign-in (its token bound to the
 * tab's nonce) and the desktop client's link for a visitor nobody signed in yet go straight on.
 */
describe('/route asks before it switches accounts, in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const admin = (...argv: string[]) => adminOf(system)(...argv);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite(), launchChromium()]);
    for (const name of ['alpha', 'beta']) {
      await admin(
        'account:create',
        '--account',
        name,
        '--email',
        `${name}@example.com`,
        '--password',
        'correct-horse-7',
      );
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await system?.stop();
  });

  async function newPage(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  const path = (page: Page) => new URL(page.url()).pathname;
  const stored = (page: Page) =>
    page.evaluate(() => ({
      token: localStorage.getItem('token'),
      email: localStorage.getItem('email'),
    }));
  /** A one-time /route link as the desktop client opens it (no nonce: made outside the site). */
  const linkFor = (account: string, prefix = '') =>
    admin('clienttoken', '--account', account, '--url', '/api').then((link) =>
      link.replace('/route?', `${prefix}/route?`),
    );

  /** Signs in with the site's own form and waits for the console (no question on the way). */
  async function signInWithForm(page: Page, account: string) {
    await page.goto(`${system.cloud.url}/signin`);
    await page.getByLabel('Account or email').fill(account);
    await page.getByLabel('Password').fill('correct-horse-7');
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/api');
    await expect.poll(() => stored(page).then((s) => s.email)).toBe(`${account}@example.com`);
    expect(await page.getByText('Switch account?').count()).toBe(0);
    // The nonce served its one sign-in.
    expect(await page.evaluate(() => sessionStorage.getItem('hainiao.signinNonce'))).toBeNull();
  }

  test('signed in as A, B’s link asks: Cancel keeps A, Continue signs in as B', async () => {
    const { page, errors } = await newPage();
    await signInWithForm(page, 'alpha');
    const alpha = await stored(page);
    expect(alpha.token).toMatch(/^st_/);

    // B's link: the page asks, and nothing is replaced meanwhile.
    await page.goto(await linkFor('beta'));
    const question = page.getByText(
      'You are signed in as alpha@example.com. Sign in as beta@example.com instead?',
    );
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await page.getByText('Switch account?').isVisible()).toBe(true);
    expect(await stored(page)).toEqual(alpha);

    // Cancel: still A, on the target.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => path(page)).toBe('/api');
    expect(await stored(page)).toEqual(alpha);
    await expect
      .poll(() => page.locator('.account-entry__email').innerText())
      .toBe('alpha@example.com');

    // Another link of B: Continue signs in as B.
    await page.goto(await linkFor('beta'));
    await expect.poll(() => question.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => path(page)).toBe('/api');
    await expect.poll(() => stored(page).then((s) => s.email)).toBe('beta@example.com');
    expect((await stored(page)).token).not.toBe(alpha.token);
    await expect
      .poll(() => page.locator('.account-entry__email').innerText())
      .toBe('beta@example.com');

    // The site's own form switches back without a question: its token carries this tab's nonce.
    await signInWithForm(page, 'alpha');
    expect(errors).toEqual([]);
  }, 120_000);

  test('in Chinese the question reads naturally, and Cancel keeps the account', async () => {
    const { page } = await newPage();
    await signInWithForm(page, 'beta');
    const before = await stored(page);
    // A Chinese visitor: Chinese is the language stored in this browser (the dropdown sets it),
    // so the Chinese link stays Chinese.
    await page.locator('.lang-switch__button').click();
    await page.getByRole('option', { name: '中文' }).click();
    await expect.poll(() => path(page)).toBe('/zh/api');
    await page.goto(await linkFor('alpha', '/zh'));
    await expect
      .poll(() =>
        page
          .getByText('你当前登录的账号是 beta@example.com，要切换到 alpha@example.com 吗？')
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText('切换账号？').isVisible()).toBe(true);
    await page.getByRole('button', { name: '取消', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/zh/api');
    expect(await stored(page)).toEqual(before);
  }, 120_000);

  test('nobody signed in: the desktop client’s link signs in and says as whom', async () => {
    const { page, errors } = await newPage();
    await page.goto(await linkFor('beta'));
    await expect
      .poll(() => page.getByText('Signed in as beta (beta@example.com).').isVisible(), {
        interval: 50,
      })
      .toBe(true);
    await expect.poll(() => path(page)).toBe('/api');
    expect((await stored(page)).email).toBe('beta@example.com');
    expect(errors).toEqual([]);
  }, 120_000);

  test('sign out everywhere ends every session of the account, this tab included', async () => {
    const [first, second, other] = [await newPage(), await newPage(), await newPage()];
    await signInWithForm(first.page, 'alpha');
    await signInWithForm(second.page, 'alpha');
    await signInWithForm(other.page, 'beta');
    const secondToken = (await stored(second.page)).token!;
    const otherToken = (await stored(other.page)).token!;
    const listWith = (page: Page, token: string) =>
      page.evaluate(async (token) => {
        const body = new FormData();
        body.set('inweb', '1');
        body.set('lang', 'en');
        body.set('token', token);
        const res = await fetch('/api/hainiao/apiorderlist', { method: 'POST', body });
        return ((await res.json()) as { code: number }).code;
      }, token);
    expect(await listWith(second.page, secondToken)).toBe(0);

    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect
      .poll(() => first.page.locator('.ant-modal-confirm-title').innerText())
      .toBe('Sign out on every device?');
    await first.page.locator('.ant-modal-confirm-btns .ant-btn-primary').last().click();
    await expect.poll(() => path(first.page)).toBe('/');
    await expect.poll(() => stored(first.page).then((s) => s.token)).toBeNull();

    // The other browser's session of the same account is over; the other account's is not.
    expect(await listWith(second.page, secondToken)).toBe(401);
    expect(await listWith(other.page, otherToken)).toBe(0);
    expect(first.errors).toEqual([]);
  }, 120_000);
});
