/**
 * Tags, clones and the recycle bin in the environment manager (issue 27), in real Chromium against
 * the whole system: tag two environments from a selection and filter the list by the tag, clone
 * one twice (the copies carry its tags, not its cookies), delete one and bring it back from the
 * recycle bin, delete another for good — in English, and the bin and the clone dialog once in
 * Chinese. No console error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localData, managerContext, recordErrors, signInManager } from './manager-helpers.ts';

const ACCOUNT = 'manager_organize_e2e';
const COOKIE = {
  name: 'session-id',
  value: 'seller-42',
  domain: '.seller.example.com',
  path: '/',
  expirationDate: 4_102_444_800,
};

interface Container {
  Session_ID: string;
  Session_Name: string;
  Session_Tags: string[];
  Cookie?: unknown[];
}

describe('tags, clones and the recycle bin in the manager, in Chromium', () => {
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
    // Without motion (the manager honours the system's setting): a drawer or dialog is where it
    // ends up at once, so a loaded machine's slow animation frames cannot leave one half-way.
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
  const drawer = () => page.locator('.ant-drawer-section:visible');
  const closeDrawer = () => drawer().locator('.ant-drawer-close').click();
  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const row = (id: string) => page.getByTestId(`env-row-${id}`);
  const create = async (name: string, fields: object = {}) =>
    (
      await api<{ Session_Id: string }>('/api/v1/session/create', {
        Automatic_Configure: 0,
        Session_Name: name,
        ...fields,
      })
    ).Session_Id;
  const container = async (ids: string[]) =>
    (
      await api<{ listcontainer: Container[] }>('/api/v1/session/id_container', {
        Session_ID: ids,
        Session_container_type: 1,
      })
    ).listcontainer;
  const names = async () => {
    const { listid } = await api<{ listid: string[] }>('/api/v1/session/listid');
    return listid.length ? (await container(listid)).map((c) => c.Session_Name).sort() : [];
  };
  async function rowMenu(id: string, item: string, more = 'More') {
    await row(id).getByRole('button', { name: more }).click();
    await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
  }

  test('tag from a selection, filter by tag, clone, delete, restore, delete for good', async () => {
    await signInManager(page, system.localApi.url, { account: ACCOUNT, ...credential });
    // Nothing left from an earlier attempt (a retry starts from an empty account and bin).
    if ((await api<{ listid: string[] }>('/api/v1/session/listid')).listid.length) {
      await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    }
    await api('/api/v1/session/trash/delete', { Is_Delete_All: 1 });
    const shopA = await create('e2e shop A', { Cookie: [COOKIE] });
    const shopB = await create('e2e shop B');
    const other = await create('e2e other');
    await page.reload();
    await expect.poll(() => row(other).isVisible(), { timeout: 15_000 }).toBe(true);

    // --- Tags from a selection.
    await page.getByLabel('Select e2e shop A', { exact: true }).check();
    await page.getByLabel('Select e2e shop B', { exact: true }).check();
    await page
      .getByRole('toolbar', { name: '2 selected' })
      .getByRole('button', { name: 'More' })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('Tags…', { exact: true }).click();
    await expect.poll(() => dialog().getByText('Tags of 2 environments').isVisible()).toBe(true);
    const add = dialog().getByLabel('Add tags');
    await add.fill('US');
    await add.press('Enter');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast('Tags saved on 2 environments').isVisible()).toBe(true);
    await expect.poll(() => row(shopA).locator('.ant-tag', { hasText: 'US' }).count()).toBe(1);
    expect((await container([shopA, shopB, other])).map((c) => c.Session_Tags)).toEqual([
      ['US'],
      ['US'],
      [],
    ]);

    // --- The tag filter: only the tagged ones.
    await page.getByLabel('Tag', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('US (2)').click();
    await expect.poll(() => row(other).count()).toBe(0);
    expect(await row(shopA).isVisible()).toBe(true);
    expect(await row(shopB).isVisible()).toBe(true);
    await page.locator('.env-page__tag .ant-select-clear').click();
    await expect.poll(() => row(other).isVisible()).toBe(true);

    // --- Clone twice: the copies have the tag, not the cookies.
    await rowMenu(shopA, 'Clone…');
    await expect.poll(() => dialog().getByText('Clone “e2e shop A”').isVisible()).toBe(true);
    await dialog().getByLabel('Number of copies').fill('2');
    await dialog().getByRole('button', { name: 'Clone', exact: true }).click();
    await expect
      .poll(() => toast('Made 2 copies: e2e shop A (copy 1), e2e shop A (copy 2)').isVisible())
      .toBe(true);
    expect(await names()).toEqual([
      'e2e other',
      'e2e shop A',
      'e2e shop A (copy 1)',
      'e2e shop A (copy 2)',
      'e2e shop B',
    ]);
    const { listid: copies } = await api<{ listid: string[] }>('/api/v1/session/listid', {
      Session_Name: '(copy',
    });
    for (const copy of await container(copies)) {
      expect(copy.Session_Tags).toEqual(['US']);
      expect(copy.Cookie).toEqual([]);
    }

    // --- Delete B: it goes to the recycle bin, and comes back from it.
    await rowMenu(shopB, 'Delete');
    await expect
      .poll(() => dialog().getByText('you can restore them there for 7 days').isVisible())
      .toBe(true);
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => row(shopB).count()).toBe(0);
    await page.getByRole('button', { name: 'Recycle bin' }).click();
    await expect.poll(() => drawer().getByTestId(`trash-row-${shopB}`).isVisible()).toBe(true);
    await drawer()
      .getByTestId(`trash-row-${shopB}`)
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect.poll(() => toast('Restored 1 environment').isVisible()).toBe(true);
    await expect.poll(() => drawer().getByText('The recycle bin is empty.').isVisible()).toBe(true);
    await closeDrawer();
    await expect.poll(() => row(shopB).isVisible()).toBe(true);
    expect((await container([shopB]))[0]!.Session_Tags).toEqual(['US']);

    // --- Delete a copy, then for good.
    const copy = copies[0]!;
    await api('/api/v1/session/delete', { Session_ID: [copy] });
    await page.getByRole('button', { name: 'Recycle bin' }).click();
    await drawer()
      .getByTestId(`trash-row-${copy}`)
      .getByRole('button', { name: 'Delete for good' })
      .click();
    await expect
      .poll(() =>
        dialog()
          .locator('.ant-modal-confirm-title', { hasText: 'Delete 1 environment for good?' })
          .isVisible(),
      )
      .toBe(true);
    await dialog().getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => toast('Deleted 1 environment for good').isVisible()).toBe(true);
    expect((await api<{ Trash_List: unknown[] }>('/api/v1/session/trash/list')).Trash_List).toEqual(
      [],
    );
    await closeDrawer();

    // --- In Chinese: the bin and the clone dialog.
    await page.getByText('简体中文', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await api('/api/v1/session/delete', { Session_ID: [other] });
    await page.getByRole('button', { name: '回收站' }).click();
    await expect
      .poll(() =>
        drawer().getByText('删除的环境会连同 Cookie 和浏览器数据在这里保留 7 天').isVisible(),
      )
      .toBe(true);
    await drawer()
      .getByTestId(`trash-row-${other}`)
      .getByRole('button', { name: /^恢\s?复$/ })
      .click();
    await expect.poll(() => toast('已恢复 1 个环境').isVisible()).toBe(true);
    await closeDrawer();
    await rowMenu(shopA, '克隆…', '更多');
    await expect.poll(() => dialog().getByText('克隆“e2e shop A”').isVisible()).toBe(true);
    await dialog()
      .getByRole('button', { name: /^取\s?消$/ })
      .click();
    await page.getByText('English', { exact: true }).click();

    expect(errors).toEqual([]);
  }, 240_000);

  test("the form's summary says what sites will see, and where a user agent and the system disagree", async () => {
    const MAC =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
    await page.goto(`${system.localApi.url}/environments`);
    await page.getByRole('button', { name: 'New environment' }).click();
    const summary = drawer().getByTestId('fingerprint-summary');
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.innerText()).toContain('What sites will see');
    expect(await summary.innerText()).toContain("This computer's own connection".replace("'", '’'));
    const item = (label: string) =>
      drawer().locator('.ant-form-item', {
        has: page.locator('label', { hasText: new RegExp(`^${label}$`) }),
      });
    await item('Operating system').locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Windows$/ })
      .click();
    const userAgent = item('User agent').locator('textarea');
    await userAgent.fill(MAC);
    await expect
      .poll(() => drawer().getByTestId('fingerprint-warnings').innerText())
      .toBe(
        'The user agent is one of MacIntel, but the environment presents Windows: sites compare the two.',
      );
    await userAgent.fill(
      MAC.replace('Macintosh; Intel Mac OS X 10_15_7', 'Windows NT 10.0; Win64; x64'),
    );
    await expect.poll(() => drawer().getByTestId('fingerprint-warnings').count()).toBe(0);
    expect(await summary.innerText()).toContain('These values agree with each other.');
    await closeDrawer();
    expect(errors).toEqual([]);
  }, 120_000);

  test('a window larger than the screen: warned in the form, fitted or warned at the start', async () => {
    await page.goto(`${system.localApi.url}/environments`);
    await page.getByRole('button', { name: 'New environment' }).click();
    const item = (label: string) =>
      drawer().locator('.ant-form-item', {
        has: page.locator('label', { hasText: new RegExp(`^${label}$`) }),
      });
    await item('Screen resolution').locator('.ant-select').click();
    await page.keyboard.type('1366');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^1366 × 768$/ })
      .click();
    await item('Browser arguments').locator('input').fill('--window-size=1920,1080');
    await page.keyboard.press('Enter');
    const warning =
      'The window (1920 × 1080) is larger than the screen (1366 × 768): no real computer shows that.';
    await expect
      .poll(() => drawer().getByTestId('fingerprint-warnings').innerText())
      .toContain(warning);
    expect(await drawer().getByTestId('fingerprint-summary').innerText()).toMatch(
      /Window\s+1920 × 1080/,
    );
    await closeDrawer();

    // Started on the service's own display, the window is made to fit the screen, and the
    // running information says what sites see, with nothing to warn of.
    const fitted = await create('e2e window fitted', {
      resolution: '1366x768',
      Session_Args: ['--window-size=1920,1080'],
    });
    // Chromium's own headless mode takes the window as asked: what the browser got disagrees.
    const asked = await create('e2e window as asked', {
      resolution: '1366x768',
      Session_Args: ['--window-size=1920,1080', '--headless=new'],
      Session_Headless: 1,
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const runningFingerprint = async (id: string) => {
      await row(id).getByRole('button', { name: 'Start' }).click();
      await expect.poll(() => row(id).innerText(), { timeout: 45_000 }).toContain('Running');
      await row(id).getByRole('button', { name: 'Running information' }).click();
      const seen = page.locator('.ant-popover:visible').getByTestId('running-fingerprint');
      await expect.poll(() => seen.isVisible(), { timeout: 20_000 }).toBe(true);
      const text = await seen.innerText();
      await page.keyboard.press('Escape');
      await api('/api/v1/browser/stop', { Session_ID: [id] });
      return text;
    };
    const fittedText = await runningFingerprint(fitted);
    expect(fittedText).toContain('What sites will see');
    expect(fittedText).toMatch(/Screen\s+1366 × 768/);
    expect(fittedText).not.toContain('1920');
    expect(fittedText).toContain('These values agree with each other.');
    const askedText = await runningFingerprint(asked);
    expect(askedText).toMatch(/Window\s+1920 × 1080/);
    expect(askedText).toContain(warning);
    expect(errors).toEqual([]);
  }, 180_000);

  test('cookies pasted in the create form and in the import dialog', async () => {
    await page.goto(`${system.localApi.url}/environments`);
    await page.getByRole('button', { name: 'New environment' }).click();
    await expect.poll(() => drawer().getByText('New environment').isVisible()).toBe(true);
    await drawer().getByLabel('Name', { exact: true }).fill('e2e pasted cookies');
    const field = drawer().getByLabel('Cookies to start with');
    await field.fill('not cookies');
    await expect.poll(() => drawer().locator('.ant-form-item-explain-error').count()).toBe(1);
    await field.fill(JSON.stringify([COOKIE]));
    await expect
      .poll(() => drawer().getByTestId('new-cookie-count').innerText())
      .toBe('1 cookie ready');
    await drawer()
      .getByRole('button', { name: /^(loading )?Create$/ })
      .click();
    await expect.poll(() => drawer().count(), { timeout: 30_000 }).toBe(0);
    const { listid } = await api<{ listid: string[] }>('/api/v1/session/listid', {
      Session_Name: 'e2e pasted cookies',
    });
    const id = listid[0]!;
    expect((await container([id]))[0]!.Cookie).toEqual([
      expect.objectContaining({ name: 'session-id', value: 'seller-42' }),
    ]);

    // The import dialog takes a pasted cookies.txt as it takes a file.
    await expect.poll(() => row(id).isVisible(), { timeout: 15_000 }).toBe(true);
    await rowMenu(id, 'Import cookies');
    await dialog()
      .getByLabel('Or paste them here')
      .fill('.seller.example.com\tTRUE\t/\tTRUE\t4102444800\tcart\tthree-items');
    await expect
      .poll(() => dialog().getByTestId('cookie-file').innerText())
      .toBe('Pasted cookies: 1 cookie');
    await dialog().getByRole('button', { name: 'Import 1' }).click();
    await expect
      .poll(() => toast('Cookies imported: the environment now has 2.').isVisible())
      .toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);
});
