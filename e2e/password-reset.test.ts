/**
 * Issue 27: a refused sign-in says why by the form, for as long as it matters (the toast it was
 * vanished after 3 s), and "Forgot password?" works end to end: the mail (read from a real SMTP
 * server on loopback), the link, the new password, sign-in with it. In English and in Chinese.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { siteMessages, type Lang } from '@hainiao/contract';
import { adminOf, builtSite, launchChromium } from '@hainiao/testkit';
import { startCloudProgram, stopProgram, type RunningProgram } from '@hainiao/testkit/run-system';
import {
  resetLinkOf,
  startMailbox,
  type Mailbox,
} from '@hainiao/cloud/modules/accounts/test-mailbox.ts';
import { accountEn } from '@hainiao/web/locales/account.en.ts';
import { accountZh } from '@hainiao/web/locales/account.zh.ts';
import { forgotPasswordCopy } from '@hainiao/web/pages/forgot-password/copy.ts';
import { resetPasswordCopy } from '@hainiao/web/pages/reset-password/copy.ts';

const PASSWORD = 'correct-horse-7';
const NEW_PASSWORD = 'battery-staple-9';

/** A port free right now: the cloud's mailed links must name its origin before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const LANGS = [
  { lang: 'en', prefix: '', text: accountEn },
  { lang: 'zh', prefix: '/zh', text: accountZh },
] as const satisfies readonly { lang: Lang; prefix: string; text: typeof accountEn }[];

describe('sign-in errors by the form, and forgot password, in Chromium', () => {
  let cloud: RunningProgram;
  let browser: Browser;
  let mailbox: Mailbox;
  let dataDir: string;
  let url: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-e2e-'));
    const port = await freePort();
    url = `http://localhost:${port}`;
    [cloud, browser] = await Promise.all([
      startCloudProgram({
        cloudPort: port,
        dataDir,
        webDist: builtSite(),
        cloudEnv: { SMTP_URL: mailbox.url, SITE_URL: url },
      }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    if (cloud) await stopProgram(cloud);
    await mailbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  /**
   * A new account of its own (a retry must not meet the one its first attempt made), made by the
   * operators' command: sign-up calls would meet their per-IP limit.
   */
  async function newAccount(stem: string) {
    const name = `${stem}_${Math.random().toString(36).slice(2, 8)}`;
    const email = `${name}@example.com`;
    const admin = adminOf({ adminEnv: { DATA_DIR: dataDir, SITE_URL: url } });
    await admin('account:create', '--account', name, '--email', email, '--password', PASSWORD);
    return { name, email };
  }

  async function newPage() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  // By its type: the same button in both languages.
  const submitButton = (page: Page) => page.locator('.account-card button[type="submit"]');
  const focused = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('autocomplete'));

  async function signIn(page: Page, text: typeof accountEn, identity: string, password: string) {
    await page.getByLabel(text.signin.identity).fill(identity);
    await page.getByLabel(text.signin.password, { exact: true }).fill(password);
    await submitButton(page).click();
  }

  test('sign-up: a taken email is said by the email field, not in a toast', async () => {
    const { email } = await newAccount('e2e_taken');
    const { page, errors } = await newPage();
    await page.goto(`${url}/signup`);
    await page.getByLabel(accountEn.signup.account).fill(`e2e_other_${Date.now().toString(36)}`);
    await page.getByLabel(accountEn.signup.email).fill(email);
    await page.getByLabel(accountEn.signup.password).fill(PASSWORD);
    await submitButton(page).click();
    const alert = page.locator('.account-card form [role="alert"]', {
      hasText: siteMessages.auth.emailTaken.en,
    });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByLabel(accountEn.signup.email).getAttribute('aria-invalid')).toBe('true');
    expect(await focused(page)).toBe('email');
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const { lang, prefix, text } of LANGS) {
    const forgot = forgotPasswordCopy[lang];
    const reset = resetPasswordCopy[lang];
    test(`${lang}: a wrong password is said by the form until the visitor types again`, async () => {
      const { name } = await newAccount(`e2e_inline_${lang}`);
      const { page, errors } = await newPage();
      // The page's timers run on a clock the test moves: a toast would be gone after 3 s.
      await page.clock.install();
      await page.goto(`${url}${prefix}/signin`);
      await signIn(page, text, name, 'not-the-password');

      const refused = siteMessages.auth.badCredentials[lang];
      const alert = page.locator('.account-card form [role="alert"]', { hasText: refused });
      await expect.poll(() => alert.isVisible()).toBe(true);
      const password = page.getByLabel(text.signin.password, { exact: true });
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      expect(await focused(page)).toBe('current-password');
      expect(await page.locator('.ant-message-notice').count()).toBe(0);

      await page.clock.runFor(5000);
      expect(await alert.isVisible()).toBe(true);
      expect(await page.locator('.ant-message-notice').count()).toBe(0);

      // Typing is the answer to it: the message goes, and the field is no longer marked.
      await password.press('x');
      await expect.poll(() => alert.count()).toBe(0);
      expect(await password.getAttribute('aria-invalid')).toBeNull();
      // Another refused attempt says it again.
      await submitButton(page).click();
      await expect.poll(() => alert.isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`${lang}: forgot password → mail → new password → sign in`, async () => {
      const { name, email } = await newAccount(`e2e_reset_${lang}`);
      const { page, errors } = await newPage();
      await page.goto(`${url}${prefix}/signin`);
      await page.getByRole('link', { name: text.signin.forgot }).click();
      await expect.poll(() => pathOf(page)).toBe(`${prefix}/forgot-password`);
      await expect.poll(() => page.title()).toBe(forgot.meta.title);

      await page.getByLabel(forgot.email).fill(email);
      await submitButton(page).click();
      await expect
        .poll(() => page.getByText(siteMessages.auth.resetMailSent[lang]).isVisible())
        .toBe(true);

      await expect.poll(() => mailbox.to(email).length).toBe(1);
      const mail = mailbox.to(email)[0]!;
      expect(mail.text).toContain(name);
      const link = resetLinkOf(mail);
      expect(`${link.origin}${link.pathname}`).toBe(`${url}${prefix}/reset-password`);

      await page.goto(link.href);
      await expect.poll(() => page.title()).toBe(reset.meta.title);
      const first = page.getByLabel(reset.password, { exact: true });
      const second = page.getByLabel(reset.confirm, { exact: true });
      await first.fill(NEW_PASSWORD);
      await second.fill(`${NEW_PASSWORD}x`);
      await submitButton(page).click();
      await expect.poll(() => page.getByText(reset.mismatch).isVisible()).toBe(true);
      await second.fill(NEW_PASSWORD);
      await submitButton(page).click();

      await expect.poll(() => pathOf(page)).toBe(`${prefix}/signin`);
      await expect
        .poll(() => page.getByText(siteMessages.auth.passwordChanged[lang]).isVisible())
        .toBe(true);
      await signIn(page, text, email, NEW_PASSWORD);
      await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(`${prefix}/api`);

      // The link works once: a second visit says so and offers to ask again.
      await page.goto(link.href);
      await first.fill('another-password-3');
      await second.fill('another-password-3');
      await submitButton(page).click();
      await expect
        .poll(() => page.getByText(siteMessages.auth.resetLinkInvalid[lang]).isVisible())
        .toBe(true);
      await page.getByRole('link', { name: reset.askAgain }).click();
      await expect.poll(() => pathOf(page)).toBe(`${prefix}/forgot-password`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
