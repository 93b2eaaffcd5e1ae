/**
 * Tags, clones and the recycle bin (issue 27), through the calls as a user's script or the
 * manager makes them, with the real cloud behind: a restored environment comes back on another
 * machine of the account too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;
type Credential = { Account: string; APP_ID: string; APP_KEY: string };
let alice: Credential;
let bob: Credential;
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const COOKIE = {
  name: 'session-id',
  value: 'seller-42',
  domain: '.seller.example.com',
  path: '/',
  expirationDate: 4_102_444_800,
};

beforeAll(async () => {
  cloud = await startTestCloud();
  alice = await cloud.account('alice');
  bob = await cloud.account('bob');
  service = await startTestService({ cloud: cloud.url });
  expect((await service.post('/login', alice)).json().status).toBe(0);
}, 60_000);
afterAll(async () => {
  await service?.dispose();
  await cloud?.stop();
});

async function create(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await service.post('/api/v1/session/create', { Automatic_Configure: 0, ...fields });
  expect(res.json().code, res.text).toBe(0);
  return res.json().data.Session_Id as string;
}

async function info(id: string) {
  const res = await service.post('/api/v1/session/id_container', {
    Session_ID: id,
    Session_container_type: 1,
  });
  expect(res.json().code, res.text).toBe(0);
  return res.json().data.listcontainer[0];
}

const listid = async (filters: Record<string, unknown> = {}) =>
  ((await service.post('/api/v1/session/listid', filters)).json().data.listid as string[]).sort();

describe('tags', () => {
  test('set on create and update, added and removed in bulk, listed with counts, filtered by', async () => {
    const a = await create({ Session_Tags: [' US ', 'warming', 'US'] });
    const b = await create();
    expect((await info(a)).Session_Tags).toEqual(['US', 'warming']);
    expect((await info(b)).Session_Tags).toEqual([]);

    const bulk = await service.post('/api/v1/session/tags', {
      Session_ID: [a, b],
      Add_Tags: ['EU'],
      Remove_Tags: ['warming'],
    });
    expect(bulk.json()).toEqual({
      message: 'Session Tags Update Success',
      code: 0,
      data: { Session_Tags: { [a]: ['US', 'EU'], [b]: ['EU'] } },
    });
    const update = await service.post('/api/v1/session/update', {
      Session_ID: b,
      Session_Tags: ['EU', '中国'],
    });
    expect(update.json().code, update.text).toBe(0);

    const tags = await service.post('/api/v1/session/tag/list');
    expect(tags.json().data.Tag_List).toEqual(
      expect.arrayContaining([
        { Tag: 'EU', Count: 2 },
        { Tag: 'US', Count: 1 },
        { Tag: '中国', Count: 1 },
      ]),
    );
    expect(await listid({ Session_Tag: 'EU' })).toEqual([a, b].sort());
    expect(await listid({ Session_Tag: 'US' })).toEqual([a]);
    expect(await listid({ Session_Tag: 'warming' })).toEqual([]);
  });

  test('all or nothing: an unknown environment or an eleventh tag changes none', async () => {
    const a = await create({ Session_Tags: ['one'] });
    const unknown = await service.post(
      '/api/v1/session/tags',
      { Session_ID: [a, 'f'.repeat(32)], Add_Tags: ['two'] },
      ZH,
    );
    expect(unknown.json().code).toBe(-22);
    expect(unknown.json().message).toContain('f'.repeat(32));
    const full = await create({
      Session_Tags: Array.from({ length: 10 }, (_, i) => `t${i}`),
    });
    const over = await service.post('/api/v1/session/tags', {
      Session_ID: [a, full],
      Add_Tags: ['eleventh'],
    });
    expect(over.json().code).not.toBe(0);
    expect((await info(a)).Session_Tags).toEqual(['one']);
    expect((await info(full)).Session_Tags).toHaveLength(10);
  });
});

describe('clone', () => {
  test('copies settings, proxy, pages and tags; not the fingerprint, profile or (unless asked) cookies', async () => {
    const id = await create({
      Session_Name: 'Shop 1',
      Session_Tags: ['US'],
      Cookie: [COOKIE],
      HomePage_url: ['https://shop.example/orders'],
      Proxy_Type: 'HTTP',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: 8080,
    });
    fs.writeFileSync(path.join(service.dataDir, 'sessions', id, 'marker'), 'profile');

    const res = await service.post('/api/v1/session/clone', { Session_ID: id, Clone_Count: 2 }, ZH);
    expect(res.json().code, res.text).toBe(0);
    const copies = res.json().data.Session_Clones as { Session_Id: string; Session_Name: string }[];
    expect(copies.map((c) => c.Session_Name)).toEqual(['Shop 1（副本 1）', 'Shop 1（副本 2）']);
    const original = await info(id);
    for (const copy of copies) {
      const it = await info(copy.Session_Id);
      expect(it).toMatchObject({
        Session_Name: copy.Session_Name,
        Session_Tags: ['US'],
        Proxy_Type: 'HTTP',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: 8080,
        User_Agent: original.User_Agent,
        HomePage_url: ['https://shop.example/orders'],
      });
      expect(it.Cookie).toEqual([]);
      expect(fs.readdirSync(path.join(service.dataDir, 'sessions', copy.Session_Id))).toEqual([]);
    }

    const withCookies = await service.post('/api/v1/session/clone', {
      Session_ID: id,
      Copy_Cookies: 1,
      Session_Name: 'Shop 2',
    });
    const copy = withCookies.json().data.Session_Clones[0];
    expect(copy.Session_Name).toBe('Shop 2');
    expect((await info(copy.Session_Id)).Cookie).toEqual([
      expect.objectContaining({ name: 'session-id', value: 'seller-42' }),
    ]);

    const missing = await service.post('/api/v1/session/clone', { Session_ID: 'f'.repeat(32) });
    expect(missing.json().code).toBe(-22);
  });
});

describe('recycle bin', () => {
  test('a delete keeps the environment and its profile for 7 days; restore brings both back, here and on another machine', async () => {
    const kept = await create({ Session_Name: 'kept', Cookie: [COOKIE], Session_Tags: ['bin'] });
    const gone = await create({ Session_Name: 'gone' });
    const before = await info(kept);
    fs.writeFileSync(path.join(service.dataDir, 'sessions', kept, 'marker'), 'profile');

    const del = await service.post('/api/v1/session/delete', { Session_ID: [kept, gone] });
    expect(del.json().data.Delete_Session_Success).toEqual([kept, gone]);
    expect(await listid({ Session_Tag: 'bin' })).toEqual([]);
    expect(fs.existsSync(path.join(service.dataDir, 'sessions', kept))).toBe(false);

    const bin = (await service.post('/api/v1/session/trash/list')).json().data;
    const entry = bin.Trash_List.find((e: { Session_ID: string }) => e.Session_ID === kept);
    expect(entry).toMatchObject({ Session_Name: 'kept', Session_Group: 'default' });
    const days = (Date.parse(entry.Purge_Time) - Date.parse(entry.Deleted_Time)) / 86_400_000;
    expect(days).toBe(7);

    // A restart pushes what waits: the delete is in the cloud before the restore.
    await service.stop();
    service = await startTestService({ cloud: cloud.url, dataDir: service.dataDir });
    expect((await service.post('/login', alice)).json().status).toBe(0);

    const restored = await service.post('/api/v1/session/trash/restore', { Session_ID: [kept] });
    expect(restored.json().data.Restored_Session_ID).toEqual([kept]);
    const back = await info(kept);
    expect(back).toMatchObject({
      Session_Name: 'kept',
      User_Agent: before.User_Agent,
      Session_Tags: ['bin'],
    });
    expect(back.Cookie).toEqual([expect.objectContaining({ value: 'seller-42' })]);
    expect(fs.readFileSync(path.join(service.dataDir, 'sessions', kept, 'marker'), 'utf8')).toBe(
      'profile',
    );

    // Not in the bin any more (or never): refused, nothing changes.
    const again = await service.post('/api/v1/session/trash/restore', { Session_ID: [kept, gone] });
    expect(again.json().code).not.toBe(0);
    expect(again.json().message).toContain(kept);
    expect(await listid()).not.toContain(gone);

    const purge = await service.post('/api/v1/session/trash/delete', { Session_ID: [gone] });
    expect(purge.json().data.Deleted_Session_ID).toEqual([gone]);
    expect(fs.existsSync(path.join(service.dataDir, 'trash', gone))).toBe(false);
    const after = (await service.post('/api/v1/session/trash/list')).json().data.Trash_List;
    expect(after.map((e: { Session_ID: string }) => e.Session_ID)).not.toContain(gone);

    // The delete reached the cloud and the restore came back on top of it: another machine of
    // the account (this one stopped, its changes pushed) finds the restored environment only.
    await service.stop();
    const laptop = await startTestService({ cloud: cloud.url });
    try {
      expect((await laptop.post('/login', alice)).json().status).toBe(0);
      const ids = (await laptop.post('/api/v1/session/listid')).json().data.listid as string[];
      expect(ids).toContain(kept);
      expect(ids).not.toContain(gone);
    } finally {
      await laptop.dispose();
      service = await startTestService({ cloud: cloud.url, dataDir: service.dataDir });
      expect((await service.post('/login', alice)).json().status).toBe(0);
    }
  });

  test("another account's bin is not yours, and Is_Delete_All empties one's own", async () => {
    const id = await create();
    await service.post('/api/v1/session/delete', { Session_ID: [id] });
    // The same machine, another account logged in.
    expect((await service.post('/login', bob)).json().status).toBe(0);
    try {
      expect((await service.post('/api/v1/session/trash/list')).json().data.Trash_List).toEqual([]);
      const theirs = await service.post('/api/v1/session/trash/restore', { Session_ID: [id] });
      expect(theirs.json().code).not.toBe(0);
      expect(
        (await service.post('/api/v1/session/trash/delete', { Is_Delete_All: 1 })).json().data,
      ).toEqual({ Deleted_Session_ID: [] });
    } finally {
      expect((await service.post('/login', alice)).json().status).toBe(0);
    }
    const empty = await service.post('/api/v1/session/trash/delete', { Is_Delete_All: 1 });
    expect(empty.json().data.Deleted_Session_ID).toContain(id);
    expect((await service.post('/api/v1/session/trash/list')).json().data.Trash_List).toEqual([]);
    expect(fs.readdirSync(path.join(service.dataDir, 'trash'))).toEqual([]);
  });
});
