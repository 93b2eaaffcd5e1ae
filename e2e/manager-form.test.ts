/**
 * The environment manager's create/edit form and batch dialogs as a user drives them, in real
 * Chromium against the whole system: create an environment behind an authenticated proxy on
 * loopback (a wrong password is refused with libcurl's meaning, the right one passes), check the
 * proxy again from the edit form, start it and see it running, import cookies from a file and
 * find them in the exported file, batch-create 20 and filter them by name, and import proxy lines
 * with one bad line. No console error. The IP lookup of the proxy check is a loopback server too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localData, managerContext, recordErrors, screenshots } from './manager-helpers.ts';
import { clickUntil } from './click-until.ts';
import { startHttpProxy, startLookup } from '@hainiao/local-api/test/proxies.ts';

const ACCOUNT = 'manager_form_e2e';

describe('the manager’s form and batch dialogs in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let lookup: Awaited<ReturnType<typeof startLookup>>;
  let credential: { appId: string; appKey: string };
  const errors: string[] = [];
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-form-'));
  /** A call to the local API as a script makes it, expected to succeed. */
  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  const idsNamed = async (name: string) =>
    (
      await api<{ listid: string[] }>('/api/v1/session/listid', {
        Session_Name: name,
        ListNum: 500,
      })
    ).listid;
  const container = async (id: string) =>
    (
      await api<{ listcontainer: Record<string, unknown>[] }>('/api/v1/session/id_container', {
        Session_ID: [id],
      })
    ).listcontainer[0] ?? {};

  beforeAll(async () => {
    [proxy, lookup] = await Promise.all([
      startHttpProxy('puser', 'ppass'),
      startLookup({ query: '198.51.100.7', countryCode: 'DE', timezone: 'Europe/Berlin' }),
    ]);
    // The local API reads its IP-lookup endpoint from its environment (it inherits this one).
    const before = process.env.HAINIAO_IP_LOOKUP;
    process.env.HAINIAO_IP_LOOKUP = lookup.url;
    try {
      [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    } finally {
      if (before === undefined) delete process.env.HAINIAO_IP_LOOKUP;
      else process.env.HAINIAO_IP_LOOKUP = before;
    }
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    credential = { appId: made.APP_ID, appKey: made.APP_KEY };
    context = await managerContext(browser, { acceptDownloads: true });
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    // Whatever still runs is stopped before the service goes (the service ends its browsers too).
    await context?.close();
    await browser?.close();
    await system?.stop();
    await proxy?.close();
    await lookup?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const row = (id: string) => page.getByTestId(`env-row-${id}`);
  const rowIds = () =>
    page
      .locator('tr.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
  const drawer = () => page.locator('.ant-drawer-section:visible');
  const dialog = () => page.locator('.ant-modal-wrap:visible .ant-modal');
  /** Picks `option` in the Ant Design select labelled `label`, and sees the select show it. */
  async function choose(label: string, option: string) {
    const field = page.getByLabel(label, { exact: true });
    const shown = async () =>
      (await page.locator('.ant-select', { has: field }).innerText()) === option;
    await clickUntil(
      async () => {
        if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: new RegExp(`^${option}$`) })
          .click();
      },
      shown,
      `${label} shows ${option}`,
    );
  }
  /** Opens the row's "More" menu and picks `item`; `done` says the item's action happened. */
  async function rowMenu(id: string, item: string, done?: () => Promise<boolean>) {
    const entry = page.getByRole('menuitem', { name: item, exact: true });
    await clickUntil(
      async () => {
        if (!(await entry.isVisible())) await row(id).getByRole('button', { name: 'More' }).click();
        await entry.click();
      },
      done ?? (async () => !(await entry.isVisible())),
      `${item} of ${id}`,
    );
  }

  test('create behind an authenticated proxy, check it, start it, cookies in and out, batch create, proxy lines', async () => {
    // Signed out, in English, also when this is the retry of an attempt that signed in.
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
    // Nothing a first attempt made.
    const before = await api<{ listid: string[] }>('/api/v1/session/listid');
    if (before.listid.length) await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    await page.reload();

    // --- Another system than the machine's: what only pages will show is said before saving.
    await page.getByRole('button', { name: 'New environment' }).click();
    await expect.poll(() => drawer().getByText('New environment').isVisible()).toBe(true);
    const pageOnly = drawer().getByText(/^Pages will say Windows; workers will still say /);
    expect(await pageOnly.count()).toBe(0);
    await choose('Operating system', 'Windows');
    await expect.poll(() => pageOnly.isVisible()).toBe(true);
    expect(await drawer().getByText('navigator.platform', { exact: true }).isVisible()).toBe(true);
    await drawer().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => drawer().count()).toBe(0);

    // --- Create through the form, behind the proxy; a wrong password first.
    await page.getByRole('button', { name: 'New environment' }).click();
    await expect.poll(() => drawer().getByText('New environment').isVisible()).toBe(true);
    // A new form: the machine's own system again.
    expect(await pageOnly.count()).toBe(0);
    await drawer().getByLabel('Name', { exact: true }).fill('e2e form shop');
    // A limit of the contract, checked before anything is sent.
    await drawer().getByLabel('Description', { exact: true }).fill('d'.repeat(151));
    await choose('Proxy type', 'HTTP');
    await drawer().getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await drawer().getByLabel('Port', { exact: true }).fill(String(proxy.port));
    await drawer().getByLabel('User name', { exact: true }).fill('puser');
    await drawer().getByLabel('Password', { exact: true }).fill('wrong');
    await drawer().getByRole('switch', { name: 'Configure from the proxy’s exit IP' }).click();
    // antd keeps a fading spinner ("loading") in a button's name for a moment after it loads.
    await drawer()
      .getByRole('button', { name: /^(loading )?Create$/ })
      .click();
    await expect.poll(() => drawer().getByText('At most 150 characters').isVisible()).toBe(true);
    await drawer().getByLabel('Description', { exact: true }).fill('made through the form');
    await drawer()
      .getByRole('button', { name: /^(loading )?Create$/ })
      .click();
    const refused = drawer().getByTestId('proxy-check-result');
    await expect
      .poll(() => refused.innerText(), { timeout: 30_000 })
      .toContain('The proxy check failed');
    expect(await refused.innerText()).toContain('Proxy detection failed');
    expect(await refused.innerText()).toMatch(/libcurl says: CURLE_PROXY \(97\)/);
    expect(await idsNamed('e2e form shop')).toEqual([]);
    await screenshots(page, 'manager-form-refused');

    await drawer().getByLabel('Password', { exact: true }).fill('ppass');
    await drawer()
      .getByRole('button', { name: /^(loading )?Create$/ })
      .click();
    await expect.poll(() => drawer().count(), { timeout: 30_000 }).toBe(0);
    const [shop] = await idsNamed('e2e form shop');
    expect(shop).toBeDefined();
    const id = shop!;
    // The exit's time zone and country were stored (Automatic_Configure 1 through the proxy).
    expect(await container(id)).toMatchObject({
      Session_Desc: 'made through the form',
      Proxy_Type: 'HTTP',
      Proxy_Username: 'puser',
      Automatic_Configure: 1,
      TimeZone: 'Europe/Berlin',
      CountryCode: 'DE',
    });
    expect(proxy.hosts).toContain(new URL(lookup.url).host);
    await expect.poll(rowIds).toContain(id);

    // --- Edit: the form holds the stored values; the proxy check passes, a wrong password fails.
    await rowMenu(id, 'Edit');
    await expect.poll(() => drawer().getByText('Edit “e2e form shop”').isVisible()).toBe(true);
    await expect
      .poll(() => drawer().getByLabel('Host', { exact: true }).inputValue())
      .toBe('127.0.0.1');
    // The stored time zone (from the exit), which the create form never had: in its field and
    // in the summary of what sites will see.
    await expect
      .poll(() =>
        drawer()
          .getByText(/Europe\/Berlin/)
          .count(),
      )
      .toBe(2);
    expect(await drawer().getByTestId('fingerprint-summary').innerText()).toContain(
      'Europe/Berlin',
    );
    await drawer()
      .getByRole('button', { name: /^(loading )?Check proxy$/ })
      .click();
    const checked = drawer().getByTestId('proxy-check-result');
    await expect.poll(() => checked.innerText(), { timeout: 30_000 }).toContain('The proxy works.');
    expect(await checked.innerText()).toContain(
      'Exit IP 198.51.100.7 · Germany (DE) · time zone Europe/Berlin',
    );
    await drawer().getByLabel('Password', { exact: true }).fill('not-it');
    await drawer()
      .getByRole('button', { name: /^(loading )?Check proxy$/ })
      .click();
    await expect
      .poll(() => checked.innerText(), { timeout: 30_000 })
      .toContain('The proxy check failed');
    expect(await checked.innerText()).toMatch(/CURLE_PROXY \(97\)/);
    // Refused, so not saved.
    expect((await container(id)).Proxy_Password).toBe('ppass');
    // A switch of the advanced settings, saved through adv_setting.
    await drawer().getByLabel('Password', { exact: true }).fill('ppass');
    await drawer().getByText('Advanced settings').click();
    await drawer().getByRole('switch', { name: 'Offer Google Translate' }).click();
    await screenshots(page, 'manager-form-edit');
    await drawer()
      .getByRole('button', { name: /^(loading )?Save$/ })
      .click();
    await expect.poll(() => drawer().count(), { timeout: 30_000 }).toBe(0);
    expect(await container(id)).toMatchObject({ GoogleTranslate: 1, Proxy_Password: 'ppass' });

    // --- Start it and see it running; stop it again.
    await row(id).getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => row(id).innerText(), { timeout: 45_000 }).toContain('Running');
    await row(id).getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => row(id).innerText(), { timeout: 30_000 }).toContain('Stopped');

    // --- Cookies from a file (a browser extension's export), then in the exported file.
    const cookieFile = path.join(files, 'shop-cookies.json');
    fs.writeFileSync(
      cookieFile,
      JSON.stringify([
        {
          domain: '.example.com',
          name: 'session-id',
          value: 'abc123',
          path: '/',
          expirationDate: 2_000_000_000,
        },
        {
          domain: 'shop.example.org',
          name: 'cart',
          value: '2',
          path: '/',
          hostOnly: true,
          session: true,
        },
      ]),
    );
    await rowMenu(id, 'Import cookies');
    await expect.poll(() => dialog().getByText('Import cookies').first().isVisible()).toBe(true);
    await dialog().locator('input[type=file]').setInputFiles(cookieFile);
    await expect
      .poll(() => dialog().getByTestId('cookie-file').innerText())
      .toBe('shop-cookies.json: 2 cookies');
    await dialog().getByRole('button', { name: 'Import 2' }).click();
    await expect
      .poll(() => page.getByText('Cookies imported: the environment now has').isVisible())
      .toBe(true);
    const download = page.waitForEvent('download');
    await rowMenu(id, 'Export cookies');
    const saved = await (await download).path();
    const exported = JSON.parse(fs.readFileSync(saved, 'utf8')) as Record<string, unknown>[];
    expect(exported).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'session-id', value: 'abc123', domain: '.example.com' }),
        expect.objectContaining({
          name: 'cart',
          value: '2',
          domain: 'shop.example.org',
          session: true,
        }),
      ]),
    );

    // --- Batch create 20 from one template, then filter them by name.
    await page.getByRole('button', { name: 'Batch create' }).click();
    await dialog().getByLabel('How many').fill('20');
    await dialog().getByLabel('Name prefix').fill('bulk-');
    await expect.poll(() => dialog().getByText('Names: bulk-01 … bulk-20').isVisible()).toBe(true);
    await screenshots(page, 'manager-batch-create');
    await dialog().getByRole('button', { name: 'Create 20' }).click();
    await expect
      .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 60_000 })
      .toBe('Created: 20');
    expect(await dialog().getByText('Finished.').isVisible()).toBe(true);
    expect(await dialog().getByTestId('batch-failed').count()).toBe(0);
    // The results by name (the copy button copies each one's id).
    const made = await dialog().locator('.batch__made').innerText();
    expect(made).toContain('bulk-01');
    expect(made).toContain('bulk-20');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    const bulk = await idsNamed('bulk-');
    expect(bulk).toHaveLength(20);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('bulk-');
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect.poll(async () => (await rowIds()).sort()).toEqual([...bulk].sort());
    // A column sort is the service's order (listid's Sort_By), not a sort of the page shown.
    const names = () => page.locator('tr.ant-table-row strong').allInnerTexts();
    const byName = [...Array(20).keys()].map((i) => `bulk-${String(i + 1).padStart(2, '0')}`);
    const nameHeader = page.locator('.ant-table-thead th', { hasText: 'Name' });
    await nameHeader.click();
    await expect.poll(names).toEqual(byName);
    await nameHeader.click();
    await expect.poll(names).toEqual([...byName].reverse());
    await nameHeader.click();

    // --- Proxy lines onto two selected environments; a bad line is named and blocks the import.
    const [first, second] = [bulk[0]!, bulk[1]!];
    await row(first).locator('.ant-checkbox-input').check();
    await row(second).locator('.ant-checkbox-input').check();
    await page.getByRole('toolbar').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Import proxies' }).click();
    expect(await dialog().getByTestId('proxy-import-mode').innerText()).toContain(
      'the 2 selected environments',
    );
    const lines = dialog().getByLabel('Proxy lines');
    await lines.fill(
      [`http://puser:ppass@127.0.0.1:${proxy.port}`, 'socks5://u:p@203.0.113.9:99999'].join('\n'),
    );
    await expect
      .poll(() => dialog().getByTestId('proxy-lines').innerText())
      .toContain('Line 2: The port must be a number from 1 to 65535');
    expect(
      await dialog()
        .getByRole('button', { name: /^Assign/ })
        .isDisabled(),
    ).toBe(true);
    await screenshots(page, 'manager-proxy-import');
    await lines.fill(
      [`http://puser:ppass@127.0.0.1:${proxy.port}`, 'socks5://u:p@203.0.113.9:1080'].join('\n'),
    );
    await dialog().getByRole('button', { name: 'Assign 2' }).click();
    await expect
      .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 30_000 })
      .toBe('Updated: 2');
    await dialog().locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    const ours = await Promise.all([first, second].map(container));
    // In the order of the selection.
    const byId = Object.fromEntries(ours.map((c) => [c.Session_ID, c]));
    expect(byId[first]).toMatchObject({
      Proxy_Type: 'HTTP',
      Proxy_Port: proxy.port,
      Proxy_Username: 'puser',
    });
    expect(byId[second]).toMatchObject({
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.9',
      Proxy_Port: 1080,
    });

    // The form in Chinese: every label switches, the service's default name too.
    await page.getByText('简体中文').click();
    await page.getByRole('button', { name: '新建环境' }).click();
    await expect.poll(() => drawer().getByText('基本信息').isVisible()).toBe(true);
    // A new form: nothing of the environment edited before.
    expect(await drawer().getByLabel('名称', { exact: true }).inputValue()).toBe('');
    expect(await drawer().getByLabel('主机', { exact: true }).count()).toBe(0);
    expect(await drawer().getByLabel('名称', { exact: true }).getAttribute('placeholder')).toBe(
      '默认：业务环境',
    );
    await choose('代理类型', 'SOCKS5');
    await expect
      .poll(() => drawer().getByText('保存时检测代理', { exact: true }).isVisible())
      .toBe(true);
    await screenshots(page, 'manager-form-zh');
    await drawer().locator('.ant-drawer-footer button').first().click();
    await expect.poll(() => drawer().count()).toBe(0);

    expect(errors).toEqual([]);
    // ~31 s alone; CI measured ~290 s beside the suite's heaviest browser files.
  }, 600_000);
});
