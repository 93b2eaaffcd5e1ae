/**
 * "Edit settings…" of a selection in the environment manager (issue 27), in real Chromium against
 * the whole system: two of three environments get a group, start pages, a screen, a language, a
 * time zone, blocked images and a new user agent each — the third keeps its own, and a proxy
 * nobody listens on is neither changed nor checked by the locale change; a bad start page is named
 * and nothing is sent; an environment deleted while the dialog is open is named with the service's
 * message and not counted; once in Chinese. No console error.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import {
  localCall,
  localData,
  managerContext,
  recordErrors,
  signInManager,
} from './manager-helpers.ts';

const ACCOUNT = 'manager_bulk_edit_e2e';
const GROUP = 'Bulk shops';
/** A Windows user agent of a Chrome no generator gives today: a new random one differs from it. */
const OLD_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.0.0 Safari/537.36';

interface Container {
  Session_ID: string;
  Session_Name: string;
  Group_Name: string;
  HomePage_url: string[];
  resolution: string;
  LanguageCode: string;
  TimeZone: string;
  Disable_img: number;
  Disable_video: number;
  User_Agent: string;
  SystemOS: string;
  Proxy_Type: string;
  Proxy_Ip: string;
  Proxy_Port: number;
}

/** A loopback port nothing listens on (a proxy there refuses every connection). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('bulk edit of settings in the manager, in Chromium', () => {
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

  const dialog = () => page.locator('.ant-modal-wrap:visible .ant-modal');
  const row = (id: string) => page.getByTestId(`env-row-${id}`);
  const option = (text: string) =>
    page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  const create = async (name: string, fields: object = {}) =>
    (
      await api<{ Session_Id: string }>('/api/v1/session/create', {
        Automatic_Configure: 0,
        Session_Name: name,
        SystemOS: 'Windows',
        User_Agent: OLD_AGENT,
        ...fields,
      })
    ).Session_Id;
  const container = async (id: string) =>
    (
      await api<{ listcontainer: Container[] }>('/api/v1/session/id_container', {
        Session_ID: [id],
        Session_container_type: 1,
      })
    ).listcontainer[0]!;
  /** Opens "Edit settings…" from the selection bar's More menu. */
  async function openBulkEdit(more: RegExp, item: string) {
    await page.getByRole('toolbar').getByRole('button', { name: more }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect.poll(() => dialog().getByTestId('bulk-edit-form').isVisible()).toBe(true);
  }
  /** Picks `label` in the dialog's select named `name`, after typing `search`. */
  async function pick(name: string, search: string, label: string) {
    const select = dialog().getByLabel(name, { exact: true });
    await select.click();
    await select.fill(search);
    await option(label).click();
  }

  test('edit settings of two selected environments; a deleted one is named; in Chinese', async () => {
    await signInManager(page, system.localApi.url, { account: ACCOUNT, ...credential });
    // Nothing left from an earlier attempt.
    if ((await api<{ listid: string[] }>('/api/v1/session/listid')).listid.length) {
      await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    }
    const { Group_Name_List: groups } = await api<{ Group_Name_List: string[] }>(
      '/api/v1/group/list',
    );
    if (!groups.includes(GROUP)) await api('/api/v1/group/create', { Group_Name: GROUP });
    const port = await closedPort();
    const shopA = await create('bulk shop A', {
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: port,
      Is_CheckProxy: 0,
    });
    const shopB = await create('bulk shop B');
    const other = await create('bulk other');
    const otherBefore = await container(other);
    await page.reload();
    await expect.poll(() => row(other).isVisible(), { timeout: 15_000 }).toBe(true);

    // --- The dialog: OK waits for a ticked setting; problems show under their setting.
    await page.getByLabel('Select bulk shop A', { exact: true }).check();
    await page.getByLabel('Select bulk shop B', { exact: true }).check();
    await openBulkEdit(/^More/, 'Edit settings…');
    expect(await dialog().getByText('Edit settings of 2 environments').isVisible()).toBe(true);
    expect(
      await dialog()
        .getByText('Each setting left unticked keeps each environment’s own value.', {
          exact: false,
        })
        .isVisible(),
    ).toBe(true);
    const apply = dialog().getByRole('button', { name: 'Apply to 2' });
    expect(await apply.isDisabled()).toBe(true);
    await dialog().getByLabel('Change Group', { exact: true }).check();
    expect(await apply.isDisabled()).toBe(false);
    await dialog().getByLabel('Change Start pages', { exact: true }).check();
    const pages = dialog().getByLabel('Start pages', { exact: true });
    await pages.fill('https://shop.example.com/\nftp://files.example.com/');
    await expect
      .poll(() => dialog().getByText('Line 2: not an http:// or https:// address').isVisible())
      .toBe(true);
    await apply.click();
    await expect
      .poll(() =>
        dialog()
          .locator('.ant-form-item-explain-error', {
            hasText: 'Choose a value, or untick “Change”',
          })
          .isVisible(),
      )
      .toBe(true);
    expect(await dialog().getByTestId('batch-progress').count()).toBe(0);
    expect((await container(shopA)).HomePage_url).toEqual([]);

    // --- Every setting of the brief, then the run.
    await pick('Group', GROUP, GROUP);
    await pages.fill('https://shop.example.com/\n\nhttps://orders.example.com/today');
    await expect.poll(() => dialog().locator('.ant-form-item-explain-error').count()).toBe(0);
    await dialog().getByLabel('Change Screen resolution', { exact: true }).check();
    await pick('Screen resolution', '1366', '1366 × 768');
    await dialog().getByLabel('Change Language', { exact: true }).check();
    await pick('Language', 'German · de', 'German · de');
    await dialog().getByLabel('Change Time zone', { exact: true }).check();
    await pick('Time zone', 'Europe/Berlin', '(GMT+01:00) Europe/Berlin');
    await dialog().getByLabel('Change Block images', { exact: true }).check();
    await dialog().getByRole('switch', { name: 'Block images' }).click();
    await dialog().getByLabel('Change User agent', { exact: true }).check();
    await apply.click();
    await expect
      .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 30_000 })
      .toBe('Changed: 2');
    expect(await dialog().getByText('Finished.').isVisible()).toBe(true);
    expect(await dialog().getByTestId('batch-failed').count()).toBe(0);
    for (const id of [shopA, shopB]) {
      const changed = await container(id);
      expect(changed).toMatchObject({
        Group_Name: GROUP,
        HomePage_url: ['https://shop.example.com/', 'https://orders.example.com/today'],
        resolution: '1366x768',
        LanguageCode: 'de',
        TimeZone: 'Europe/Berlin',
        Disable_img: 1,
        Disable_video: 0,
        SystemOS: 'Windows',
      });
      expect(changed.User_Agent).not.toBe(OLD_AGENT);
      expect(changed.User_Agent).toContain('Windows NT');
    }
    // The locale went alone: the proxy nobody listens on is kept, and was not checked.
    expect(await container(shopA)).toMatchObject({
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: port,
    });
    expect(await container(other)).toEqual(otherBefore);
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    // The table was read again.
    await expect.poll(() => row(shopA).getByText(GROUP, { exact: true }).isVisible()).toBe(true);

    // --- One environment deleted while the dialog is open: named, and not counted.
    await openBulkEdit(/^More/, 'Edit settings…');
    await api('/api/v1/session/delete', { Session_ID: [shopB] });
    const refusal = await localCall(system.localApi.url, '/api/v1/session/update', {
      Session_ID: shopB,
      Disable_video: 1,
    });
    expect(refusal.code).not.toBe(0);
    await dialog().getByLabel('Change Block video', { exact: true }).check();
    await dialog().getByRole('switch', { name: 'Block video' }).click();
    await dialog().getByRole('button', { name: 'Apply to 2' }).click();
    await expect
      .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 30_000 })
      .toBe('Changed: 1');
    expect(await dialog().getByTestId('batch-failed').innerText()).toContain(
      `bulk shop B: ${refusal.message}`,
    );
    expect((await container(shopA)).Disable_video).toBe(1);
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => row(shopB).count()).toBe(0);

    // --- In Chinese: the labels, and a run.
    await page.getByRole('toolbar').getByRole('button', { name: 'Clear' }).click();
    await row(shopA).locator('.ant-checkbox-input').check();
    await row(other).locator('.ant-checkbox-input').check();
    await page.getByText('简体中文', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await openBulkEdit(/^更\s?多/, '批量修改设置…');
    const form = dialog().getByTestId('bulk-edit-form');
    expect(await dialog().getByText('批量修改 2 个环境的设置').isVisible()).toBe(true);
    for (const label of ['分组', '启动页', '禁止图片', '禁止视频', '屏幕分辨率', '语言', '时区']) {
      expect(await form.locator('label', { hasText: new RegExp(`^${label}$`) }).count()).toBe(1);
    }
    expect(await form.getByText('留空则删除全部启动页。', { exact: false }).isVisible()).toBe(true);
    await dialog().getByLabel('修改禁止视频', { exact: true }).check();
    await dialog().getByRole('switch', { name: '禁止视频' }).click();
    await dialog().getByRole('button', { name: '应用到 2 个环境' }).click();
    await expect
      .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 30_000 })
      .toBe('已修改：2');
    expect(await dialog().getByText('已完成。').isVisible()).toBe(true);
    expect((await container(shopA)).Disable_video).toBe(1);
    expect((await container(other)).Disable_video).toBe(1);
    await dialog()
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s?闭$/ })
      .click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await page.getByText('English', { exact: true }).click();

    expect(errors).toEqual([]);
  }, 240_000);
});
