/**
 * Fields of an environment that session/create takes beyond update's: Group_Name (the group, as the
 * answers spell it; an unknown one answers -103 like Session_Group), and Session_Args and
 * Session_Headless, stored with the environment for a start that gives none of its own (the start
 * itself is proven with Chromium in adapters/v1/start-defaults.test.ts). The spec's update lists
 * neither.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;

beforeAll(async () => {
  cloud = await startTestCloud();
  const alice = await cloud.account('alice');
  service = await startTestService({ cloud: cloud.url });
  expect((await service.post('/login', alice)).json().status).toBe(0);
  expect((await service.post('/api/v1/group/create', { Group_Name: 'Amazon' })).json().code).toBe(
    0,
  );
});
afterAll(async () => {
  await service?.dispose();
  await cloud?.stop();
});

const create = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  service.post('/api/v1/session/create', { Automatic_Configure: 0, ...fields }, headers);

async function info(id: string) {
  const res = await service.post('/api/v1/session/id_container', { Session_ID: id });
  return res.json().data.listcontainer[0] as Record<string, unknown>;
}

describe('Group_Name on create', () => {
  test('puts the environment in that group', async () => {
    const res = await create({ Group_Name: 'Amazon' });
    expect(res.json().code).toBe(0);
    const env = await info(res.json().data.Session_Id);
    expect(env).toMatchObject({ Group_Name: 'Amazon', Session_Group: 'Amazon' });
    const listed = await service.post('/api/v1/session/listid', { Session_GroupName: 'Amazon' });
    expect(listed.json().data.listid).toContain(res.json().data.Session_Id);
    // The same group under both spellings is one group.
    const both = await create({ Group_Name: 'Amazon', Session_Group: 'Amazon' });
    expect((await info(both.json().data.Session_Id)).Group_Name).toBe('Amazon');
  });

  test('an unknown group answers -103, a name too long for any group too', async () => {
    const before = (await service.post('/api/v1/session/listid')).json().data.total;
    const ghost = await create({ Group_Name: 'Ghost' });
    expect(ghost.status).toBe(200);
    expect(ghost.json()).toMatchObject({ code: -103, data: null });
    const long = await create({ Group_Name: 'x'.repeat(31) });
    expect(long.json().code).toBe(-103);
    expect((await service.post('/api/v1/session/listid')).json().data.total).toBe(before);
  });

  test('two different groups are refused, in both languages', async () => {
    const res = await create({ Group_Name: 'Amazon', Session_Group: 'default' });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: -10000,
      message: 'Session_Group and Group_Name name different groups: send one of them',
      data: null,
    });
    const zh = await create(
      { Group_Name: 'Amazon', Session_Group: 'default' },
      { 'accept-language': 'zh' },
    );
    expect(zh.json().message).toBe(
      'Session_Group 与 Group_Name 指定了不同的分组：请只提供其中一个',
    );
  });
});

describe('Session_Args and Session_Headless', () => {
  test('are stored and answered by id_container while the environment is stopped', async () => {
    const res = await create({
      Session_Args: ['--window-position=10,20'],
      Session_Headless: '1',
    });
    expect(res.json().code).toBe(0);
    const env = await info(res.json().data.Session_Id);
    expect(env).toMatchObject({
      Session_Args: ['--window-position=10,20'],
      Session_Headless: 1,
      Session_Actived: 0,
    });
    // Without them: no arguments, with a window.
    const plain = await info((await create({})).json().data.Session_Id);
    expect(plain).toMatchObject({ Session_Args: [], Session_Headless: 0 });
  });

  test('arguments a start would refuse are refused at create, and nothing is stored', async () => {
    const before = (await service.post('/api/v1/session/listid')).json().data.total;
    const refused = await create({ Session_Args: ['--remote-allow-origins=*'] });
    expect(refused.status).toBe(400);
    expect(refused.json().code).toBe(-10000);
    expect(refused.json().message).toMatch(
      /^Browser arguments not allowed: --remote-allow-origins/,
    );
    const repeated = await create({
      Session_Args: ['--window-position=1,1', '--window-position=2,2'],
    });
    expect(repeated.json().message).toBe(
      'Browser arguments given more than once: --window-position',
    );
    const headless = await create({ Session_Headless: 2 });
    expect(headless.status).toBe(400);
    expect((await service.post('/api/v1/session/listid')).json().data.total).toBe(before);
  });

  test('update does not take them (the spec lists its fields)', async () => {
    const id = (await create({})).json().data.Session_Id;
    const res = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Session_Args: ['--mute-audio'],
    });
    expect(res.json().message).toBe('Unknown field: Session_Args');
  });
});
