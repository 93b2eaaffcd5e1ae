/**
 * The Scripts page of the environment manager as a user drives it (issue 27), in real Chromium
 * against the whole system: pick an environment, see the cloud's script library (name, what it
 * does, version) and search it by name, click Add on a script, see it in the environment's list
 * and its library row turn to "Added", activate it — then the same page once in Chinese, where the
 * library answers in Chinese. No ID is typed anywhere. No console error.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { format as fill } from '@hainiao/contract';
import {
  accountWithCredential,
  adminOf,
  launchChromium,
  scriptId,
  startTestSystem,
} from '@hainiao/testkit';
import { shellCopy } from '@hainiao/manager/app/locales.ts';
import { scriptsCopy } from '@hainiao/manager/features/scripts/locales.ts';
import { localData, managerContext, recordErrors, signInManager } from './manager-helpers.ts';

const ACCOUNT = 'manager_scripts_e2e';
const ENVIRONMENT = 'e2e scripts shop';
/** Two scripts of the seeded library, as it names them in each language. */
const SCROLL = {
  id: scriptId('scroll-to-bottom'),
  en: 'Scroll to bottom',
  zh: '滚动到底部',
  desc: {
    en: 'Scrolls the page down step by step until no more content loads (infinite lists, lazy images).',
    zh: '逐步向下滚动页面，直到不再加载新内容（无限列表、懒加载图片）。',
  },
};
const COOKIES = {
  id: scriptId('accept-cookie-banners'),
  en: 'Accept cookie banners',
  zh: '自动接受 Cookie 提示',
};

