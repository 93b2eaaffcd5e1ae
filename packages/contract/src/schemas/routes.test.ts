import { describe, expect, expectTypeOf, test } from 'vitest';
import { z } from 'zod';
import type { StaffTicketType, TicketDetail, TicketRow } from './cloud/index.ts';
import {
  CLOUD_CALLS,
  HISTORY_LIST_CALL,
  HISTORY_LIST_PATH,
  type CloudAnswerOf,
  type CloudFieldsOf,
  type LocalApiAnswerOf,
  type LocalApiBodyOf,
  type LocalApiDataOf,
  LOCAL_API_ROUTES,
  cloudCall,
  isCloudAnswer,
  localApiRoute,
} from './routes.ts';

/** Every path of the local API spec, spelt as the spec spells it (share's path is ours). */
const SPEC_LOCAL_PATHS = [
  '/login',
  '/members',
  // Not in the spec: the logged-in account's team (issue 17).
  '/api/v1/team/list',
  '/api/v1/quit',
  ...[
    'listid',
    'id_container',
    'create',
    'update',
    'adv_setting',
    'proxy/update',
    'share',
    // Not in the spec: ends a share (issue 13).
    'unshare',
    'delete',
    'import-cookie',
    'export-cookie',
    'random-user-agent',
    'BrowserCache-clean',
    'auto_open/list',
    'auto_open/add',
    'auto_open/update',
    'auto_open/delete',
    'id_script_list',
    'id_script_active',
    'id_script_add',
    'id_script_Deactivate',
    'id_script_Delete',
    'id_plugin_list',
    'plugin_install',
    'plugin_delete',
    // Not in the spec: the self-check (issue 18).
    'self_check',
  ].map((p) => `/api/v1/session/${p}`),
  ...['status', 'start', 'stop', 'kill'].map((p) => `/api/v1/browser/${p}`),
  ...['list', 'create', 'del', 'move_session'].map((p) => `/api/v1/group/${p}`),
  // Not in the spec: renaming a group (issue 27).
  '/api/v1/group/update',
  // Not in the spec: tags, clones and the recycle bin (issue 27).
  ...['tags', 'tag/list', 'clone', 'trash/list', 'trash/restore', 'trash/delete'].map(
    (p) => `/api/v1/session/${p}`,
  ),
  '/api/v1/plugin/list',
  // Not in the spec: the script library (issue 27).
  '/api/v1/script/list',
  // Not in the spec: the proxy library (issue 27), under a prefix of its own.
  ...['list', 'get', 'create', 'update', 'delete', 'check', 'exits'].map(
    (p) => `/manager/proxies/${p}`,
  ),
];

const SPEC_CLOUD_CALLS = [
  'version',
  'corelist',
  'document',
  'status',
  'apiorderlist',
  'applyapi',
  'getappkey',
  'resetappkey',
  'delappkey',
  'apiusedlogs',
  'workordertype',
  'workorderlist',
  'workorderdetail',
  'workorderadd',
  'workorderreply',
  'workorderstatus',
  'workorderupload',
  'signup',
  'signin',
  'signout',
  // Not in the spec: "sign out everywhere" in the console (docs/security.md).
  'signoutall',
  // Not in the spec: forgot password (issue 27).
  'forgotpassword',
  'resetpassword',
  // Not in the spec: the console's Team tab (issue 13 "Teams").
  'teamlist',
  'teamadd',
  'teamremove',
  'apilogin',
  'apiheartbeat',
  'apilogout',
  'members',
  // Not in the spec: the team of the lease's account (issue 17, the manager's Team page).
  'envteam',
  'pluginlist',
  'scriptlist',
  // Not in the spec: environment sync, share and run leases (issue 13).
  'envpush',
  'envpull',
  'envshare',
  'envunshare',
  'envlease',
  'envrelease',
  'envwatch',
  // Not in the spec: the staff console (docs/architecture.md, "Tickets").
  'staff/workorderlist',
  'staff/typelist',
  'staff/typesave',
  'staff/typedelete',
  // Not in the spec: profile snapshots as content-addressed chunks (issue 13).
  'chunkmissing',
  'chunkput',
  'chunkget',
].map((name) => `/api/hainiao/${name}`);

/** The object schemas behind a body (through pipes, refinements and unions). */
function objectsOf(schema: z.ZodType): z.ZodObject[] {
  if (schema instanceof z.ZodObject) return [schema];
  if (schema instanceof z.ZodPipe) return objectsOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return schema.options.flatMap((o) => objectsOf(o as z.ZodType));
  return [];
}

