/**
 * The environment manager's frame in real Chromium against the whole system (issue 27): at
 * 1024 px, and at 1440, every page of the top menu is in view in both languages — none folded
 * behind an overflow "…" — beside the language switch and the account button (a long account name
 * is cut short there, whole in its title and menu), and each entry opens its page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { recordErrors, signInManager } from './manager-helpers.ts';

/** A long account name: the widest account button a user is likely to have. */
const ACCOUNT = 'shell_reviewer_long_name';

const MENU = {
  en: ['Environments', 'Proxies', 'Groups', 'Scripts', 'Plugins', 'Team'],
  zh: ['环境', '代理', '分组', '脚本', '插件', '团队'],
} as const;
const PAGES = ['/environments', '/proxies', '/groups', '/scripts', '/plugins', '/team'];

describe('the manager frame at 1024 and 1440 px', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  let login: { account: string; appId: string; appKey: string };

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    login = { account: made.Account, appId: made.APP_ID, appKey: made.APP_KEY };
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    recordErrors(page, errors);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
  });

  const menu = () => page.locator('.shell__nav');
  const pathname = () => new URL(page.url()).pathname;

  /** Where the menu's entries and the tools beside it are, and whether the page scrolls sideways. */
  const layout = () =>
    page.evaluate(() => {
      const box = (element: Element | null) => element?.getBoundingClientRect();
      return {
        items: [...document.querySelectorAll('.shell__nav > .ant-menu-item')].map((item) => ({
          right: box(item)!.right,
          opacity: getComputedStyle(item).opacity,
        })),
        toolsLeft: box(document.querySelector('.shell__tools'))!.left,
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      };
    });

  test('every menu entry is in view at 1024 and 1440 px and opens its page, in both languages', async () => {
    // A retry starts over: signed out, then in again (in English).
    await signInManager(page, system.localApi.url, login);
    for (const lang of ['en', 'zh'] as const) {
      if (lang === 'zh') await page.getByText('简体中文', { exact: true }).click();
      const labels = MENU[lang];
      await expect.poll(() => menu().getByRole('menuitem', { name: labels[0] }).count()).toBe(1);
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const at = `${lang} at ${width} px`;
        for (const label of labels) {
          await expect
            .poll(() => menu().getByRole('menuitem', { name: label }).isVisible(), {
              message: `${at}: ${label}`,
            })
            .toBe(true);
        }
        // No overflow entry ("…") holding some of them.
        expect(await menu().locator('.ant-menu-overflow-item-rest').isVisible(), at).toBe(false);
        const { items, toolsLeft, scrollWidth, innerWidth } = await layout();
        expect(items.map((item) => item.opacity)).toEqual(labels.map(() => '1'));
        // Beside the tools, not under them, and the window does not scroll sideways.
        expect(Math.max(...items.map((item) => item.right)), at).toBeLessThanOrEqual(toolsLeft);
        expect(scrollWidth, at).toBeLessThanOrEqual(innerWidth);
        // The account button keeps the whole name for the eye (title) and the ear (its name).
        const account = page.getByRole('button', { name: ACCOUNT, exact: true });
        await expect.poll(() => account.isVisible(), { message: at }).toBe(true);
        expect(await account.getAttribute('title')).toBe(ACCOUNT);
      }

      // At 1024 px each entry opens its page, the last ones (once folded away) included.
      await page.setViewportSize({ width: 1024, height: 900 });
      for (const [index, label] of [...labels.entries()].reverse()) {
        await menu().getByRole('menuitem', { name: label }).click();
        await expect.poll(pathname, { message: label }).toBe(PAGES[index]);
      }
    }
    expect(errors).toEqual([]);
  });
});
