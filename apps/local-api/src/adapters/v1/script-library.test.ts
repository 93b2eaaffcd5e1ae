/**
 * POST /api/v1/script/list (issue 27): the cloud's script library in the caller's language — the
 * seeded scripts with their ids, names, what they do and versions — whose ids id_script_add
 * takes; a service without a login answers -4; a cloud that cannot be reached answers what
 * plugin/list answers then.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scriptId, startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };

interface LibraryScript {
  Script_ID: string;
  Script_Name: string;
  Script_Ver: string;
  Script_Desc: string;
  Script_Size: number;
}

/** The seed's scripts (apps/cloud/src/modules/library/seed/scripts), in library order. */
const SEEDED = [
  { slug: 'scroll-to-bottom', en: 'Scroll to bottom', zh: '滚动到底部' },
  { slug: 'accept-cookie-banners', en: 'Accept cookie banners', zh: '自动接受 Cookie 提示' },
  { slug: 'autofill-test-form', en: 'Auto-fill test form', zh: '自动填写测试表单' },
  { slug: 'keep-alive', en: 'Keep session alive', zh: '保持会话活跃' },
];

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

describe('script/list', () => {
  test('answers the seeded library: ids, names, what each does and versions, in English', async () => {
    const res = await service.post('/api/v1/script/list');
    expect(res.status).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ code: 0, message: 'Script Library Return Success' });
    const list = answer.data.Script_list as LibraryScript[];
    expect(answer.data.Scripts_Count).toBe(SEEDED.length);
    expect(list.map((s) => [s.Script_ID, s.Script_Name, s.Script_Ver])).toEqual(
      SEEDED.map((s) => [scriptId(s.slug), s.en, '1.0.0']),
    );
    expect(list[0]!.Script_Desc).toBe(
      'Scrolls the page down step by step until no more content loads (infinite lists, lazy images).',
    );
    for (const script of list) {
      expect(Object.keys(script).sort()).toEqual(
        ['Script_Desc', 'Script_ID', 'Script_Name', 'Script_Size', 'Script_Ver'].sort(),
      );
      expect(script.Script_Size).toBeGreaterThan(0);
    }
  });

  test('in Chinese: the names and descriptions of the library, the same ids and versions', async () => {
    const zh = (await service.post('/api/v1/script/list', {}, ZH)).json();
    expect(zh).toMatchObject({ code: 0, message: '脚本库获取成功' });
    const list = zh.data.Script_list as LibraryScript[];
    expect(list.map((s) => [s.Script_ID, s.Script_Name, s.Script_Ver])).toEqual(
      SEEDED.map((s) => [scriptId(s.slug), s.zh, '1.0.0']),
    );
    expect(list[0]!.Script_Desc).toBe(
      '逐步向下滚动页面，直到不再加载新内容（无限列表、懒加载图片）。',
    );
  });

  test('every id it lists is one id_script_add assigns, under the listed name', async () => {
    const list = (await service.post('/api/v1/script/list')).json().data
      .Script_list as LibraryScript[];
    const id = (await service.post('/api/v1/session/create', { Automatic_Configure: 0 })).json()
      .data.Session_Id as string;
    const added = await service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: list.map((s) => s.Script_ID),
    });
    expect(added.json()).toMatchObject({ code: 0, data: { Script_Count: list.length } });
    const assigned = (
      await service.post('/api/v1/session/id_script_list', { Session_ID: id })
    ).json().data.UnActived_script_list as { UnActived_script_Name: string }[];
    expect(assigned.map((s) => s.UnActived_script_Name).sort()).toEqual(
      list.map((s) => s.Script_Name).sort(),
    );
  });

  test('takes no parameters', async () => {
    const res = await service.post('/api/v1/script/list', { Session_ID: 'x' });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: -10000 });
  });

  test('a service that is not logged in answers -4', async () => {
    const loggedOut = await startTestService({ cloud: cloud.url });
    try {
      const res = await loggedOut.post('/api/v1/script/list');
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({ code: -4, data: null });
    } finally {
      await loggedOut.dispose();
    }
  });

  test('with the cloud stopped: the failure plugin/list answers, in the caller’s language', async () => {
    // A service (and account) of its own: the first one's lists are cached briefly, and would
    // still answer; a credential is used by one service at a time.
    const bob = await cloud.account('bob');
    const fresh = await startTestService({ cloud: cloud.url });
    try {
      expect((await fresh.post('/login', bob)).json().status).toBe(0);
      await cloud.pause();
      const res = await fresh.post('/api/v1/script/list');
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        message: 'Server access error (Login_ServerError)',
        code: -5,
        data: null,
      });
      const plugins = await fresh.post('/api/v1/plugin/list');
      expect([res.status, res.json()]).toEqual([plugins.status, plugins.json()]);
      const zh = await fresh.post('/api/v1/script/list', {}, ZH);
      expect(zh.json()).toMatchObject({ code: -5, message: '服务器访问出错（Login_ServerError）' });
    } finally {
      await cloud.resume();
      await fresh.dispose();
    }
  });
});
