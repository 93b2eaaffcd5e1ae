import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminOf, launchChromium, startTestSite } from '@hainiao/testkit';
import { postgresUp } from '@hainiao/testkit/postgres';
import { siteMessages } from '@hainiao/contract';
import { confirmDialog } from './dialogs.ts';

const statusUpdated = siteMessages.ticket.statusUpdated;

/** A real PNG (1x1) as a customer's screenshot. */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// PostgreSQL runs are skipped loudly without a server, and fail under CI (see test/databases.ts).
const stores = postgresUp ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
/**
 * Each language's walk-through on one database (the cloud's ticket calls run on both in
 * `apps/cloud`'s own tests; here it is the pages): English on SQLite, Chinese on PostgreSQL, both
 * on SQLite when PostgreSQL is absent.
 */
const walksThrough = (database: (typeof stores)[number], lang: 'en' | 'zh') =>
  !postgresUp || (database === 'sqlite') === (lang === 'en');

describe.each(stores)('support tickets in Chromium: customer and staff [%s]', (database) => {
  let system: Awaited<ReturnType<typeof startTestSite>>;
  let browser: Browser;

  const admin = (...argv: string[]) => adminOf(system)(...argv);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSite({ database }), launchChromium()]);
    await admin(
      'account:create',
      '--account',
      'buyer',
      '--email',
      'buyer@example.com',
      '--password',
      'correct-horse-7',
    );
    await admin(
      'account:create',
      '--account',
      'helpdesk',
      '--email',
      'helpdesk@example.com',
      '--password',
      'correct-horse-7',
      '--role',
      'staff',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  /**
   * Signs in through the operators' one-time link, the way the desktop client does, and waits until
   * the browser is on `landing` (the target, unless the target page itself moves on at once).
   */
  async function signedIn(account: string, target: string, landing = target): Promise<Page> {
    const link = await admin('clienttoken', '--account', account, '--url', target);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    await page.goto(link);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(landing);
    return page;
  }
  /**
   * Every notice (toast) the page shows from now on, kept: a notice lasts 3 s, which a loaded
   * machine can spend before the test looks.
   */
  const watchNotices = (page: Page) =>
    page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { noticesSeen: string[] }).noticesSeen = seen;
      new MutationObserver(() => {
        for (const notice of document.querySelectorAll('.ant-message-notice')) {
          const text = (notice as HTMLElement).innerText;
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  const noticesSeen = (page: Page) =>
    page.evaluate(() => (window as unknown as { noticesSeen: string[] }).noticesSeen);

  test.each(
    (
      [
        [
          'en',
          '/ticket',
          {
            create: 'New ticket',
            title: 'Title',
            type: 'Type',
            description: 'Description',
            email: 'Contact email',
            submit: 'Submit ticket',
            submitted: 'Ticket submitted',
            typeName: 'Proxies & IP',
            support: 'Support',
            reply: 'Your reply',
            send: 'Send reply',
            resolve: 'Mark as resolved',
            close: 'Close ticket',
            closedNote: 'This ticket is closed.',
            supportReply: 'Reply as support',
            pending: 'Pending reply',
            progress: 'In progress',
            resolved: 'Resolved',
            closed: 'Closed',
            titleError: 'Title must be 3 to 200 characters',
            copyId: 'Copy ticket ID',
            copied: 'Copied to clipboard',
          },
        ],
        [
          'zh',
          '/zh/ticket',
          {
            create: '提交工单',
            title: '标题',
            type: '类型',
            description: '问题描述',
            email: '联系邮箱',
            submit: '提交工单',
            submitted: '工单提交成功',
            typeName: '代理与 IP',
            support: '客服',
            reply: '回复',
            send: '发送回复',
            resolve: '标记为已解决',
            close: '关闭工单',
            closedNote: '该工单已关闭。',
            supportReply: '以客服身份回复',
            pending: '待回复',
            progress: '处理中',
            resolved: '已解决',
            closed: '已关闭',
            titleError: '标题长度须在 3 到 200 个字符之间',
            copyId: '复制工单 ID',
            copied: '已复制到剪贴板',
          },
        ],
      ] as const
    ).filter(([lang]) => walksThrough(database, lang)),
  )(
    '%s: open with a screenshot, staff answers, customer replies, resolves and closes',
    async (lang, listPath, t) => {
      const prefix = lang === 'zh' ? '/zh' : '';
      const customer = await signedIn('buyer', listPath);
      await customer.getByRole('button', { name: t.create }).first().click();
      await expect.poll(() => new URL(customer.url()).pathname).toBe(`${prefix}/ticket/add`);

      // Live validation with the spec's message.
      await customer.getByLabel(t.title).fill('ab');
      await expect.poll(() => customer.getByText(t.titleError).isVisible()).toBe(true);
      const title = `Proxy check fails ${lang} <b>bold?</b>`;
      await customer.getByLabel(t.title).fill(title);
      await customer.getByLabel(t.type).click();
      await customer.getByTitle(t.typeName).click();
      await customer
        .getByLabel(t.description)
        .fill('Every SOCKS5 proxy answers code 7 when I check it from the client.');
      await customer
        .locator('input[type=file]')
        .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: SCREENSHOT });
      await expect.poll(() => customer.locator('.ant-upload-list-item-done').count()).toBe(1);
      expect(await customer.getByLabel(t.email).inputValue()).toBe('buyer@example.com');
      await customer.getByRole('button', { name: t.submit }).last().click();
      await expect.poll(() => customer.getByText(t.submitted).isVisible()).toBe(true);
      await expect
        .poll(() => new URL(customer.url()).pathname)
        .toMatch(new RegExp(`^${prefix}/ticket/info/\\d+$`));
      const id = new URL(customer.url()).pathname.split('/').pop()!;
      // The id can be copied, with the catalogue's copied notice.
      await customer.getByRole('button', { name: t.copyId }).click();
      await expect.poll(() => customer.getByText(t.copied).isVisible()).toBe(true);
      expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(id);
      // Markup in the title is shown as text.
      expect(await customer.locator('.ticket-heading span').first().innerText()).toBe(title);
      expect(await customer.locator('.ticket-heading b').count()).toBe(0);
      expect(await customer.locator('[data-status]').first().innerText()).toBe(t.pending);
      const attachment = customer.getByRole('link', { name: 'screenshot.png' });
      const href = await attachment.getAttribute('href');
      const file = await customer.request.get(new URL(href!, system.cloud.url).href);
      expect(file.headers()['content-type']).toBe('image/png');

      // Staff find it in the queue and answer as support.
      const staff = await signedIn('helpdesk', `${prefix}/staff`);
      await staff.getByRole('searchbox').fill(id);
      await staff.getByRole('searchbox').press('Enter');
      // This ticket's own link (the queue re-renders with the search's answer: a link of the
      // list before it can be gone by the time it is clicked), then its page.
      await staff
        .locator(`a[href$="/staff/ticket/${id}"]`, { hasText: lang === 'zh' ? '处理' : 'Open' })
        .click();
      await expect.poll(() => new URL(staff.url()).pathname).toBe(`${prefix}/staff/ticket/${id}`);
      await expect.poll(() => staff.getByText('buyer@example.com').first().isVisible()).toBe(true);
      await staff
        .getByLabel(t.supportReply)
        .fill('Please check that port 1080 is open on your proxy.');
      await staff.getByRole('button', { name: t.send }).click();
      await expect.poll(() => staff.locator('[data-status]').first().innerText()).toBe(t.progress);
      await staff.context().close();

      // The customer sees the support-labelled reply, replies, resolves and closes.
      await customer.reload();
      const supportMessage = customer.locator('.ticket-message--support');
      await expect.poll(() => supportMessage.innerText()).toContain('port 1080');
      expect(await supportMessage.locator('.ant-tag').innerText()).toBe(t.support);
      await customer
        .getByLabel(t.reply, { exact: true })
        .fill('It was the firewall. Thanks a lot!');
      await customer.getByRole('button', { name: t.send }).click();
      await expect.poll(() => customer.locator('.ticket-message').count()).toBe(3);
      expect(await customer.getByLabel(t.reply, { exact: true }).inputValue()).toBe('');
      expect(await customer.locator('[data-status]').first().innerText()).toBe(t.pending);
      await watchNotices(customer);
      await customer.getByRole('button', { name: t.resolve }).click();
      await confirmDialog(customer);
      // The status call's own notice first: should it fail, the notices shown say why.
      await expect
        .poll(() => noticesSeen(customer))
        .toEqual(expect.arrayContaining([expect.stringContaining(statusUpdated[lang])]));
      await expect
        .poll(() => customer.locator('[data-status]').first().innerText())
        .toBe(t.resolved);
      expect(await customer.getByRole('button', { name: t.resolve }).count()).toBe(0);
      expect(await customer.locator('.ant-divider').count()).toBe(0);
      await customer.getByRole('button', { name: t.close }).click();
      await confirmDialog(customer);
      await expect.poll(() => customer.locator('[data-status]').first().innerText()).toBe(t.closed);
      expect(await customer.getByRole('button', { name: t.send }).count()).toBe(0);
      expect(await customer.getByText(t.closedNote).isVisible()).toBe(true);
      await customer.context().close();
    },
    120_000,
  );

  test('a missing id says so and returns to the list; non-staff get no staff console', async () => {
    // /ticket/info without an id says so and returns to the list at once: wait for the list.
    const page = await signedIn('buyer', '/ticket/info', '/ticket');
    await expect.poll(() => page.getByText('Ticket ID cannot be empty').isVisible()).toBe(true);
    await page.goto(`${system.cloud.url}/staff`);
    await expect
      .poll(() => page.getByText('This console is for support staff only.').isVisible())
      .toBe(true);
    await page.context().close();
  });
});
