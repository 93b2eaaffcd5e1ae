/**
 * The proxy library (issue 27) as a user drives it, in real Chromium against the whole system, in
 * English and in Chinese: import four vendor lines (one bad, shown with its error), check the
 * three saved (the exit IP and country appear from the IP-lookup server on loopback; a closed port
 * fails), create an environment from the form's "Saved proxy", see its exit IP and country in the
 * environments list, then move the saved proxy to another proxy server and start the environment:
 * the start goes through the new server (its received requests say so), not the old one.
 * Real proxy servers on loopback (proxy-chain with basic auth). No console error.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { format as fill } from '@hainiao/contract';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { shellCopy } from '@hainiao/manager/app/locales.ts';
import { batchCopy } from '@hainiao/manager/features/batch/locales.ts';
import { formCopy } from '@hainiao/manager/features/environment-form/locales.ts';
import { proxiesCopy } from '@hainiao/manager/features/proxies/locales.ts';
import { startHttpProxy, startLookup } from '@hainiao/local-api/test/proxies.ts';
import {
  localData,
  managerContext,
  recordErrors,
  screenshots,
  signInManager,
} from './manager-helpers.ts';

const ACCOUNT = 'manager_proxies_e2e';
const COUNTRY = { en: 'Germany', zh: '德国' } as const;
/** The environments page's words this file uses (its locales re-export a .tsx module). */
const ENV = {
  en: {
    create: 'New environment',
    batchCreate: 'Batch create',
    start: 'Start',
    stop: 'Stop',
    running: 'Running',
    stopped: 'Stopped',
  },
  zh: {
    create: '新建环境',
    batchCreate: '批量创建',
    start: '启动',
    stop: '关闭',
    running: '运行中',
    stopped: '已关闭',
  },
} as const;
/** What the import says of a port out of range (batch/proxy-lines.ts). */
const BAD_PORT = {
  en: 'The port must be a number from 1 to 65535',
  zh: '端口必须是 1 到 65535 之间的数字',
} as const;

type ProxyServer = Awaited<ReturnType<typeof startHttpProxy>>;

/**
 * A button's name as Ant Design renders it: after its icon's name ("play-circle"), or "loading"
 * while its spinner fades (a space between two Chinese characters is tolerated, though the
 * manager turns that spacing off).
 */
const named = (text: string) => {
  const letters = [...text].map((c) => c.replace(/[.*+?^$|()[\]{}\\]/g, '\\$&'));
  return new RegExp(`(^|\\s)${letters.join('\\s?')}$`);
};

