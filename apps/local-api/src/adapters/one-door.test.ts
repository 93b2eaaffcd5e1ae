/**
 * One door (issue 24): v1 session/create, the AdsPower-compatible user/create and the MCP tool
 * create_environment go through one create command (domain/environment-create.ts); v1
 * update/proxy-update/adv_setting and AdsPower's user/update through one update command. The same
 * bad input answers each door's code in each door's shape, and nothing is stored. Among them, a
 * value the cloud's snapshot schema refuses (a proxy user name over its limit): before, every door
 * stored it, and the copy could never be pushed. Real cloud, real service, the SDK's MCP client.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { createEnvironment } from '../domain/environment-create.ts';
import { InvalidRequestError } from '../model/errors.ts';
import { environmentStore } from '../store/environments.ts';
import { openStore } from '../store/database.ts';
import { groupStore } from '../store/groups.ts';
import { startTestService, type TestService } from '../test/server.ts';

let cloud: TestCloud;
let service: TestService;
let mcp: Client;

beforeAll(async () => {
  cloud = await startTestCloud();
  service = await startTestService({ cloud: cloud.url, proxyCheckTimeoutMs: 2000 });
  expect((await service.post('/login', await cloud.account('door'))).json().status).toBe(0);
  mcp = new Client({ name: 'one-door-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${service.port}/mcp`)),
  );
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await service?.dispose();
  await cloud?.stop();
});

const total = async () =>
  (await service.post('/api/v1/session/listid', { ListNum: 500 })).json().data.total as number;

async function info(id: string) {
  const res = await service.post('/api/v1/session/id_container', { Session_ID: id });
  return res.json().data.listcontainer[0] as Record<string, unknown>;
}

/** Each door's answer as `{status, code, message}` (AdsPower: code -1 with the message in msg). */
async function v1Create(fields: Record<string, unknown>) {
  const res = await service.post('/api/v1/session/create', { Automatic_Configure: 0, ...fields });
  return { status: res.status, code: res.json().code, message: res.json().message };
}
async function adsPower(path_: string, body: Record<string, unknown>) {
  const res = await service.post(path_, body);
  return { status: res.status, code: res.json().code, message: res.json().msg };
}
async function mcpCreate(args: Record<string, unknown>) {
  const result = (await mcp.callTool({ name: 'create_environment', arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  const answer = JSON.parse(result.content[0]?.text ?? '{}');
  return result.isError ? { code: answer.code, message: answer.message } : { code: 0, ...answer };
}

/** AdsPower's locale by hand: without it a proxy is "by IP" and checked at create. */
const BY_HAND = {
  automatic_timezone: 0,
  timezone: 'America/New_York',
  language_switch: 0,
  language: ['en-US'],
};

describe('the same bad input through every create door', () => {
  test('a proxy user name longer than a copy may carry: -104, nothing stored', async () => {
    const before = await total();
    const long = 'u'.repeat(257);
    const proxy = { Proxy_Type: 'HTTP', Proxy_Ip: '127.0.0.1', Proxy_Port: 8080 };
    expect(await v1Create({ ...proxy, Proxy_Username: long })).toEqual({
      status: 200,
      code: -104,
      message: 'Proxy is invalid',
    });
    expect(await mcpCreate({ ...proxy, Proxy_Username: long })).toEqual({
      code: -104,
      message: 'Proxy is invalid',
    });
    const config = {
      proxy_soft: 'other',
      proxy_type: 'http',
      proxy_host: '127.0.0.1',
      proxy_port: '8080',
    };
    expect(
      await adsPower('/api/v1/user/create', {
        user_proxy_config: { ...config, proxy_user: long },
        fingerprint_config: BY_HAND,
      }),
    ).toEqual({ status: 200, code: -1, message: 'Proxy is invalid' });
    expect(await total()).toBe(before);

    // At the limit, every door stores it.
    const most = 'u'.repeat(256);
    expect((await v1Create({ ...proxy, Proxy_Username: most })).code).toBe(0);
    expect((await mcpCreate({ ...proxy, Proxy_Username: most })).code).toBe(0);
    const created = await adsPower('/api/v1/user/create', {
      user_proxy_config: { ...config, proxy_user: most },
      fingerprint_config: BY_HAND,
    });
    expect(created.code).toBe(0);
    expect(await total()).toBe(before + 3);
  });

  test('a city longer than a copy may carry: -106 through v1 and AdsPower', async () => {
    const before = await total();
    const long = 'c'.repeat(65);
    expect(await v1Create({ CityCode: long })).toEqual({
      status: 200,
      code: -106,
      message: 'Time zone initialisation failed',
    });
    expect(await adsPower('/api/v1/user/create', { city: long })).toEqual({
      status: 200,
      code: -1,
      message: 'Time zone initialisation failed',
    });
    expect(await total()).toBe(before);
  });

  test('a start page file:///etc/passwd: refused by name, nothing stored', async () => {
    const before = await total();
    const page = 'file:///etc/passwd';
    expect(await v1Create({ HomePage_url: [page] })).toEqual({
      status: 400,
      code: -10000,
      message: 'Invalid parameter: HomePage_url.0',
    });
    expect(await mcpCreate({ HomePage_url: [page] })).toEqual({
      code: -10000,
      message: 'Invalid parameter: HomePage_url.0',
    });
    expect(await adsPower('/api/v1/user/create', { open_urls: [page] })).toEqual({
      status: 200,
      code: -1,
      message: 'Invalid parameter: open_urls',
    });
    expect(await total()).toBe(before);
  });

  test('an unknown time zone: -106 through v1 and AdsPower, nothing stored', async () => {
    const before = await total();
    expect(await v1Create({ TimeZone: 'Mars/Olympus_Mons' })).toMatchObject({ code: -106 });
    expect(
      await adsPower('/api/v1/user/create', {
        fingerprint_config: { automatic_timezone: 0, timezone: 'Mars/Olympus_Mons' },
      }),
    ).toEqual({ status: 200, code: -1, message: 'Time zone initialisation failed' });
    // The tool has no time zone field: refused by name.
    expect(await mcpCreate({ TimeZone: 'Mars/Olympus_Mons' })).toEqual({
      code: -10000,
      message: 'Unknown field: TimeZone',
    });
    expect(await total()).toBe(before);
  });
});

describe('the same bad input through every update door', () => {
  test('launch arguments outside the allow-list, a long proxy user, an unknown time zone', async () => {
    const created = await v1Create({ Session_Args: ['--mute-audio'], TimeZone: 'Asia/Tokyo' });
    expect(created.code).toBe(0);
    const id = (await service.post('/api/v1/session/listid')).json().data.listid[0] as string;
    const kept = await info(id);

    // Create takes Session_Args (update does not): the same refusal as AdsPower's launch_args.
    const notAllowed = /^Browser arguments not allowed: --remote-allow-origins/;
    const v1 = await v1Create({ Session_Args: ['--remote-allow-origins=*'] });
    expect(v1).toMatchObject({
      status: 400,
      code: -10000,
      message: expect.stringMatching(notAllowed),
    });
    const ads = await adsPower('/api/v1/user/update', {
      user_id: id,
      launch_args: ['--remote-allow-origins=*'],
    });
    expect(ads).toEqual({ status: 200, code: -1, message: v1.message });

    const long = 'u'.repeat(257);
    const proxyUpdate = await service.post('/api/v1/session/proxy/update', {
      Session_ID: id,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: 8080,
      Proxy_Username: long,
    });
    expect(proxyUpdate.json()).toEqual({ code: -104, message: 'Proxy is invalid', data: null });
    const adsProxy = await adsPower('/api/v1/user/update', {
      user_id: id,
      user_proxy_config: {
        proxy_soft: 'other',
        proxy_type: 'http',
        proxy_host: '127.0.0.1',
        proxy_port: '8080',
        proxy_user: long,
      },
      fingerprint_config: BY_HAND,
    });
    expect(adsProxy).toEqual({ status: 200, code: -1, message: 'Proxy is invalid' });

    const adv = await service.post('/api/v1/session/adv_setting', {
      Session_ID: id,
      TimeZone: 'Mars/Olympus_Mons',
    });
    expect(adv.json()).toMatchObject({ code: -106 });
    const adsZone = await adsPower('/api/v1/user/update', {
      user_id: id,
      fingerprint_config: { automatic_timezone: 0, timezone: 'Mars/Olympus_Mons' },
    });
    expect(adsZone).toEqual({ status: 200, code: -1, message: 'Time zone initialisation failed' });

    // Nothing changed.
    expect(await info(id)).toEqual(kept);
  });
});

describe('the create command itself', () => {
  test('refuses a start page that is not http(s) whichever door forgot to', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-one-door-'));
    const db = openStore(dataDir);
    try {
      const envs = environmentStore(db);
      const groups = groupStore(db);
      groups.ensureDefault('alice');
      const deps = { envs, groups, dataDir, proxyCheckTimeoutMs: 1000 };
      const request = { owner: 'alice', lang: 'en' as const };
      for (const page of ['file:///etc/passwd', 'javascript:alert(1)', 'chrome://settings']) {
        await expect(createEnvironment(deps, { ...request, startPages: [page] })).rejects.toThrow(
          InvalidRequestError,
        );
      }
      expect(envs.countOwned('alice')).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'sessions'))).toBe(false);
      const made = await createEnvironment(deps, { ...request, startPages: ['https://a.test/'] });
      expect(envs.countOwned('alice')).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'sessions', made.id))).toBe(true);
    } finally {
      db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
