import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, startTestSite } from '@hainiao/testkit';
import { cloudCall } from './cloud-call.ts';
import { confirmDialog } from './dialogs.ts';

const PASSWORD = 'correct-horse-7';
/** A suffix for account names, so that a retried test does not meet its first attempt's. */
const unique = () => Math.random().toString(36).slice(2, 8);

describe('the Team tab of the API console in Chromium', () => {
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
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    return { context, page, errors };
  }

  const path = (page: Page) => new URL(page.url()).pathname;
  const rows = (page: Page) =>
    page.getByRole('tabpanel').locator('.ant-table-tbody tr.ant-table-row');
  const rowOf = (page: Page, account: string) =>
    rows(page).filter({ has: page.getByText(account, { exact: true }) });
  /**
   * Each row's type as the Team tab shows it; the tab shows no type code (0, 1) anywhere: not in
   * brackets after a label, not as a cell of its own.
   */
  async function typesShown(page: Page): Promise<string[]> {
    const panel = page.getByRole('tabpanel');
    expect(await panel.innerText()).not.toMatch(/[(（]\s*[01]\s*[)）]/);
    const cells = await panel.locator('.ant-table-tbody td').allInnerTexts();
    expect(cells.map((cell) => cell.trim())).not.toContain('0');
    expect(cells.map((cell) => cell.trim())).not.toContain('1');
    return rows(page).getByTestId('member-type').allInnerTexts();
  }

  /** Signs in through the site's own sign-in page and lands on the console. */
  async function signIn(page: Page, account: string, prefix = '') {
    await page.goto(`${system.cloud.url}${prefix}/signin`);
    const zh = prefix === '/zh';
    await page.getByLabel(zh ? '账号或邮箱' : 'Account or email').fill(account);
    await page.getByLabel(zh ? '密码' : 'Password').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe(`${prefix}/api`);
  }

  test('the main account adds a sub-account, which cannot apply; removal ends its session', async () => {
    const run = unique();
    const [mainName, subName] = [`e2e_main_${run}`, `e2e_clerk_${run}`];
    expect(
      (
        await cloudCall(system.cloud.url, 'signup', {
          Account: mainName,
          email: `${mainName}@example.com`,
          password: PASSWORD,
        })
      ).code,
    ).toBe(0);
    const main = await newPage();
    await signIn(main.page, mainName);
    const quota = main.page.getByTestId('credential-quota');
    await expect.poll(() => quota.innerText()).toMatch(/^API credentials: 0 of 1\./);

    // The Team tab: the main account alone, type 0, dates in the reader's locale.
    await main.page.getByRole('tab', { name: 'Team' }).click();
    await expect.poll(() => rows(main.page).count()).toBe(1);
    const mainRow = rowOf(main.page, mainName);
    expect(await typesShown(main.page)).toEqual(['Main account']);
    expect(await mainRow.innerText()).toContain(String(new Date().getFullYear()));
    expect(await main.page.getByTestId('team-quota').innerText()).toBe(
      'API credentials: 0 of 1 (one per team member)',
    );

    // Add: the form checks what the contract checks, and shows the server's refusal.
    await main.page.getByRole('button', { name: 'Add sub-account' }).click();
    const dialog = main.page.getByRole('dialog');
    await dialog.getByLabel('Account name').fill('no spaces');
    await dialog.getByLabel('Email').fill('clerk@example');
    await dialog.getByLabel('Password').fill('short');
    await main.page.getByRole('button', { name: 'Create sub-account' }).click();
    await expect
      .poll(() => dialog.getByText('Invalid parameter: Account name').isVisible())
      .toBe(true);
    expect(await dialog.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await dialog.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    await dialog.getByLabel('Account name').fill(mainName);
    await dialog.getByLabel('Email').fill(`${subName}@example.com`);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await main.page.getByRole('button', { name: 'Create sub-account' }).click();
    await expect
      .poll(() => main.page.getByText('This account name is already taken').isVisible())
      .toBe(true);
    await dialog.getByLabel('Account name').fill(subName);
    await main.page.getByRole('button', { name: 'Create sub-account' }).click();
    // A toast lives a few seconds: watched for inside the page, as account.test.ts does.
    await main.page.getByText('Sub-account created').waitFor({ state: 'visible', timeout: 15_000 });
    await expect.poll(() => rows(main.page).count()).toBe(2);
    expect(await typesShown(main.page)).toEqual(['Main account', 'Sub-account']);
    expect(await main.page.getByTestId('team-quota').innerText()).toBe(
      'API credentials: 0 of 2 (one per team member)',
    );
    // The quota grew by one on the Credentials tab too, with where it comes from.
    await main.page.getByRole('tab', { name: 'API list' }).click();
    await expect
      .poll(() => quota.innerText())
      .toBe(
        'API credentials: 0 of 2. The quota is the number of team members, main account included; only the main account applies.',
      );

    // The sub-account signs in: told who manages the team, and why it cannot apply.
    const sub = await newPage();
    await signIn(sub.page, subName);
    await expect
      .poll(() => sub.page.getByText('Only the main account applies for API credentials').count())
      .toBeGreaterThan(0);
    await sub.page.getByRole('button', { name: 'Apply' }).click();
    const info = sub.page.locator('.ant-modal-confirm');
    await expect
      .poll(() => info.innerText())
      .toContain(`only the team's main account, ${mainName}`);
    await confirmDialog(sub.page);
    await expect.poll(() => info.count()).toBe(0);
    expect(await sub.page.getByText('No API credentials yet').isVisible()).toBe(true);
    await sub.page.getByRole('tab', { name: 'Team' }).click();
    await expect
      .poll(() => sub.page.getByText(`Your team is managed by ${mainName}`).isVisible())
      .toBe(true);
    expect(await sub.page.getByRole('button', { name: 'Add sub-account' }).count()).toBe(0);
    await expect.poll(() => rows(sub.page).count()).toBe(2);
    expect(await rowOf(sub.page, subName).innerText()).toContain('You');

    // The main account removes it after a confirmation; the quota drops back.
    await main.page.getByRole('tab', { name: 'Team' }).click();
    await main.page.getByRole('button', { name: `Remove ${subName}` }).click();
    await expect
      .poll(() => main.page.locator('.ant-modal-confirm-title').innerText())
      .toBe(`Remove ${subName} from your team?`);
    await confirmDialog(main.page);
    await expect.poll(() => main.page.getByText('Sub-account removed').isVisible()).toBe(true);
    await expect.poll(() => rows(main.page).count()).toBe(1);
    expect(await main.page.getByTestId('team-quota').innerText()).toBe(
      'API credentials: 0 of 1 (one per team member)',
    );

    // The sub-account's session is over, and the page says why; it cannot sign in again.
    await sub.page.reload();
    await sub.page.getByRole('tab', { name: 'Team' }).click();
    const removed = "This account was removed from its team by the team's main account";
    await expect.poll(() => sub.page.getByText(removed).first().isVisible()).toBe(true);
    await sub.page.goto(`${system.cloud.url}/signin`);
    await sub.page.getByLabel('Account or email').fill(subName);
    await sub.page.getByLabel('Password').fill(PASSWORD);
    await sub.page.locator('form button[type="submit"]').click();
    await expect.poll(() => sub.page.getByText(removed).isVisible()).toBe(true);
    expect(path(sub.page)).toBe('/signin');

    expect(main.errors).toEqual([]);
    expect(sub.errors).toEqual([]);
    await main.context.close();
    await sub.context.close();
  }, 180_000);

  test('in Chinese: the Team tab lists, adds and explains in Chinese', async () => {
    const run = unique();
    const [mainName, subName] = [`zh_main_${run}`, `zh_clerk_${run}`];
    await cloudCall(system.cloud.url, 'signup', {
      Account: mainName,
      email: `${mainName}@example.com`,
      password: PASSWORD,
    });
    const main = await newPage();
    await signIn(main.page, mainName, '/zh');
    await main.page.getByRole('tab', { name: '团队' }).click();
    await expect.poll(() => rows(main.page).count()).toBe(1);
    const mainRow = rowOf(main.page, mainName);
    expect(await typesShown(main.page)).toEqual(['主账号']);
    expect(await mainRow.innerText()).toContain('年');

    await main.page.getByRole('button', { name: '添加子账号' }).click();
    const dialog = main.page.getByRole('dialog');
    await dialog.getByLabel('账号名').fill(subName);
    await dialog.getByLabel('邮箱').fill(`${subName}@example.com`);
    await dialog.getByLabel('密码').fill('short');
    await main.page.getByRole('button', { name: '创建子账号' }).click();
    await expect.poll(() => dialog.getByText('密码长度不能少于 8 位').isVisible()).toBe(true);
    await dialog.getByLabel('密码').fill(PASSWORD);
    await main.page.getByRole('button', { name: '创建子账号' }).click();
    await expect.poll(() => main.page.getByText('子账号已创建').isVisible()).toBe(true);
    await expect.poll(() => rows(main.page).count()).toBe(2);
    expect(await typesShown(main.page)).toEqual(['主账号', '子账号']);
    expect(await main.page.getByTestId('team-quota').innerText()).toBe(
      'API 数量：0 / 2（每位团队成员一个）',
    );

    const sub = await newPage();
    await signIn(sub.page, subName, '/zh');
    await expect
      .poll(() => sub.page.getByText('只有主账号可以申请 API').count())
      .toBeGreaterThan(0);
    await sub.page.getByRole('tab', { name: '团队' }).click();
    await expect
      .poll(() => sub.page.getByText(`你的团队由 ${mainName} 管理`).isVisible())
      .toBe(true);
    expect(main.errors).toEqual([]);
    expect(sub.errors).toEqual([]);
    await main.context.close();
    await sub.context.close();
  }, 120_000);
});