/** A loopback port nobody listens on (a proxy there refuses every connection). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the proxy library in Chromium', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let lookup: Awaited<ReturnType<typeof startLookup>>;
  let credential: { appId: string; appKey: string };
  const errors: string[] = [];
  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  beforeAll(async () => {
    lookup = await startLookup({
      query: '198.51.100.7',
      countryCode: 'DE',
      timezone: 'Europe/Berlin',
    });
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
    context = await managerContext(browser);
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
    await lookup?.close();
  });

  /** Signed in afresh (also when this is a retry of an attempt that signed in). */
  const signIn = () =>
    signInManager(page, system.localApi.url, { account: ACCOUNT, ...credential });

  const dialog = () => page.locator('.ant-modal-wrap:visible .ant-modal');
  const drawer = () => page.locator('.ant-drawer-section:visible');
  const envRow = (id: string) => page.getByTestId(`env-row-${id}`);

  /** Picks `option` in the select labelled `label`, clicking again if a moving popup lost it. */
  async function choose(label: string, option: string) {
    const field = page.getByLabel(label, { exact: true });
    const select = page.locator('.ant-select', { has: field });
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: option })
        .first()
        .click();
      const shown = await expect
        .poll(() => select.innerText(), { timeout: 5000 })
        .toContain(option)
        .then(
          () => true,
          () => false,
        );
      if (shown) return;
    }
    throw new Error(`${label} does not show ${option}`);
  }

  for (const lang of ['en', 'zh'] as const) {
    test(`import, check, use from the form, follow a change at start (${lang})`, async () => {
      const p = proxiesCopy[lang];
      const f = formCopy[lang];
      const e = ENV[lang];
      const bc = batchCopy[lang];
      const nav = shellCopy[lang];
      const servers: ProxyServer[] = [];
      await signIn();
      try {
        // Three proxy servers of this run: A and B imported, C where A moves later.
        const [a, b, c] = await Promise.all([
          startHttpProxy('puser', 'ppass'),
          startHttpProxy('quser', 'qpass'),
          startHttpProxy('ruser', 'rpass'),
        ]);
        servers.push(a, b, c);
        const gone = await closedPort();
        // Nothing of another run (or another language's).
        await api('/api/v1/session/delete', { Is_Delete_All: 1 }).catch(() => undefined);
        const old = await api<{ Proxies: { Proxy_ID: string }[] }>('/manager/proxies/list');
        if (old.Proxies.length) {
          await api('/manager/proxies/delete', { Proxy_ID: old.Proxies.map((x) => x.Proxy_ID) });
        }
        await page.goto(`${system.localApi.url}/environments`);
        await page
          .locator('.ant-segmented-item', { hasText: lang === 'zh' ? '简体中文' : 'English' })
          .click();

        // --- Import four vendor lines, one bad.
        await page.getByRole('menuitem', { name: nav.proxies }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/proxies');
        await expect
          .poll(() => page.getByRole('heading', { name: p.title }).isVisible())
          .toBe(true);
        await page.getByRole('button', { name: p.import }).click();
        await dialog()
          .getByLabel(p.lines)
          .fill(
            [
              `127.0.0.1:${a.port}:puser:ppass`,
              `quser:qpass@127.0.0.1:${b.port}`,
              'socks5://user:secret@203.0.113.9:99999',
              `http://127.0.0.1:${gone}`,
            ].join('\n'),
          );
        const preview = dialog().getByTestId('import-lines');
        await expect
          .poll(() => preview.innerText())
          .toContain(fill(p.lineError, { line: 3, problem: BAD_PORT[lang] }));
        const nameA = `puser@127.0.0.1:${a.port}`;
        expect(await preview.innerText()).toContain(
          fill(p.lineOk, { line: 1, type: 'HTTP', host: '127.0.0.1', port: a.port, name: nameA }),
        );
        expect(
          await dialog()
            .getByText(fill(p.skipped, { count: 1 }))
            .isVisible(),
        ).toBe(true);
        await screenshots(page, `manager-proxies-import-${lang}`);
        await dialog()
          .getByRole('button', { name: fill(p.saveN, { count: 3 }) })
          .click();
        await expect.poll(() => page.locator('tr.proxy-row').count()).toBe(3);
        const saved = (
          await api<{ Proxies: { Proxy_ID: string; Name: string; Proxy_Port: number }[] }>(
            '/manager/proxies/list',
          )
        ).Proxies;
        const idOf = (port: number) => saved.find((x) => x.Proxy_Port === port)!.Proxy_ID;
        const rowA = page.getByTestId(`proxy-row-${idOf(a.port)}`);
        const rowB = page.getByTestId(`proxy-row-${idOf(b.port)}`);
        const rowGone = page.getByTestId(`proxy-row-${idOf(gone)}`);

        // --- Check them (the import left them selected).
        await page.getByRole('button', { name: fill(p.check, { count: 3 }) }).click();
        await expect
          .poll(() => page.getByTestId('check-progress').innerText(), { timeout: 30_000 })
          .toContain(fill(p.progress, { done: 3, total: 3 }));
        for (const row of [rowA, rowB]) {
          await expect.poll(() => row.innerText()).toContain('198.51.100.7');
          expect(await row.innerText()).toContain(COUNTRY[lang]);
          expect(await row.innerText()).toContain(p.statusOk);
          expect(await row.innerText()).toMatch(lang === 'zh' ? /\d+ 毫秒/ : /\d+ ms/);
        }
        expect(await rowGone.innerText()).toContain(p.statusFailed);
        expect(await rowGone.innerText()).not.toContain('198.51.100.7');
        await screenshots(page, `manager-proxies-checked-${lang}`);

        // --- A new environment from the form's "Saved proxy".
        await page.getByRole('menuitem', { name: nav.environments }).click();
        await page.getByRole('button', { name: e.create }).click();
        await expect.poll(() => drawer().getByText(f.createTitle).first().isVisible()).toBe(true);
        const envName = `e2e saved proxy ${lang}`;
        await drawer().getByLabel(f.name, { exact: true }).fill(envName);
        await choose(p.picker, nameA);
        await expect
          .poll(() => drawer().getByLabel(f.host, { exact: true }).inputValue())
          .toBe('127.0.0.1');
        expect(await drawer().getByLabel(f.port, { exact: true }).inputValue()).toBe(
          String(a.port),
        );
        expect(
          await drawer()
            .getByText(fill(p.pickerUsing, { name: nameA }))
            .isVisible(),
        ).toBe(true);
        // The locale follows the exit: every start looks the exit up through the proxy.
        await drawer().getByRole('switch', { name: f.automatic }).click();
        await drawer()
          .getByRole('button', { name: named(f.create) })
          .click();
        await expect.poll(() => drawer().count(), { timeout: 30_000 }).toBe(0);
        const [id] = (
          await api<{ listid: string[] }>('/api/v1/session/listid', { Session_Name: envName })
        ).listid;
        expect(id).toBeDefined();
        const container = async () =>
          (
            await api<{ listcontainer: Record<string, unknown>[] }>(
              '/api/v1/session/id_container',
              {
                Session_ID: [id],
              },
            )
          ).listcontainer[0] ?? {};
        expect(await container()).toMatchObject({
          Proxy_Port: a.port,
          Proxy_Username: 'puser',
          Proxy_Password: 'ppass',
        });

        // --- The list shows its exit IP and country.
        const exit = envRow(id!).getByTestId(`exit-${id}`);
        await expect.poll(() => exit.innerText(), { timeout: 15_000 }).toContain('198.51.100.7');
        expect(await exit.innerText()).toContain(COUNTRY[lang]);
        await screenshots(page, `manager-proxies-exit-${lang}`);

        // --- The saved proxy moves to server C: the environment follows.
        await page.getByRole('menuitem', { name: nav.proxies }).click();
        await page.getByRole('button', { name: `${p.edit} ${nameA}` }).click();
        await dialog().getByLabel(p.port, { exact: true }).fill(String(c.port));
        await dialog().getByLabel(p.username, { exact: true }).fill('ruser');
        await dialog().getByLabel(p.password, { exact: true }).fill('rpass');
        await dialog()
          .getByRole('button', { name: named(p.save) })
          .click();
        await expect
          .poll(() => page.getByText(fill(p.savedFollowed, { count: 1 })).isVisible())
          .toBe(true);
        expect(await container()).toMatchObject({
          Proxy_Port: c.port,
          Proxy_Username: 'ruser',
          Proxy_Password: 'rpass',
        });

        // --- Started, it goes out through C, not A.
        const lookupHost = new URL(lookup.url).host;
        const throughA = a.hosts.length;
        await page.getByRole('menuitem', { name: nav.environments }).click();
        await envRow(id!)
          .getByRole('button', { name: named(e.start) })
          .click();
        await expect.poll(() => envRow(id!).innerText(), { timeout: 45_000 }).toContain(e.running);
        expect(c.hosts).toContain(lookupHost);
        expect(a.hosts.length).toBe(throughA);
        await envRow(id!)
          .getByRole('button', { name: named(e.stop) })
          .click();
        await expect.poll(() => envRow(id!).innerText(), { timeout: 30_000 }).toContain(e.stopped);
        // The start's own lookup is the newest exit now (the edit cleared the proxy's check).
        await expect.poll(() => exit.innerText(), { timeout: 15_000 }).toContain('198.51.100.7');

        // --- Batch create hands two saved proxies out in turn: A (now on C), B, A.
        await page.getByRole('button', { name: e.batchCreate }).click();
        await dialog().getByLabel(bc.count).fill('3');
        await dialog().getByLabel(bc.prefix).fill(`turn-${lang}-`);
        const nameB = `quser@127.0.0.1:${b.port}`;
        await choose(p.batchSaved, nameA);
        await choose(p.batchSaved, nameB);
        // The proxy fields give way to the saved proxies.
        expect(await dialog().getByLabel(bc.host, { exact: true }).count()).toBe(0);
        await dialog().getByText(bc.batchTitle).click();
        await dialog()
          .getByRole('button', { name: fill(bc.createN, { count: 3 }) })
          .click();
        await expect
          .poll(() => dialog().getByTestId('batch-made').innerText(), { timeout: 60_000 })
          .toBe(fill(bc.made, { count: 3 }));
        await dialog()
          .locator('.ant-modal-footer')
          .getByRole('button', { name: named(bc.close) })
          .click();
        const turns = await api<{ listid: string[] }>('/api/v1/session/listid', {
          Session_Name: `turn-${lang}-`,
        });
        const made = await api<{ listcontainer: Record<string, unknown>[] }>(
          '/api/v1/session/id_container',
          { Session_ID: turns.listid },
        );
        const byName = new Map(made.listcontainer.map((x) => [x.Session_Name, x]));
        expect([1, 2, 3].map((n) => byName.get(`turn-${lang}-${n}`)?.Proxy_Port)).toEqual([
          c.port,
          b.port,
          c.port,
        ]);
        expect(byName.get(`turn-${lang}-2`)).toMatchObject({
          Proxy_Username: 'quser',
          Proxy_Password: 'qpass',
        });
        expect(errors).toEqual([]);
      } finally {
        await Promise.all(servers.map((server) => server.close()));
      }
    }, 300_000);
  }
});