describe('LOCAL_API_ROUTES', () => {
  const paths = LOCAL_API_ROUTES.map((r) => r.path);

  test('every path of the spec, once, and nothing else', () => {
    // The spec's 37, session/unshare (issue 13), team/list (issue 17) and group/update (issue 27).
    // Then the proxy library's 7 and the tag, clone and recycle-bin calls' 6 (issue 27).
    // And script/list (issue 27).
    expect(LOCAL_API_ROUTES).toHaveLength(40 + 7 + 6 + 1);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_LOCAL_PATHS].sort());
  });

  test('a few paths, their area and envelope', () => {
    expect(localApiRoute('/login')).toMatchObject({ area: 'login', envelope: 'legacy' });
    expect(localApiRoute('/members')).toMatchObject({ area: 'members', envelope: 'legacy' });
    expect(localApiRoute('/api/v1/quit')).toMatchObject({ area: 'service', envelope: 'v1' });
    expect(localApiRoute('/api/v1/session/id_script_Deactivate')?.area).toBe('script');
    expect(localApiRoute('/api/v1/session/plugin_install')?.area).toBe('plugin');
    expect(localApiRoute('/api/v1/session/BrowserCache-clean')?.area).toBe('session');
    expect(localApiRoute('/api/v1/group/move_session')?.area).toBe('group');
    expect(localApiRoute('/api/v1/session/browsercache-clean')).toBeUndefined();
  });

  test('only /login and /members use the legacy envelope', () => {
    expect(LOCAL_API_ROUTES.filter((r) => r.envelope === 'legacy').map((r) => r.path)).toEqual([
      '/login',
      '/members',
    ]);
    for (const route of LOCAL_API_ROUTES) {
      // The proxy library (issue 27) has a prefix the spec does not use: /manager/proxies/.
      const prefix = route.area === 'proxy' ? '/manager/proxies/' : '/api/v1/';
      if (route.envelope === 'v1') expect(route.path.startsWith(prefix), route.path).toBe(true);
    }
  });

  test('every route has a schema that rejects unknown fields', () => {
    for (const route of LOCAL_API_ROUTES) {
      expect(route.body, route.path).toBeInstanceOf(z.ZodType);
      expect(route.body.safeParse({ Not_A_Field: 1 }).success, route.path).toBe(false);
    }
  });
});

describe('local API answers', () => {
  test('every call declares what it answers, strictly', () => {
    for (const route of LOCAL_API_ROUTES) {
      expect(route.answer, route.path).toBeInstanceOf(z.ZodType);
      // An answer that accepts anything would bind nothing.
      expect(route.answer.safeParse({ Not_A_Field: 1 }).success, route.path).toBe(false);
    }
  });

  test('answer schemas transform nothing: what passes is already the typed answer', () => {
    for (const route of LOCAL_API_ROUTES) {
      expect(z.toJSONSchema(route.answer, { io: 'input' }), route.path).toEqual(
        z.toJSONSchema(route.answer, { io: 'output' }),
      );
    }
  });

  test('a legacy answer is declared whole; codes are numbers', () => {
    const login = localApiRoute('/login')!.answer;
    const data = {
      Account: 'alice',
      type: 0,
      account_reg_date: '2026-01-05',
      account_expire_date: '2027-01-05',
    };
    expect(login.safeParse({ msg: 'Login success', status: 0, data }).success).toBe(true);
    expect(login.safeParse({ msg: 'Login success', status: 0, data, extra: 1 }).success).toBe(
      false,
    );
    expect(login.safeParse(data).success).toBe(false);
    const members = localApiRoute('/members')!.answer;
    const answer = {
      msg: 'ok',
      status: 0,
      data: 'alice,0',
      account_expire_date: '2027-01-05',
      account_reg_date: '2026-01-05',
    };
    expect(members.safeParse(answer).success).toBe(true);
    const { account_reg_date: _dropped, ...withoutDate } = answer;
    expect(members.safeParse(withoutDate).success).toBe(false);
    const stop = localApiRoute('/api/v1/browser/stop')!.answer;
    expect(stop.safeParse({ listid: [{ Session_ID: 'a', status: -22 }], total: 1 }).success).toBe(
      true,
    );
    expect(stop.safeParse({ listid: [{ Session_ID: 'a', status: '-22' }], total: 1 }).success).toBe(
      false,
    );
  });

  test('auto_open/list entries hold StartPage1 … StartPageN, one per page', () => {
    const list = localApiRoute('/api/v1/session/auto_open/list')!.answer;
    const entry = {
      Session_ID: 'a',
      Session_Name: 'Shop',
      Group_Name: 'default',
      OpenUrl_Count: 2,
      StartPage1: '1-https://a.example',
      StartPage2: '0-https://b.example',
      status: 0,
    };
    const answer = (e: object) => ({ listcontainer: [e], total: 1 });
    expect(list.safeParse(answer(entry)).success).toBe(true);
    expect(list.safeParse(answer({ ...entry, OpenUrl_Count: 3 })).success).toBe(false);
    expect(list.safeParse(answer({ ...entry, Extra: '1-https://c.example' })).success).toBe(false);
    expect(list.safeParse(answer({ ...entry, StartPage2: 'https://b.example' })).success).toBe(
      false,
    );
  });

  test('the types of a path come from its schemas', () => {
    expectTypeOf<LocalApiDataOf<'/api/v1/group/list'>>().toEqualTypeOf<{
      Group_Name_List: string[];
    }>();
    expectTypeOf<LocalApiDataOf<'/api/v1/quit'>>().toEqualTypeOf<true>();
    // Legacy: the data of the whole answer.
    expectTypeOf<LocalApiDataOf<'/members'>>().toEqualTypeOf<string>();
    expectTypeOf<LocalApiAnswerOf<'/members'>>().toHaveProperty('account_reg_date');
    // Bodies are what a caller sends: flags as numbers or text, before the schema's parse.
    expectTypeOf<LocalApiBodyOf<'/api/v1/group/create'>>().toEqualTypeOf<{ Group_Name: string }>();
  });
});

