/**
 * Eight manager tabs in one browser (issue 27). A browser opens six connections to a host at most
 * over HTTP/1.1; with a live stream (GET /manager/events) per tab, the seventh tab stayed blank.
 * The tabs now share one stream, held by a leader tab: every tab shows the environments and sees
 * a start made through the API live; once the leader tab closes, another takes the stream over
 * and a stop reaches the rest.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { localCall, localData, managerContext, recordErrors } from './manager-helpers.ts';

const ACCOUNT = 'manager_tabs_e2e';
const TABS = 8;

describe('eight manager tabs in one browser', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  const errors: string[] = [];
  let id: string | undefined;

  const api = <T = Record<string, unknown>>(urlPath: string, body: object = {}) =>
    localData<T>(system.localApi.url, urlPath, body);

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    const login = await localCall(system.localApi.url, '/login', made);
    expect(login.status, login.msg).toBe(0);
    context = await managerContext(browser, { viewport: { width: 1280, height: 800 } });
  });
  afterAll(async () => {
    // Nothing left running: the environment is stopped and deleted.
    if (id) {
      await localCall(system.localApi.url, '/api/v1/browser/kill', { Session_ID: id });
      await localCall(system.localApi.url, '/api/v1/session/delete', { Session_ID: [id] });
    }
    await context?.close();
    await browser?.close();
    await system?.stop();
  });

  test('every tab shows the environments and follows a start; a stop reaches them after the leader closes', async () => {
    const before = await api<{ listid: string[] }>('/api/v1/session/listid');
    if (before.listid.length) await api('/api/v1/session/delete', { Is_Delete_All: 1 });
    id = (
      await api<{ Session_Id: string }>('/api/v1/session/create', {
        Automatic_Configure: 0,
        Session_Name: 'e2e tabs shop',
      })
    ).Session_Id;

    // Eight tabs, one after the other, each one showing the list before the next opens.
    const pages: Page[] = [];
    for (let n = 1; n <= TABS; n++) {
      const page = await context.newPage();
      recordErrors(page, errors, `tab ${n}`);
      pages.push(page);
      await page.goto(`${system.localApi.url}/environments`, { timeout: 20_000 });
      await expect
        .poll(() => page.getByTestId(`env-row-${id}`).innerText(), {
          timeout: 20_000,
          message: `tab ${n} shows the environment`,
        })
        .toContain('Stopped');
    }
    // One stream for them all (the first tab leads it).
    const leading = await pages[0]!.evaluate(async () =>
      (await navigator.locks.query()).held?.map((lock) => lock.name),
    );
    expect(leading).toEqual(['hainiao-manager-events-leader']);

    // A start through the API, as a script makes it: Running in all eight, with no reload.
    const started = await localCall(system.localApi.url, '/api/v1/browser/start', {
      Session_ID: [id],
      isHeadless: 1,
    });
    expect(started.code, started.message).toBe(0);
    for (const [n, page] of pages.entries()) {
      await expect
        .poll(() => page.getByTestId(`env-row-${id}`).innerText(), {
          timeout: 45_000,
          message: `tab ${n + 1} shows it running`,
        })
        .toContain('Running');
    }

    // The leader tab closes: another tab takes the stream over, and a stop reaches the rest (a
    // headless browser is stopped with browser/kill: browser/stop answers it HEADLESS_MUST_KILL).
    await pages[0]!.close();
    const stopped = await localCall(system.localApi.url, '/api/v1/browser/kill', {
      Session_ID: id,
    });
    expect(stopped.code, stopped.message).toBe(0);
    for (const [n, page] of pages.slice(1).entries()) {
      await expect
        .poll(() => page.getByTestId(`env-row-${id}`).innerText(), {
          timeout: 30_000,
          message: `tab ${n + 2} shows it stopped`,
        })
        .toContain('Stopped');
    }
    expect(errors).toEqual([]);
  });
});
