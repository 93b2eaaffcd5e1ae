/**
 * Sharing in the environment manager, in real Chromium against the whole system: alice (English)
 * shares an environment with bob from the Share dialog — an unknown account name first, refused
 * with the service's message — and bob, signed in on a second local API process of his own (each
 * credential is logged in on one service at a time), sees it marked as shared with him (in
 * Chinese), with its settings not editable; alice stops sharing after a confirmation and it leaves
 * bob's machine at his next sync. No console error on either page. Screenshots at 1440 and 1024
 * wide go to HAINIAO_SCREENSHOT_DIR when it is set (for a review by eye).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';
import { localCall, managerContext, recordErrors, screenshots } from './manager-helpers.ts';

const ALICE = 'share_alice';
const BOB = 'share_bob';

describe('sharing from the environment manager', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let bobService: ServiceProcess | undefined;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const bobData = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-share-bob-'));
  const credentials: Record<string, { Account: string; APP_ID: string; APP_KEY: string }> = {};

  async function makeAccount(name: string) {
    credentials[name] = await accountWithCredential(adminOf(system), name);
  }

  const api = localCall;

  async function openPage(locale: string): Promise<Page> {
    const context = await managerContext(browser, { locale });
    contexts.push(context);
    const page = await context.newPage();
    recordErrors(page, errors, locale);
    return page;
  }

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    await Promise.all([makeAccount(ALICE), makeAccount(BOB)]);
    // Bob's machine: a local API process of its own on the same cloud, syncing every 2 s so that
    // an ended share leaves it within the test.
    bobService = await spawnLocalApi({
      dataDir: bobData,
      cloud: system.cloud.url,
      env: { HAINIAO_SYNC_INTERVAL_MS: '2000' },
    });
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await bobService?.quit();
    await system?.stop();
    fs.rmSync(bobData, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  test('alice shares with bob (an unknown name refused first), bob sees it, alice unshares', async () => {
    const aliceUrl = system.localApi.url;
    const bobUrl = `http://127.0.0.1:${bobService!.port}`;
    expect((await api(aliceUrl, '/login', credentials[ALICE]!)).status).toBe(0);
    const made = await api(aliceUrl, '/api/v1/session/create', {
      Automatic_Configure: 0,
      Session_Name: 'e2e shared shop',
    });
    expect(made.code, made.message).toBe(0);
    const id = String(made.data.Session_Id);

    // --- Alice, in English: the row menu's Share… opens the dialog; nobody has it yet.
    const alice = await openPage('en-US');
    await alice.goto(`${aliceUrl}/environments`);
    const aliceRow = alice.getByTestId(`env-row-${id}`);
    await expect.poll(() => aliceRow.count(), { timeout: 20_000 }).toBe(1);
    const openShare = async () => {
      await aliceRow.getByRole('button', { name: 'More' }).click();
      await alice.getByRole('menuitem', { name: 'Share…' }).click();
    };
    await openShare();
    const dialog = alice.locator('.ant-modal-wrap:visible .ant-modal');
    const closeDialog = () =>
      dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.getByText('Share “e2e shared shop”').isVisible()).toBe(true);
    await expect
      .poll(() => dialog.getByText('Not shared with anyone yet.').isVisible(), { timeout: 15_000 })
      .toBe(true);

    // An account that does not exist: the service's own message, under the field.
    const accountField = dialog.getByLabel('Account name');
    // By place, not by name: the name reads "loading Share" while its spinner is still fading out.
    const shareButton = dialog.locator('.share__add').getByRole('button');
    expect(await shareButton.innerText()).toBe('Share');
    await accountField.fill('no_such_account_42');
    await shareButton.click();
    const problem = dialog.locator('.share__hint[role="alert"]');
    await expect
      .poll(() => problem.innerText(), { timeout: 20_000 })
      .toContain('no_such_account_42');
    const refused = await api(aliceUrl, '/api/v1/session/share', {
      Session_ID: id,
      Share_Username: 'no_such_account_42',
    });
    expect(refused.code).not.toBe(0);
    expect(await problem.innerText()).toBe(refused.message);

    // Bob: shared, listed.
    await accountField.fill(BOB);
    await shareButton.click();
    const list = dialog.getByTestId('share-list');
    await expect.poll(() => list.innerText(), { timeout: 20_000 }).toContain(BOB);
    await screenshots(alice, 'manager-share-dialog');
    await closeDialog();
    const sent = await api(aliceUrl, '/api/v1/session/id_container', {
      Session_ID: [id],
      Session_container_type: 1,
    });
    expect((sent.data.listcontainer as { Share_Username: string[] }[])[0]?.Share_Username).toEqual([
      BOB,
    ]);

    // --- Bob, on his own machine, in Chinese: marked as shared with him, settings not his.
    expect((await api(bobUrl, '/login', credentials[BOB]!)).status).toBe(0);
    const bob = await openPage('zh-CN');
    await bob.goto(`${bobUrl}/environments`);
    const bobRow = bob.getByTestId(`env-row-${id}`);
    await expect.poll(() => bobRow.count(), { timeout: 20_000 }).toBe(1);
    expect(await bobRow.getByTestId('shared-with-me').innerText()).toBe(`他人分享 · ${ALICE}`);
    await bobRow.getByRole('button', { name: '更多' }).click();
    const menu = bob.locator('.ant-dropdown:visible');
    await expect
      .poll(() => menu.getByText(`由 ${ALICE} 分享：设置归对方所有`).isVisible())
      .toBe(true);
    for (const item of ['编辑', '分享…', '删除']) {
      expect(
        await menu.getByRole('menuitem', { name: item, exact: true }).getAttribute('aria-disabled'),
        item,
      ).toBe('true');
    }
    await screenshots(bob, 'manager-share-received');
    await bob.keyboard.press('Escape');

    // --- Alice stops sharing, after a confirmation.
    await openShare();
    await expect.poll(() => list.innerText(), { timeout: 15_000 }).toContain(BOB);
    await dialog.getByRole('button', { name: `Remove ${BOB}` }).click();
    await alice.getByRole('button', { name: 'Stop sharing' }).click();
    await expect
      .poll(() => dialog.getByText('Not shared with anyone yet.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await closeDialog();

    // It leaves bob's machine at his next sync.
    await expect
      .poll(
        async () => {
          // The list as the refresh brings it: after its answer, and React's render of it.
          await Promise.all([
            bob.waitForResponse((r) => r.url().includes('/api/v1/session/listid')),
            bob.getByRole('button', { name: '刷新' }).click(),
          ]);
          await bob.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
          return bobRow.count();
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toBe(0);

    expect(errors).toEqual([]);
  }, 90_000);
});