describe('CLOUD_CALLS', () => {
  test('every call once', () => {
    const paths = CLOUD_CALLS.map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_CLOUD_CALLS].sort());
    expect(HISTORY_LIST_PATH).toBe('/historylist.php');
  });

  test('auth modes', () => {
    expect(cloudCall('/api/hainiao/version')?.auth).toBe('none');
    expect(cloudCall('/api/hainiao/status')?.auth).toBe('clienttoken');
    expect(cloudCall('/api/hainiao/workorderupload')?.auth).toBe('session');
    expect(cloudCall('/api/hainiao/signoutall')?.auth).toBe('session');
    expect(cloudCall('/api/hainiao/apilogin')?.auth).toBe('credential');
    expect(cloudCall('/api/hainiao/apiheartbeat')?.auth).toBe('lease');
    expect(cloudCall('/api/hainiao/scriptlist')?.auth).toBe('lease');
  });

  test('the staff calls, and only they, need a staff session', () => {
    expect(CLOUD_CALLS.filter((c) => c.auth === 'staff').map((c) => c.path)).toEqual([
      '/api/hainiao/staff/workorderlist',
      '/api/hainiao/staff/typelist',
      '/api/hainiao/staff/typesave',
      '/api/hainiao/staff/typedelete',
    ]);
  });

  test("the local API's calls, and only they, take the lease token", () => {
    expect(CLOUD_CALLS.filter((c) => c.auth === 'lease').map((c) => c.path)).toEqual([
      '/api/hainiao/apiheartbeat',
      '/api/hainiao/apilogout',
      '/api/hainiao/members',
      '/api/hainiao/envteam',
      '/api/hainiao/pluginlist',
      '/api/hainiao/scriptlist',
      '/api/hainiao/envpush',
      '/api/hainiao/envpull',
      '/api/hainiao/envshare',
      '/api/hainiao/envunshare',
      '/api/hainiao/envlease',
      '/api/hainiao/envrelease',
      '/api/hainiao/envwatch',
      '/api/hainiao/chunkmissing',
      '/api/hainiao/chunkput',
      '/api/hainiao/chunkget',
    ]);
  });

  test('every call requires the common fields; session, staff and lease calls require a token', () => {
    for (const call of CLOUD_CALLS) {
      for (const object of objectsOf(call.fields)) {
        expect(Object.keys(object.shape), call.path).toEqual(
          expect.arrayContaining(['inweb', 'lang']),
        );
        const tokenAuth: readonly string[] = ['session', 'staff', 'lease'];
        if (tokenAuth.includes(call.auth))
          expect(Object.keys(object.shape), call.path).toContain('token');
        if (call.auth === 'clienttoken') {
          expect(Object.keys(object.shape), call.path).toContain('clienttoken');
        }
      }
    }
  });
});

