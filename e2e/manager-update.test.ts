/**
 * The notice of a newer client in the environment manager (issue 31), in real Chromium against
 * the whole system: the local API asks the cloud's `version` call (every half second here, every
 * six hours for users), and versions are published into the cloud's release store as
 * `npm run package` publishes them. Nothing published, or this very version: no notice. A later
 * version: the notice appears in the open manager without a reload, in English with the site's
 * download page and in Chinese with its Chinese page; closed, the browser keeps that version.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publishRelease } from '@hainiao/cloud/modules/content/publish.ts';
import { diskStore } from '@hainiao/cloud/storage/files.ts';
import { CLIENT_VERSION } from '@hainiao/local-api/version.ts';
import { accountWithCredential, adminOf, launchChromium, startTestSystem } from '@hainiao/testkit';
import { managerContext, recordErrors, signInManager } from './manager-helpers.ts';

const ACCOUNT = 'update_notice_e2e';
/** A version after this one: its last number one higher. */
const NEXT_VERSION = CLIENT_VERSION.replace(/\d+$/, (last) => String(Number(last) + 1));

describe('the manager tells of a newer client', () => {
  let system: Awaited<ReturnType<typeof startTestSystem>>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let programDir: string;
  let login: { account: string; appId: string; appKey: string };
  const errors: string[] = [];

  beforeAll(async () => {
    programDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-release-'));
    fs.writeFileSync(path.join(programDir, 'program'), 'a client program\n');
    // The service asks often enough for a test to see a publish (it inherits the variable).
    const before = process.env.HAINIAO_UPDATE_CHECK_INTERVAL_MS;
    process.env.HAINIAO_UPDATE_CHECK_INTERVAL_MS = '500';
    try {
      [system, browser] = await Promise.all([startTestSystem(), launchChromium()]);
    } finally {
      if (before === undefined) delete process.env.HAINIAO_UPDATE_CHECK_INTERVAL_MS;
      else process.env.HAINIAO_UPDATE_CHECK_INTERVAL_MS = before;
    }
    const made = await accountWithCredential(adminOf(system), ACCOUNT);
    login = { account: made.Account, appId: made.APP_ID, appKey: made.APP_KEY };
    context = await managerContext(browser);
    page = await context.newPage();
    recordErrors(page, errors);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await system?.stop();
    if (programDir) fs.rmSync(programDir, { recursive: true, force: true });
  });

  const notice = () => page.getByTestId('update-notice');
  /** What the service knows, as the manager's state call says it. */
  const known = async () =>
    (
      (await (await fetch(`${system.localApi.url}/manager/state`)).json()) as {
        update: { latest: string | null; checkedAt: string | null };
      }
    ).update;
  const publish = (version: string) =>
    publishRelease(diskStore(path.join(system.dataDir, 'releases')), {
      version,
      files: [{ system: 'linux-x64', path: path.join(programDir, 'program') }],
    });
  /** The page has the live stream's latest news (its first message carries what is known). */
  const streamed = () =>
    expect.poll(() => page.locator('.ant-badge-status-processing').count()).toBeGreaterThan(0);

  test('no notice for nothing published or this version; a later one is told, with its page', async () => {
    // Nothing published: the service has asked (the page opens after), and knows of no version.
    await expect.poll(async () => (await known()).checkedAt).not.toBeNull();
    expect((await known()).latest).toBeNull();
    await signInManager(page, system.localApi.url, login);
    await streamed();
    expect(await notice().count()).toBe(0);

    // This very version published: known, not newer.
    await publish(CLIENT_VERSION);
    await expect.poll(async () => (await known()).latest).toBe(CLIENT_VERSION);
    await page.reload();
    await streamed();
    expect(await notice().count()).toBe(0);

    // A later version: told in the open page, with the site's download page.
    await publish(NEXT_VERSION);
    await expect.poll(() => notice().isVisible()).toBe(true);
    expect(await notice().innerText()).toContain(
      `Hainiao ${NEXT_VERSION} is available (you have ${CLIENT_VERSION}).`,
    );
    const download = notice().getByRole('link', { name: 'Download' });
    const site = new URL(system.cloud.url).origin;
    expect(await download.getAttribute('href')).toBe(`${site}/download`);
    expect(await download.getAttribute('target')).toBe('_blank');

    await page.getByText('简体中文', { exact: true }).click();
    await expect
      .poll(() => notice().innerText())
      .toContain(`海鸟 ${NEXT_VERSION} 已发布（当前版本 ${CLIENT_VERSION}）。`);
    const zhDownload = notice().getByRole('link', { name: '前往下载' });
    expect(await zhDownload.getAttribute('href')).toBe(`${site}/zh/download`);
    // Both pages are the site's, served by the cloud.
    for (const url of [`${site}/download`, `${site}/zh/download`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
    }

    // Closed, it stays closed for this version: the browser remembers which one (read at load).
    await notice().getByRole('button', { name: '在下个版本发布前不再提示' }).click();
    await expect.poll(() => notice().count()).toBe(0);
    expect(
      await page.evaluate(() => localStorage.getItem('hainiao.manager.update-dismissed')),
    ).toBe(JSON.stringify(NEXT_VERSION));
    expect(errors).toEqual([]);
  });
});
