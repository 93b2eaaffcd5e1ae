/**
 * The environment manager's frame in real Chromium against the whole system (issue 27): at
 * 1024 px, and at 1440, every page of the top menu is in view in both languages — none folded
 * behind an overflow "…" — beside the language switch and the account button (a long account name
 * is cut short there, whole in its title and menu), and each entry opens its page. On the same
 * screens the tables keep every cell readable: no cell of the environments or proxies table lies
 * under their pinned columns before scrolling (Status and Updated, Latency included), the Team
 * table's "Show environments" is whole in view, and the default group is called by its name in the
 * reader's language ("Default", "默认分组").
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localData, managerContext, recordErrors, signInManager } from './manager-helpers.ts';

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
    context = await managerContext(browser);
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
    // The context asks for less motion: nothing on the page animates without end (the live
    // stream's badge pulsed forever, and kept the page painting while nothing changed).
    await expect
      .poll(() => page.locator('.ant-badge-status-processing').count())
      .toBeGreaterThan(0);
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
        .map((a) => (a as CSSAnimation).animationName),
    );
    expect(endless).toEqual([]);
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

  /**
   * The first row of the table `table` (a CSS selector): the cells pinned by Ant Design (sticky)
   * and any other cell under one of them, before any sideways scrolling; and the boxes of the
   * cells under the headers named `names`, with that of the Actions cell.
   */
  const pinnedCover = (table: string, names: string[], actions: string) =>
    page.evaluate(
      ({ table, names, actions }) => {
        const root = document.querySelector(table)!;
        const scroller = root.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
        const headers = [...root.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
        const cells = [
          ...root.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')[0]!.children,
        ];
        const box = (cell: Element) => cell.getBoundingClientRect();
        const pinned = cells.filter((cell) => getComputedStyle(cell).position === 'sticky');
        const covered = cells
          .filter((cell) => !pinned.includes(cell))
          .filter((cell) =>
            pinned.some((pin) => {
              const [a, b] = [box(cell), box(pin)];
              // More than a pixel of the two boxes shared, sideways.
              return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1;
            }),
          )
          .map((cell) => headers[cells.indexOf(cell)]);
        const at = (name: string) => {
          const { left, right } = box(cells[headers.indexOf(name)]!);
          return { left, right };
        };
        return {
          scrollLeft: scroller?.scrollLeft ?? 0,
          pinned: pinned.length,
          covered,
          cells: names.map(at),
          actions: at(actions),
        };
      },
      { table, names, actions },
    );

  test('no table cell is hidden under a pinned column, the Team table fits, the default group is named, at 1024 and 1440 px in both languages', async () => {
    await signInManager(page, system.localApi.url, login);
    const base = system.localApi.url;
    // An environment with something in every column, and a saved proxy (a retry finds them).
    const name = 'Shell review shop with a rather long name';
    const found = await localData<{ listid: string[] }>(base, '/api/v1/session/listid', {
      Session_Name: name,
    });
    if (!found.listid.length) {
      await localData(base, '/api/v1/session/create', {
        Automatic_Configure: 0,
        Session_Name: name,
        Session_Desc: 'A comment long enough to be cut short in its column',
        Session_Tags: ['shop', 'eu'],
        Proxy_Type: 'HTTP',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: 8080,
      });
    }
    const saved = await localData<{ Proxies: { Name: string }[] }>(base, '/manager/proxies/list');
    if (!saved.Proxies.some((proxy) => proxy.Name === 'Residential DE 1')) {
      await localData(base, '/manager/proxies/create', {
        Proxies: [
          {
            Name: 'Residential DE 1',
            Proxy_Type: 'HTTP',
            Proxy_Ip: '203.0.113.10',
            Proxy_Port: 8080,
            Note: 'Berlin',
          },
        ],
      });
    }
    const COPY = {
      en: {
        actions: 'Actions',
        environments: ['Status', 'Updated'],
        proxies: ['Latency'],
        group: 'Group',
        defaultGroup: 'Default',
        show: 'Show environments',
      },
      zh: {
        actions: '操作',
        environments: ['状态', '更新时间'],
        proxies: ['延迟'],
        group: '分组',
        defaultGroup: '默认分组',
        show: '查看环境',
      },
    } as const;
    for (const lang of ['en', 'zh'] as const) {
      const text = COPY[lang];
      if (lang === 'zh') await page.getByText('简体中文', { exact: true }).click();
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const at = `${lang} at ${width} px`;

        await page.goto(`${base}/environments`);
        const row = page.locator('.env-table tbody tr.ant-table-row').first();
        await expect.poll(() => row.isVisible(), { message: at }).toBe(true);
        const environments = await pinnedCover('.env-table', [...text.environments], text.actions);
        expect(environments.scrollLeft, at).toBe(0);
        expect(environments.pinned, at).toBeGreaterThan(0);
        expect(environments.covered, at).toEqual([]);
        for (const cell of environments.cells) {
          const apart =
            cell.left >= environments.actions.right || cell.right <= environments.actions.left;
          expect(apart, `${at}: ${JSON.stringify({ cell, actions: environments.actions })}`).toBe(
            true,
          );
        }
        // The default group by its name in the reader's language (the wire name stays).
        const groupIndex = (await page.locator('.env-table thead th').allInnerTexts())
          .map((header) => header.trim())
          .indexOf(text.group);
        expect(await row.locator('> td').nth(groupIndex).innerText(), at).toBe(text.defaultGroup);

        await page.goto(`${base}/proxies`);
        const proxy = page.locator('.proxy-table tbody tr.ant-table-row').first();
        await expect.poll(() => proxy.isVisible(), { message: at }).toBe(true);
        const proxies = await pinnedCover('.proxy-table', [...text.proxies], text.actions);
        expect(proxies.covered, at).toEqual([]);
        const [latency] = proxies.cells;
        expect(
          latency!.left >= proxies.actions.right || latency!.right <= proxies.actions.left,
          at,
        ).toBe(true);

        await page.goto(`${base}/team`);
        const show = page
          .getByTestId(`member-row-${ACCOUNT}`)
          .getByRole('button', { name: text.show });
        await expect.poll(() => show.isVisible(), { message: at }).toBe(true);
        const fits = await show.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const table = button.closest('.ant-table-content, .ant-table-body') ?? button;
          const frame = table.getBoundingClientRect();
          return {
            inWindow: box.left >= 0 && box.right <= window.innerWidth,
            inTable: box.left >= frame.left && box.right <= frame.right,
            scrolls: table.scrollWidth > table.clientWidth,
          };
        });
        expect(fits, at).toEqual({ inWindow: true, inTable: true, scrolls: false });
      }
    }
    // The Groups page names it too, in Chinese here.
    await page.goto(`${base}/groups`);
    await expect
      .poll(() => page.locator('.ant-table-tbody td').first().innerText())
      .toBe(COPY.zh.defaultGroup);
    expect(errors).toEqual([]);
  });
});