describe('cloud answers', () => {
  test('every call, and the historylist GET, describes the data it answers', () => {
    for (const call of [...CLOUD_CALLS, HISTORY_LIST_CALL]) {
      expect(call.answer, call.path).toBeInstanceOf(z.ZodType);
      // An answer that accepts anything would bind nothing.
      expect(call.answer.safeParse({ Not_A_Field: 1 }).success, call.path).toBe(false);
      const json = z.toJSONSchema(call.answer, { io: 'output' }) as Record<string, unknown>;
      expect(json, call.path).toBeTypeOf('object');
    }
    expect(HISTORY_LIST_CALL.path).toBe(HISTORY_LIST_PATH);
  });

  test('answer schemas transform nothing: what passes is already the typed answer', () => {
    for (const call of [...CLOUD_CALLS, HISTORY_LIST_CALL]) {
      expect(z.toJSONSchema(call.answer, { io: 'input' }), call.path).toEqual(
        z.toJSONSchema(call.answer, { io: 'output' }),
      );
    }
  });

  test("isCloudAnswer checks data against the path's answer", () => {
    expect(isCloudAnswer('/api/hainiao/signoutall', { revoked: 2 })).toBe(true);
    expect(isCloudAnswer('/api/hainiao/signoutall', { revoked: '2' })).toBe(false);
    expect(isCloudAnswer('/api/hainiao/getappkey', { app_key: 'k' })).toBe(true);
    expect(isCloudAnswer('/api/hainiao/getappkey', null)).toBe(false);
  });

  test('calls that answer nothing answer null', () => {
    const empty = CLOUD_CALLS.filter((c) => c.answer.safeParse(null).success).map((c) => c.path);
    expect(empty).toEqual([
      '/api/hainiao/signout',
      '/api/hainiao/forgotpassword',
      '/api/hainiao/resetpassword',
      '/api/hainiao/apiheartbeat',
      '/api/hainiao/apilogout',
      '/api/hainiao/envrelease',
    ]);
  });

  test('the types of a path come from its schemas', () => {
    expectTypeOf<CloudAnswerOf<'/api/hainiao/workorderlist'>>().toEqualTypeOf<{
      list: TicketRow[];
      count: number;
    }>();
    expectTypeOf<CloudAnswerOf<'/api/hainiao/workorderdetail'>>().toEqualTypeOf<TicketDetail>();
    expectTypeOf<CloudAnswerOf<'/api/hainiao/staff/typelist'>>().toEqualTypeOf<StaffTicketType[]>();
    expectTypeOf<CloudAnswerOf<'/api/hainiao/version'>>().toEqualTypeOf<string>();
    expectTypeOf<CloudAnswerOf<'/api/hainiao/signout'>>().toEqualTypeOf<null>();
    // Fields are what a caller sends: the form's strings, before the schema turns them to numbers.
    expectTypeOf<CloudFieldsOf<'/api/hainiao/staff/typedelete'>['typeid']>().toEqualTypeOf<
      string | number
    >();
    expectTypeOf<CloudFieldsOf<'/api/hainiao/workorderdetail'>>().toHaveProperty('token');
  });
});

describe('documentation metadata', () => {
  const bodies = [
    ...LOCAL_API_ROUTES.map((r) => [r.path, r.body] as const),
    ...CLOUD_CALLS.map((c) => [c.path, c.fields] as const),
  ];

  test('every field has an English description and a Chinese one with an example', () => {
    for (const [path, schema] of bodies) {
      const objects = objectsOf(schema);
      expect(objects.length, path).toBeGreaterThan(0);
      for (const object of objects) {
        for (const [name, field] of Object.entries(object.shape)) {
          const meta = (field as z.ZodType).meta();
          expect((field as z.ZodType).description, `${path} ${name}`).toBeTruthy();
          expect(meta?.zh, `${path} ${name}`).toBeTruthy();
          expect(meta && 'example' in meta, `${path} ${name} example`).toBe(true);
        }
      }
    }
  });

  test('every body converts to JSON Schema (input side) for the OpenAPI document', () => {
    for (const [path, schema] of bodies) {
      const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
      expect(json, path).toBeTypeOf('object');
    }
    const create = z.toJSONSchema(localApiRoute('/api/v1/session/create')!.body, { io: 'input' });
    expect(create).toMatchObject({
      required: ['Automatic_Configure'],
      additionalProperties: false,
      properties: { Session_Name: { maxLength: 60, zh: expect.any(String) } },
    });
  });
});
