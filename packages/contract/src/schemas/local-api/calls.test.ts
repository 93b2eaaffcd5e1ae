import { describe, expect, test } from 'vitest';
import {
  DELETE_MAX,
  GROUP_NAME_MAX,
  SCRIPTS_PER_SESSION_MAX,
  STATUS_QUERY_MAX,
} from '../../limits.ts';
import {
  autoOpenAddBody,
  autoOpenDeleteBody,
  autoOpenListBody,
  autoOpenUpdateBody,
  browserKillBody,
  browserStartBody,
  browserStatusBody,
  browserStopBody,
  emptyBody,
  groupCreateBody,
  groupDeleteBody,
  groupMoveSessionBody,
  loginBody,
  membersBody,
  pluginDeleteBody,
  pluginInstallBody,
  SAMPLE_SESSION_ID as ID,
  scriptActivateBody,
  scriptAddBody,
  scriptDeactivateBody,
  scriptDeleteBody,
  scriptListBody,
  sessionPluginListBody,
} from './index.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

describe('login, members, quit', () => {
  test('login needs Account, APP_ID, APP_KEY', () => {
    expect(loginBody.parse({ Account: 'alice', APP_ID: 'id', APP_KEY: 'key' })).toEqual({
      Account: 'alice',
      APP_ID: 'id',
      APP_KEY: 'key',
    });
    expect(loginBody.safeParse({ Account: 'alice', APP_ID: 'id' }).success).toBe(false);
    expect(loginBody.safeParse({ APP_ID: 'id', APP_KEY: 'key' }).success).toBe(false);
  });

  test('login accepts the App_ID/App_Key spelling of the example and hands on APP_ID/APP_KEY', () => {
    expect(loginBody.parse({ Account: 'alice', App_ID: 'id', App_Key: 'key' })).toEqual({
      Account: 'alice',
      APP_ID: 'id',
      APP_KEY: 'key',
    });
    expect(
      loginBody.safeParse({ Account: 'alice', APP_ID: 'a', App_ID: 'b', APP_KEY: 'k' }).success,
    ).toBe(false);
  });

  test('login rejects unknown fields (app_id is not a spelling of APP_ID)', () => {
    const result = loginBody.safeParse({ Account: 'a', app_id: 'id', APP_ID: 'id', APP_KEY: 'k' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  test('members needs Account', () => {
    expect(membersBody.safeParse({ Account: 'alice' }).success).toBe(true);
    expect(membersBody.safeParse({}).success).toBe(false);
  });

  test('calls without parameters take an empty object only', () => {
    expect(emptyBody.safeParse({}).success).toBe(true);
    expect(emptyBody.safeParse({ x: 1 }).success).toBe(false);
  });
});

describe('browser', () => {
  test(`status: Session_ID optional, at most ${STATUS_QUERY_MAX}`, () => {
    expect(STATUS_QUERY_MAX).toBe(100);
    expect(browserStatusBody.safeParse({}).success).toBe(true);
    expect(browserStatusBody.safeParse({ Session_ID: ids(100) }).success).toBe(true);
    expect(browserStatusBody.safeParse({ Session_ID: ids(101) }).success).toBe(false);
    expect(browserStatusBody.safeParse({ Session_ID: [] }).success).toBe(false);
  });

  test('status: Actived_Type 0, 1 or 2', () => {
    expect(browserStatusBody.parse({ Actived_Type: '2' })).toEqual({ Actived_Type: 2 });
    expect(browserStatusBody.safeParse({ Actived_Type: 0 }).success).toBe(true);
    expect(browserStatusBody.safeParse({ Actived_Type: 3 }).success).toBe(false);
  });

  test('start: ids, isHeadless, args, Start_Interval', () => {
    expect(
      browserStartBody.parse({
        Session_ID: [ID],
        isHeadless: '1',
        args: ['--mute-audio'],
        Start_Interval: '3',
      }),
    ).toEqual({ Session_ID: [ID], isHeadless: 1, args: ['--mute-audio'], Start_Interval: 3 });
    expect(browserStartBody.safeParse({ Session_ID: ids(100) }).success).toBe(true);
    expect(browserStartBody.safeParse({ Session_ID: ids(101) }).success).toBe(false);
    expect(browserStartBody.safeParse({}).success).toBe(false);
    expect(browserStartBody.safeParse({ Session_ID: [ID], Start_Interval: -1 }).success).toBe(
      false,
    );
    expect(browserStartBody.safeParse({ Session_ID: [ID], headless: 1 }).success).toBe(false);
  });

  test('stop and kill take one id or an array', () => {
    expect(browserStopBody.parse({ Session_ID: ID })).toEqual({ Session_ID: [ID] });
    expect(browserKillBody.parse({ Session_ID: [ID] })).toEqual({ Session_ID: [ID] });
    expect(browserStopBody.safeParse({}).success).toBe(false);
    expect(browserKillBody.safeParse({ Session_ID: '' }).success).toBe(false);
  });
});

describe('group', () => {
  test(`create: Group_Name 1..${GROUP_NAME_MAX}`, () => {
    expect(groupCreateBody.safeParse({ Group_Name: 'x'.repeat(GROUP_NAME_MAX) }).success).toBe(
      true,
    );
    expect(groupCreateBody.safeParse({ Group_Name: 'x'.repeat(GROUP_NAME_MAX + 1) }).success).toBe(
      false,
    );
    expect(groupCreateBody.safeParse({ Group_Name: '' }).success).toBe(false);
  });

  test('del takes an array of names', () => {
    expect(groupDeleteBody.safeParse({ Group_Name: ['a', 'b'] }).success).toBe(true);
    expect(groupDeleteBody.safeParse({ Group_Name: 'a' }).success).toBe(false);
    expect(groupDeleteBody.safeParse({ Group_Name: [] }).success).toBe(false);
  });

  test('move_session uses the spelling Orgin_Group_Name', () => {
    const body = { Session_ID: [ID], Orgin_Group_Name: 'default', Target_Group_Name: 'Amazon' };
    expect(groupMoveSessionBody.parse(body)).toEqual(body);
    expect(
      groupMoveSessionBody.safeParse({
        Session_ID: [ID],
        Origin_Group_Name: 'default',
        Target_Group_Name: 'Amazon',
      }).success,
    ).toBe(false);
    expect(
      groupMoveSessionBody.safeParse({ ...body, Session_ID: ids(DELETE_MAX + 1) }).success,
    ).toBe(false);
  });
});

describe('script', () => {
  test('list and activate', () => {
    expect(scriptListBody.safeParse({ Session_ID: ID }).success).toBe(true);
    expect(scriptActivateBody.safeParse({ Session_ID: ID, Script_ID: 's1' }).success).toBe(true);
    expect(scriptActivateBody.safeParse({ Session_ID: ID }).success).toBe(false);
  });

  test(`add: at most ${SCRIPTS_PER_SESSION_MAX} scripts, one id or an array`, () => {
    expect(scriptAddBody.parse({ Session_ID: ID, Script_ID: 's1' }).Script_ID).toEqual(['s1']);
    expect(scriptAddBody.safeParse({ Session_ID: ID, Script_ID: ids(100) }).success).toBe(true);
    expect(scriptAddBody.safeParse({ Session_ID: ID, Script_ID: ids(101) }).success).toBe(false);
  });

  test('deactivate and delete', () => {
    expect(scriptDeactivateBody.safeParse({ Session_ID: ID }).success).toBe(true);
    expect(scriptDeleteBody.safeParse({ Session_ID: ID, Script_ID: ['s1'] }).success).toBe(true);
    expect(scriptDeleteBody.safeParse({ Session_ID: ID }).success).toBe(false);
  });
});

describe('plugin', () => {
  test('install and delete need Session_ID and a Plugin_ID array; Plugin_ver optional', () => {
    expect(
      pluginInstallBody.safeParse({ Session_ID: ID, Plugin_ID: ['p1'], Plugin_ver: '1.0' }).success,
    ).toBe(true);
    expect(pluginDeleteBody.safeParse({ Session_ID: ID, Plugin_ID: ['p1'] }).success).toBe(true);
    expect(pluginInstallBody.safeParse({ Session_ID: ID, Plugin_ID: 'p1' }).success).toBe(false);
    expect(pluginInstallBody.safeParse({ Session_ID: ID, Plugin_ID: [] }).success).toBe(false);
    expect(pluginInstallBody.safeParse({ Plugin_ID: ['p1'] }).success).toBe(false);
    expect(sessionPluginListBody.safeParse({ Session_ID: ID }).success).toBe(true);
  });
});

describe('auto_open', () => {
  test('add needs a Session_ID array and StartPage', () => {
    expect(
      autoOpenAddBody.safeParse({ Session_ID: [ID], StartPage: 'https://a.example' }).success,
    ).toBe(true);
    expect(autoOpenAddBody.safeParse({ StartPage: 'https://a.example' }).success).toBe(false);
    expect(autoOpenAddBody.safeParse({ Session_ID: [ID] }).success).toBe(false);
    expect(autoOpenAddBody.safeParse({ Session_ID: [ID], StartPage: 'a b' }).success).toBe(false);
  });

  test('update needs OldStartPage and NewStartPage; delete needs StartPage', () => {
    expect(
      autoOpenUpdateBody.safeParse({ OldStartPage: 'https://a', NewStartPage: 'https://b' })
        .success,
    ).toBe(true);
    expect(autoOpenUpdateBody.safeParse({ OldStartPage: 'https://a' }).success).toBe(false);
    expect(autoOpenDeleteBody.safeParse({ StartPage: 'https://a' }).success).toBe(true);
    expect(autoOpenDeleteBody.safeParse({}).success).toBe(false);
    expect(autoOpenListBody.safeParse({}).success).toBe(true);
  });
});
