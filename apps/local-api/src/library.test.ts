/**
 * Scripts and plugins from the cloud's library: listing, assigning (downloaded into the data
 * folder), one active script, at most 100, delete of inactive ones only; plugin install with and
 * without Plugin_ver, delete, and the listid filters on both.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from './test/server.ts';

let cloud: TestCloud;
let service: TestService;
let id: string;
let stopped = false;

beforeAll(async () => {
  cloud = await startTestCloud();
  const alice = await cloud.account('alice');
  service = await startTestService({ cloud: cloud.url });
  expect((await service.post('/login', alice)).json().status).toBe(0);
  id = (await service.post('/api/v1/session/create', { Automatic_Configure: 0 })).json().data
    .Session_Id;
});
afterAll(async () => {
  await service?.dispose();
  if (!stopped) await cloud?.stop();
});

async function libraryScripts() {
  const token = service.auth.current?.token ?? '';
  const res = await cloud.call('scriptlist', { token });
  return res.data.list as { Script_ID: string; Script_Name: string; Script_Ver: string }[];
}

describe('plugins', () => {
  test('plugin/list answers the global library, newest versions, with every version', async () => {
    const res = await service.post('/api/v1/plugin/list');
    const data = res.json().data;
    expect(res.json()).toMatchObject({ message: 'Plugin List Return Success', code: 0 });
    expect(data.Plugins_Count).toBe(3);
    const dark = data.Plugin_list.find(
      (p: { Plugin_Name: string }) => p.Plugin_Name === 'Dark Mode Lite',
    );
    expect(dark).toMatchObject({
      Plugin_Id: expect.stringMatching(/^[a-p]{32}$/),
      Plugin_Ver: '1.1.0',
      Plugin_Ver_List: ['1.1.0', '1.0.0'],
    });
    const zh = await service.post('/api/v1/plugin/list', {}, { 'accept-language': 'zh' });
    expect(zh.json().data.Plugin_list.map((p: { Plugin_Name: string }) => p.Plugin_Name)).toContain(
      '简易深色模式',
    );
  });

  test('install (newest, or Plugin_ver), list, filter, delete', async () => {
    const list = (await service.post('/api/v1/plugin/list')).json().data.Plugin_list as {
      Plugin_Id: string;
      Plugin_Name: string;
    }[];
    const dark = list.find((p) => p.Plugin_Name === 'Dark Mode Lite')!.Plugin_Id;
    const copy = list.find((p) => p.Plugin_Name === 'Copy Tab URLs')!.Plugin_Id;
    const res = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: [dark, copy],
    });
    expect(res.json()).toMatchObject({
      message: 'Plugin Install Success',
      code: 0,
      data: { Session_ID: id, Plugins_Count: 2 },
    });
    const unpacked = path.join(service.dataDir, 'library', 'plugins', dark, '1.1.0');
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      manifest_version: 3,
      version: '1.1.0',
      key: expect.any(String),
    });
    expect(fs.existsSync(path.join(unpacked, 'content.js'))).toBe(true);

    const older = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: [dark],
      Plugin_ver: '1.0.0',
    });
    expect(older.json().data.Plugin_list).toContainEqual({
      Plugin_Id: dark,
      Plugin_Name: 'Dark Mode Lite',
      Plugin_Ver: '1.0.0',
    });
    const perEnv = await service.post('/api/v1/session/id_plugin_list', { Session_ID: id });
    expect(perEnv.json().data.Plugins_Count).toBe(2);

    const filtered = await service.post('/api/v1/session/listid', { Session_ISPlugins: 1 });
    expect(filtered.json().data.listid).toEqual([id]);
    const byId = await service.post('/api/v1/session/listid', { Session_Plugins_id: copy });
    expect(byId.json().data.listid).toEqual([id]);

    const wrongVersion = await service.post('/api/v1/session/plugin_delete', {
      Session_ID: id,
      Plugin_ID: [dark],
      Plugin_ver: '1.1.0',
    });
    expect(wrongVersion.json()).toMatchObject({
      code: -10000,
      message: `Plugin not installed in this session: ${dark} 1.1.0`,
    });
    const del = await service.post('/api/v1/session/plugin_delete', {
      Session_ID: id,
      Plugin_ID: [dark],
      Plugin_ver: '1.0.0',
    });
    expect(del.json()).toMatchObject({
      message: 'Plugin Delete Success',
      data: { Plugins_Count: 1, Plugin_list: [{ Plugin_Id: copy }] },
    });
  });

  test('unknown plugins and versions; Plugin_ID must be an array', async () => {
    const unknown = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    });
    expect(unknown.json().message).toBe(
      'Plugin not found in the library: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    );
    const list = (await service.post('/api/v1/plugin/list')).json().data.Plugin_list;
    const version = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: [list[0].Plugin_Id],
      Plugin_ver: '9.9.9',
    });
    expect(version.json().message).toMatch(/has no version 9\.9\.9$/);
    const notArray = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: list[0].Plugin_Id,
    });
    expect(notArray.status).toBe(400);
    const ghost = await service.post('/api/v1/session/id_plugin_list', { Session_ID: 'ghost' });
    expect(ghost.json().code).toBe(-22);
  });
});

describe('scripts', () => {
  test('add, list, activate one, deactivate, delete inactive only', async () => {
    const [scroll, cookies, autofill] = await libraryScripts();
    const add = await service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: [scroll!.Script_ID, cookies!.Script_ID],
    });
    expect(add.json()).toMatchObject({
      message: 'Script Add Success',
      code: 0,
      data: { Script_Count: 2 },
    });
    const single = await service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: autofill!.Script_ID,
    });
    expect(single.json().data.Script_Count).toBe(3);
    const file = path.join(service.dataDir, 'library', 'scripts', scroll!.Script_ID, '1.0.0.js');
    expect(fs.readFileSync(file, 'utf8')).toContain('Scroll to bottom');

    const list = await service.post('/api/v1/session/id_script_list', { Session_ID: id });
    expect(list.json()).toMatchObject({
      message: 'Script List Return Success',
      data: { Script_ID: '', Script_Count: 3 },
    });
    const item = list.json().data.UnActived_script_list[0];
    expect(item).toMatchObject({
      UnActived_script_ID: scroll!.Script_ID,
      UnActived_script_Name: 'Scroll to bottom',
    });
    expect(Buffer.from(item.UnActived_script_encode, 'base64').toString()).toContain('scrollBy');

    const active = await service.post('/api/v1/session/id_script_active', {
      Session_ID: id,
      Script_ID: cookies!.Script_ID,
    });
    expect(active.json()).toMatchObject({ message: 'Script Active Success', code: 0 });
    await service.post('/api/v1/session/id_script_active', {
      Session_ID: id,
      Script_ID: scroll!.Script_ID,
    });
    const after = (await service.post('/api/v1/session/id_script_list', { Session_ID: id })).json()
      .data;
    expect(after).toMatchObject({
      Script_ID: scroll!.Script_ID,
      Actived_script_name: 'Scroll to bottom',
    });
    expect(after.UnActived_script_list).toHaveLength(2);

    const byScript = await service.post('/api/v1/session/listid', {
      Session_AutoScript_id: scroll!.Script_ID,
    });
    expect(byScript.json().data.listid).toEqual([id]);
    const anyScript = await service.post('/api/v1/session/listid', { Session_ISAutoScript: 1 });
    expect(anyScript.json().data.listid).toEqual([id]);
    expect(
      (
        await service.post('/api/v1/session/id_container', {
          Session_ID: id,
          Session_container_type: 3,
        })
      ).json().data.listcontainer[0],
    ).toMatchObject({
      Actived_script_id: scroll!.Script_ID,
      Script_Count: 3,
    });

    const deleteActive = await service.post('/api/v1/session/id_script_Delete', {
      Session_ID: id,
      Script_ID: [scroll!.Script_ID],
    });
    expect(deleteActive.json().message).toBe(
      `Active script cannot be deleted, deactivate it first: ${scroll!.Script_ID}`,
    );
    const wrong = await service.post('/api/v1/session/id_script_Deactivate', {
      Session_ID: id,
      Script_ID: cookies!.Script_ID,
    });
    expect(wrong.json().message).toBe(`Script is not the active one: ${cookies!.Script_ID}`);
    const off = await service.post('/api/v1/session/id_script_Deactivate', { Session_ID: id });
    expect(off.json()).toMatchObject({
      message: 'Script Deactivate Success',
      data: { Script_ID: scroll!.Script_ID },
    });
    expect(
      (await service.post('/api/v1/session/listid', { Session_ISAutoScript: 1 })).json().data
        .listid,
    ).toEqual([]);
    const del = await service.post('/api/v1/session/id_script_Delete', {
      Session_ID: id,
      Script_ID: [scroll!.Script_ID, cookies!.Script_ID],
    });
    expect(del.json()).toMatchObject({
      message: 'Script Delete Success',
      data: { Script_Count: 1 },
    });
  });

  test('unknown scripts, not assigned, at most 100', async () => {
    const unknown = await service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: 'nope',
    });
    expect(unknown.json().message).toBe('Script not found in the library: nope');
    const notAssigned = await service.post('/api/v1/session/id_script_active', {
      Session_ID: id,
      Script_ID: 'nope',
    });
    expect(notAssigned.json().message).toBe('Script not assigned to this session: nope');
    const many = await service.post('/api/v1/session/id_script_add', {
      Session_ID: id,
      Script_ID: Array.from({ length: 101 }, (_, i) => `s${i}`),
    });
    expect(many.json()).toMatchObject({
      code: -10000,
      message: 'Too many scripts: at most 100 per session',
    });
    const noId = await service.post('/api/v1/session/id_script_active', { Session_ID: id });
    expect(noId.json().message).toBe('Missing required parameter: Script_ID');
  });
});

describe('a library the cloud cannot serve', () => {
  test('a download that fails answers -5 and installs nothing', async () => {
    const list = (await service.post('/api/v1/plugin/list')).json().data.Plugin_list as {
      Plugin_Id: string;
      Plugin_Name: string;
    }[];
    const refresh = list.find((p) => p.Plugin_Name === 'Auto Refresh')!.Plugin_Id;
    await cloud.stop();
    stopped = true;
    // The list is still cached; the file is not, and the cloud is gone.
    const res = await service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: [refresh],
    });
    expect(res.json()).toMatchObject({
      code: -5,
      message: expect.stringMatching(/^Library download failed: /),
    });
    const perEnv = await service.post('/api/v1/session/id_plugin_list', { Session_ID: id });
    expect(
      perEnv.json().data.Plugin_list.map((p: { Plugin_Id: string }) => p.Plugin_Id),
    ).not.toContain(refresh);
  });
});