describe('the Scripts page in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let credential: { account: string; appId: string; appKey: string };
  const errors: string[] = [];
  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    credential = { account: ACCOUNT, appId: made.APP_ID, appKey: made.APP_KEY };
    context = await managerContext(browser);
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
  });

  const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  /** The card titled `title` (the library, or the environment's scripts). */
  const card = (title: string) =>
    page.locator('.ant-card').filter({
      has: page.locator('.ant-card-head-title').getByText(title, { exact: true }),
    });
  const rowOf = (title: string, name: string) =>
    card(title)
      .locator('tr.ant-table-row')
      .filter({ has: page.locator('td').first().getByText(name, { exact: true }) });
  const scriptsOf = async (id: string) => {
    const list = await api<{
      Actived_script_id: string;
      UnActived_script_list: { UnActived_script_ID: string }[];
    }>('/api/v1/session/id_script_list', { Session_ID: id });
    return {
      active: list.Actived_script_id,
      all: [list.Actived_script_id, ...list.UnActived_script_list.map((s) => s.UnActived_script_ID)]
        .filter(Boolean)
        .sort(),
    };
  };

  /** Chooses the environment in the page's picker, typing its name as a user finds it. */
  async function pickEnvironment(label: string) {
    const field = page.getByLabel(label, { exact: true });
    await field.click();
    await field.fill(ENVIRONMENT);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: ENVIRONMENT });
    await expect.poll(() => option.count(), { timeout: 10_000 }).toBe(1);
    await option.click();
  }

  test('pick an environment, add a script from the library, activate it; once more in Chinese', async () => {
    await signInManager(page, system.localApi.url, credential);
    // Nothing of an earlier attempt: one fresh environment without scripts.
    await api('/api/v1/session/delete', { Is_Delete_All: 1 }).catch(() => undefined);
    const { Session_Id: id } = await api<{ Session_Id: string }>('/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: ENVIRONMENT,
    });

    // --- English: the page asks for an environment before it shows anything to add.
    const t = scriptsCopy.en;
    await page.getByRole('menuitem', { name: shellCopy.en.scripts }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/scripts');
    await expect.poll(() => page.getByText(t.pick).isVisible()).toBe(true);
    expect(await card(t.library).count()).toBe(0);
    await pickEnvironment(t.environment);

    // The library: every seeded script with what it does and its version, none added yet.
    await expect
      .poll(() => rowOf(t.library, SCROLL.en).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => card(t.library).locator('tr.ant-table-row').count()).toBe(4);
    expect(await rowOf(t.library, SCROLL.en).innerText()).toContain(SCROLL.desc.en);
    expect(await rowOf(t.library, SCROLL.en).innerText()).toContain('1.0.0');
    expect(await card(t.library).innerText()).toContain(fill(t.libraryCount, { count: 4 }));
    await expect.poll(() => card(t.ofEnvironment).getByText(t.empty).isVisible()).toBe(true);

    // Searching by name narrows it; a name no script has says so in words.
    const search = card(t.library).getByLabel(t.search);
    await search.fill('COOKIE');
    await expect.poll(() => card(t.library).locator('tr.ant-table-row').count()).toBe(1);
    expect(await rowOf(t.library, COOKIES.en).isVisible()).toBe(true);
    await search.fill('nothing like it');
    await expect
      .poll(() =>
        card(t.library)
          .getByText(fill(t.libraryNoMatch, { query: 'nothing like it' }))
          .isVisible(),
      )
      .toBe(true);
    await search.fill('');
    await expect.poll(() => card(t.library).locator('tr.ant-table-row').count()).toBe(4);

    // Add "Scroll to bottom": it is in the environment's list, and its library row says Added.
    await page.getByRole('button', { name: fill(t.addAria, { name: SCROLL.en }) }).click();
    await expect.poll(() => toast(fill(t.added, { name: SCROLL.en })).isVisible()).toBe(true);
    await expect.poll(() => rowOf(t.ofEnvironment, SCROLL.en).isVisible()).toBe(true);
    expect(await rowOf(t.ofEnvironment, SCROLL.en).innerText()).toContain(t.inactive);
    const added = page.getByRole('button', { name: fill(t.alreadyAddedAria, { name: SCROLL.en }) });
    await expect.poll(() => added.isDisabled()).toBe(true);
    expect(await added.innerText()).toBe(t.alreadyAdded);
    expect(
      await page.getByRole('button', { name: fill(t.addAria, { name: COOKIES.en }) }).isEnabled(),
    ).toBe(true);
    expect(await scriptsOf(id)).toEqual({ active: '', all: [SCROLL.id] });

    // Activate it.
    await page.getByRole('button', { name: fill(t.activateAria, { name: SCROLL.en }) }).click();
    await expect.poll(() => toast(t.activated).isVisible()).toBe(true);
    await expect.poll(() => rowOf(t.ofEnvironment, SCROLL.en).innerText()).toContain(t.active);
    expect((await scriptsOf(id)).active).toBe(SCROLL.id);

    // --- Chinese: the library in Chinese, "Scroll to bottom" added already, add and activate another.
    const z = scriptsCopy.zh;
    await page.getByText('简体中文', { exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect
      .poll(() => rowOf(z.library, SCROLL.zh).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await rowOf(z.library, SCROLL.zh).innerText()).toContain(SCROLL.desc.zh);
    expect(await card(z.library).innerText()).toContain(fill(z.libraryCount, { count: 4 }));
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: fill(z.alreadyAddedAria, { name: SCROLL.zh }) })
          .isDisabled(),
      )
      .toBe(true);
    await card(z.library).getByLabel(z.search).fill('Cookie');
    await expect.poll(() => card(z.library).locator('tr.ant-table-row').count()).toBe(1);
    await page.getByRole('button', { name: fill(z.addAria, { name: COOKIES.zh }) }).click();
    await expect.poll(() => toast(fill(z.added, { name: COOKIES.zh })).isVisible()).toBe(true);
    await expect.poll(() => rowOf(z.ofEnvironment, COOKIES.zh).isVisible()).toBe(true);
    await page.getByRole('button', { name: fill(z.activateAria, { name: COOKIES.zh }) }).click();
    await expect.poll(() => toast(z.activated).isVisible()).toBe(true);
    await expect.poll(() => rowOf(z.ofEnvironment, COOKIES.zh).innerText()).toContain(z.active);
    expect(await scriptsOf(id)).toEqual({
      active: COOKIES.id,
      all: [SCROLL.id, COOKIES.id].sort(),
    });
    await page.getByText('English', { exact: true }).click();

    expect(errors).toEqual([]);
  }, 180_000);

  // Last: it stops the system's cloud for good.
  test('with the cloud gone, the library says so in words, in both languages; the environment keeps its scripts', async () => {
    await signInManager(page, system.localApi.url, credential);
    let { listid } = await api<{ listid: string[] }>('/api/v1/session/listid', {
      Session_Name: ENVIRONMENT,
    });
    if (!listid.length) {
      const made = await api<{ Session_Id: string }>('/api/v1/session/create', {
        Automatic_Configure: 0,
        Session_Name: ENVIRONMENT,
      });
      listid = [made.Session_Id];
    }
    await api('/api/v1/session/id_script_add', { Session_ID: listid[0], Script_ID: [SCROLL.id] });
    // Signed in again: a new login, whose library the service has not read (and kept) yet.
    await signInManager(page, system.localApi.url, credential);
    const { child } = system.cloud;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });

    const t = scriptsCopy.en;
    await page.getByRole('menuitem', { name: shellCopy.en.scripts }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/scripts');
    await pickEnvironment(t.environment);
    await expect
      .poll(() => card(t.library).getByText(t.libraryUnavailable).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await card(t.library).innerText()).toContain(t.libraryUnreachable);
    expect(await card(t.library).locator('tr.ant-table-row').count()).toBe(0);
    // The environment's own scripts are on this machine: still listed.
    await expect.poll(() => rowOf(t.ofEnvironment, SCROLL.en).isVisible()).toBe(true);
    // Trying again while the cloud is still away says so again.
    await card(t.library).getByRole('button', { name: t.retry }).click();
    await expect
      .poll(() => card(t.library).getByText(t.libraryUnavailable).isVisible(), { timeout: 20_000 })
      .toBe(true);

    const z = scriptsCopy.zh;
    await page.getByText('简体中文', { exact: true }).click();
    await expect
      .poll(() => card(z.library).getByText(z.libraryUnavailable).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await card(z.library).innerText()).toContain(z.libraryUnreachable);
    await page.getByText('English', { exact: true }).click();

    expect(errors).toEqual([]);
  }, 120_000);
});
