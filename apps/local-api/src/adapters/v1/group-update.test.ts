/**
 * POST /api/v1/group/update (issue 27): renaming a group moves its environments with it; the
 * default group keeps its name; a name in use, an unknown group and a service without a login
 * are refused, in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

beforeAll(async () => {
  cloud = await startTestCloud();
  const alice = await cloud.account('alice');
  service = await startTestService({ cloud: cloud.url });
  expect((await service.post('/login', alice)).json().status).toBe(0);
}, 60_000);
afterAll(async () => {
  await service?.dispose();
  await cloud?.stop();
});

async function create(group: string): Promise<string> {
  const res = await service.post('/api/v1/session/create', {
    Automatic_Configure: 0,
    Session_Group: group,
  });
  expect(res.json().code, res.text).toBe(0);
  return res.json().data.Session_Id as string;
}

async function groupOf(id: string): Promise<string> {
  const res = await service.post('/api/v1/session/id_container', {
    Session_ID: id,
    Session_container_type: 2,
  });
  return res.json().data.listcontainer[0].Group_Name as string;
}

async function idsIn(group: string): Promise<string[]> {
  const res = await service.post('/api/v1/session/listid', { Session_GroupName: group });
  return (res.json().data.listid as string[]).sort();
}

const groups = async () =>
  (await service.post('/api/v1/group/list')).json().data.Group_Name_List as string[];

describe('group/update', () => {
  test('renames the group and moves every environment in it; others stay where they are', async () => {
    expect((await service.post('/api/v1/group/create', { Group_Name: 'Amazon' })).json().code).toBe(
      0,
    );
    const moved = [await create('Amazon'), await create('Amazon')].sort();
    const stays = await create('default');

    const res = await service.post('/api/v1/group/update', {
      Group_Name: 'Amazon',
      New_Group_Name: '  Amazon US ',
    });
    expect(res.json()).toEqual({
      message: 'Group Rename Success',
      code: 0,
      data: { Group_Name: 'Amazon', New_Group_Name: 'Amazon US' },
    });
    const names = await groups();
    expect(names).toContain('Amazon US');
    expect(names).not.toContain('Amazon');
    expect(await idsIn('Amazon US')).toEqual(moved);
    expect(await idsIn('Amazon')).toEqual([]);
    for (const id of moved) expect(await groupOf(id)).toBe('Amazon US');
    expect(await groupOf(stays)).toBe('default');
    // The renamed group is a group like any other: environments are created in it.
    expect(await groupOf(await create('Amazon US'))).toBe('Amazon US');

    const zh = await service.post(
      '/api/v1/group/update',
      { Group_Name: 'Amazon US', New_Group_Name: '亚马逊' },
      ZH,
    );
    expect(zh.json()).toMatchObject({ code: 0, message: '分组重命名成功' });
    expect(await idsIn('亚马逊')).toHaveLength(3);
  });

  test('"default" keeps its name', async () => {
    const res = await service.post('/api/v1/group/update', {
      Group_Name: 'default',
      New_Group_Name: 'main',
    });
    expect(res.json()).toEqual({
      message: 'The default group cannot be renamed',
      code: -10000,
      data: null,
    });
    const zh = await service.post(
      '/api/v1/group/update',
      { Group_Name: 'default', New_Group_Name: 'main' },
      ZH,
    );
    expect(zh.json()).toMatchObject({ code: -10000, message: '默认分组不能重命名' });
    expect(await groups()).not.toContain('main');
  });

  test('a name in use is refused in words, in both languages, and nothing moves', async () => {
    await service.post('/api/v1/group/create', { Group_Name: 'eBay' });
    await service.post('/api/v1/group/create', { Group_Name: 'Etsy' });
    const id = await create('eBay');
    const res = await service.post('/api/v1/group/update', {
      Group_Name: 'eBay',
      New_Group_Name: 'Etsy',
    });
    expect(res.json()).toEqual({
      message: 'A group named “Etsy” already exists',
      code: -10000,
      data: null,
    });
    const zh = await service.post(
      '/api/v1/group/update',
      { Group_Name: 'eBay', New_Group_Name: 'default' },
      ZH,
    );
    expect(zh.json()).toMatchObject({ code: -10000, message: '已存在名为“default”的分组' });
    const same = await service.post('/api/v1/group/update', {
      Group_Name: 'eBay',
      New_Group_Name: 'eBay',
    });
    expect(same.json().message).toBe('A group named “eBay” already exists');
    expect(await groupOf(id)).toBe('eBay');
    expect(await groups()).toEqual(expect.arrayContaining(['eBay', 'Etsy']));
  });

  test('an unknown group answers -103; the new name follows the rules of group/create', async () => {
    const unknown = await service.post('/api/v1/group/update', {
      Group_Name: 'Ghost',
      New_Group_Name: 'Spirit',
    });
    expect(unknown.json()).toEqual({ message: 'Group not found: Ghost', code: -103, data: null });
    const zh = await service.post(
      '/api/v1/group/update',
      { Group_Name: 'Ghost', New_Group_Name: 'Spirit' },
      ZH,
    );
    expect(zh.json()).toMatchObject({ code: -103, message: '分组不存在：Ghost' });
    await service.post('/api/v1/group/create', { Group_Name: 'Walmart' });
    const long = await service.post('/api/v1/group/update', {
      Group_Name: 'Walmart',
      New_Group_Name: 'x'.repeat(31),
    });
    expect(long.status).toBe(400);
    const blank = await service.post('/api/v1/group/update', {
      Group_Name: 'Walmart',
      New_Group_Name: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.json()).toMatchObject({ code: -10000 });
    const missing = await service.post('/api/v1/group/update', { Group_Name: 'Walmart' });
    expect(missing.status).toBe(400);
    expect(await groups()).toContain('Walmart');
  });

  test('a service that is not logged in answers -4', async () => {
    const loggedOut = await startTestService({ cloud: cloud.url });
    try {
      const res = await loggedOut.post('/api/v1/group/update', {
        Group_Name: 'Amazon',
        New_Group_Name: 'Amazon US',
      });
      expect(res.status).toBe(401);
      expect(res.json().code).toBe(-4);
    } finally {
      await loggedOut.dispose();
    }
  });
});
