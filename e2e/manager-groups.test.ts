/**
 * Groups in the environment manager as a user handles them (issue 27), in real Chromium against
 * the whole system: type a new group name in the environment form's Group field and pick
 * "Create group “…”" (the environment is saved in that group), rename the group on the Groups
 * page and see the environment listed under the new name, and be told in words that a group of
 * that name already exists — in English, and once in Chinese. No console error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localData, managerContext, recordErrors } from './manager-helpers.ts';
import { expectToast, recordToasts } from './toasts.ts';

const ACCOUNT = 'manager_groups_e2e';

describe('groups in the manager, in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let credential: { appId: string; appKey: string };
  const errors: string[] = [];
  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    credential = { appId: made.APP_ID, appKey: made.APP_KEY };
    context = await managerContext(browser);
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
  });

  const drawer = () => page.locator('.ant-drawer-section:visible');
  const dialog = () => page.locator('.ant-modal-wrap:visible .ant-modal');
  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const groupRow = (name: string) =>
    page.locator('tr.ant-table-row').filter({
      has: page.locator('td').first().getByText(name, { exact: true }),
    });
  async function switchTo(language: 'English' | '简体中文') {
    await page.getByText(language, { exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.lang))
      .toBe(language === 'English' ? 'en' : 'zh-CN');
  }

  test('create a group from the form, rename it, see the environment under the new name, duplicates said in words', async () => {
    // Signed out, in English, with nothing left from an earlier attempt.
    await fetch(`${system.localApi.url}/manager/sign-out`, { method: 'POST' });
    await page.goto(`${system.localApi.url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Account').fill(ACCOUNT);
    await page.getByLabel('APP_ID').fill(credential.appId);
    await page.getByLabel('APP_KEY').fill(credential.appKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 20_000 })
      .toBe('/environments');
    const before = await api<{ listid: string[] }>('/api/v1/session/listid');
    if (before.listid.length) await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    const stale = (await api<{ Group_Name_List: string[] }>('/api/v1/group/list')).Group_Name_List;
    const leftover = stale.filter((name) => name !== 'default');
    if (leftover.length) await api('/api/v1/group/del', { Group_Name: leftover });
    await page.reload();

    // --- The form's Group field: a new name is offered as a group to create, then selected.
    await page.getByRole('button', { name: 'New environment' }).click();
    await expect.poll(() => drawer().getByText('New environment').isVisible()).toBe(true);
    await drawer().getByLabel('Name', { exact: true }).fill('e2e grouped shop');
    const groupField = drawer().getByLabel('Group', { exact: true });
    await groupField.click();
    await groupField.fill('Amazon');
    const offer = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Create group “Amazon”' });
    await expect.poll(() => offer.isVisible()).toBe(true);
    await recordToasts(page);
    await groupField.press('Enter');
    await expectToast(page, 'Group “Amazon” created');
    await expect
      .poll(() =>
        drawer()
          .locator('.ant-select', { has: page.getByLabel('Group', { exact: true }) })
          .innerText(),
      )
      .toBe('Amazon');
    expect(
      (await api<{ Group_Name_List: string[] }>('/api/v1/group/list')).Group_Name_List,
    ).toEqual(['default', 'Amazon']);
    await drawer()
      .getByRole('button', { name: /^(loading )?Create$/ })
      .click();
    await expect.poll(() => drawer().count(), { timeout: 30_000 }).toBe(0);
    const { listid } = await api<{ listid: string[] }>('/api/v1/session/listid', {
      Session_Name: 'e2e grouped shop',
    });
    expect(listid).toHaveLength(1);
    const id = listid[0]!;
    const groupOf = async () =>
      (
        await api<{ listcontainer: { Group_Name: string }[] }>('/api/v1/session/id_container', {
          Session_ID: [id],
        })
      ).listcontainer[0]!.Group_Name;
    expect(await groupOf()).toBe('Amazon');

    // --- The Groups page: rename it; the default group ("Default" to the eye) cannot be renamed.
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/groups');
    await expect.poll(() => groupRow('Amazon').isVisible()).toBe(true);
    expect(
      await groupRow('Default')
        .getByRole('button', { name: 'Rename the group “Default”' })
        .isDisabled(),
    ).toBe(true);
    await groupRow('Amazon').getByRole('button', { name: 'Rename the group “Amazon”' }).click();
    await expect.poll(() => dialog().getByText('Rename the group “Amazon”').isVisible()).toBe(true);
    await dialog().getByLabel('New name').fill('Amazon US');
    await dialog().getByRole('button', { name: 'Rename', exact: true }).click();
    await expect.poll(() => toast('Group “Amazon” renamed to “Amazon US”').isVisible()).toBe(true);
    await expect.poll(() => groupRow('Amazon US').isVisible()).toBe(true);
    expect(await groupRow('Amazon').count()).toBe(0);
    await expect.poll(() => groupRow('Amazon US').locator('td').nth(1).innerText()).toBe('1');
    expect(await groupOf()).toBe('Amazon US');

    // A duplicate, by rename and by create: said in words.
    await page.getByLabel('New group name').fill('eBay');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect.poll(() => groupRow('eBay').isVisible()).toBe(true);
    await groupRow('eBay').getByRole('button', { name: 'Rename the group “eBay”' }).click();
    await dialog().getByLabel('New name').fill('Amazon US');
    await dialog().getByRole('button', { name: 'Rename', exact: true }).click();
    await expect
      .poll(() => toast('A group named “Amazon US” already exists').isVisible())
      .toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('New group name').fill('Amazon US');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect
      .poll(() => toast('A group named “Amazon US” already exists').count())
      .toBeGreaterThan(0);

    // --- The environments page lists it under the new name.
    await page.getByRole('menuitem', { name: 'Environments' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/environments');
    await expect
      .poll(() => page.getByTestId(`env-row-${id}`).innerText(), { timeout: 10_000 })
      .toContain('Amazon US');

    // --- In Chinese: the duplicate create says so in Chinese.
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/groups');
    await switchTo('简体中文');
    await page.getByLabel('新分组名称').fill('eBay');
    await page.getByRole('button', { name: '创建分组' }).click();
    await expect.poll(() => toast('已存在名为“eBay”的分组').isVisible()).toBe(true);
    await switchTo('English');

    expect(errors).toEqual([]);
  }, 180_000);
});
