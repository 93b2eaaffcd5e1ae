/**
 * Start and status codes (BrowserCodes) in real Chromium, each reached for real:
 * -1 when the environment's folder cannot be written at start; -17 for browsers a logout closed
 * (an account switch on /login, or a lease the cloud ends: the service is logged out at its next
 * cloud call). A new start clears the code again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BrowserCodes } from '@hainiao/contract';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  until,
  type BrowserService,
} from '../../test/browser.ts';

const B = BrowserCodes.code;
let api: BrowserService;

describe.skipIf(!hasChromium)('start and status codes', () => {
  beforeAll(async () => {
    api = await startBrowserService();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  test('switching accounts closes the first account’s browsers; back again they read -17', async () => {
    const id = await api.create();
    await api.startOne(id);
    const other = await api.cloud.account(`sw${Math.random().toString(36).slice(2, 8)}`);
    expect((await api.service.post('/login', other)).json().status).toBe(0);
    await until(() => browsersOf(api.service.dataDir).length === 0, 10_000, 'browsers closed');

    expect((await api.service.post('/login', api.account)).json().status).toBe(0);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({
      Session_ID: id,
      status: B.LOGOUT_EXIT,
      Session_Actived: 0,
    });
    // Not running: the status call without ids lists it no more.
    expect((await api.status()).listcontainer.map((e) => e.Session_ID)).not.toContain(id);
    // A new start clears it.
    await api.startOne(id);
    expect((await api.status([id])).listcontainer[0].status).toBe(B.SUCCESS);
    await api.kill([id]);
    expect((await api.status([id])).listcontainer[0].status).toBe(B.SUCCESS);
  }, 90_000);

  test('a lease the cloud ends logs the service out and closes its browsers with -17', async () => {
    const id = await api.create();
    await api.startOne(id);
    const token = await api.cloud.consoleToken(api.account.Account);
    const reset = await api.cloud.call('resetappkey', { token, app_id: api.account.APP_ID });
    expect(reset.code).toBe(0);
    // The next cloud call answers -4: the service is logged out, and its browsers close.
    const members = await api.service.post('/members', { Account: api.account.Account });
    expect(members.json().status).toBe(-4);
    await until(() => browsersOf(api.service.dataDir).length === 0, 10_000, 'browsers closed');

    const key = await api.cloud.call('getappkey', { token, app_id: api.account.APP_ID });
    const login = await api.service.post('/login', { ...api.account, APP_KEY: key.data.app_key });
    expect(login.json().status).toBe(0);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({
      status: B.LOGOUT_EXIT,
      Session_Actived: 0,
    });
  }, 90_000);

  test('an environment folder that cannot be written answers -1 and starts nothing', async () => {
    const id = await api.create();
    // A damaged data folder: a file where the environment's folder belongs.
    const folder = path.join(api.service.dataDir, 'sessions', id);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, 'not a folder');
    const [item] = await api.start([id]);
    expect(item).toMatchObject({ Session_ID: id, status: B.INIT_DATA_FAILED });
    expect(item.message).toMatch(/ENOTDIR|EEXIST/);
    expect(browsersOf(api.service.dataDir)).toEqual([]);
    // Repaired, it starts.
    fs.rmSync(folder);
    await api.startOne(id);
    await api.kill([id]);
  }, 60_000);
});
