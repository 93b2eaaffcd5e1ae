import { describe, expect, test } from 'vitest';
import { ACCOUNT_NAME_MAX, ACCOUNT_NAME_MIN, PASSWORD_MIN } from '../../limits.ts';
import {
  apiHeartbeatFields,
  apiLoginAnswer,
  apiLoginFields,
  apiLogoutFields,
  apiOrderListAnswer,
  apiUsedLogsAnswer,
  apiUsedLogsFields,
  apiUsedLogsForm,
  checkDateRange,
  commonFields,
  documentAnswer,
  documentAnswers,
  documentFields,
  getAppKeyFields,
  isIsoDate,
  membersAnswer,
  membersFields,
  signinFields,
  signupFields,
  staffTypeDeleteAnswer,
  statusAnswer,
  statusFields,
  ticketDetailAnswer,
  ticketListAnswer,
  ticketUploadAnswer,
  versionFields,
} from './index.ts';

const common = { inweb: '1', lang: 'zh-CHS' } as const;

describe('common fields', () => {
  test('inweb is 1 and lang is zh-CHS or en', () => {
    expect(commonFields.safeParse({ inweb: '1', lang: 'en' }).success).toBe(true);
    expect(commonFields.safeParse({ inweb: '0', lang: 'en' }).success).toBe(false);
    expect(commonFields.safeParse({ inweb: '1', lang: 'zh' }).success).toBe(false);
    expect(commonFields.safeParse({ lang: 'en' }).success).toBe(false);
  });

  test('unknown text fields are dropped, not rejected (multipart forms)', () => {
    expect(versionFields.parse({ ...common, extra: 'x' })).toEqual(common);
  });
});

describe('content', () => {
  test('document: one of the three mods', () => {
    expect(documentFields.safeParse({ ...common, mod: 'category' }).success).toBe(true);
    expect(documentFields.parse({ ...common, mod: 'list', category_id: '3' })).toEqual({
      ...common,
      mod: 'list',
      category_id: 3,
    });
    expect(documentFields.parse({ ...common, mod: 'list', category_id: '' })).toMatchObject({
      mod: 'list',
    });
    expect(
      documentFields.safeParse({ ...common, mod: 'article', id: 'what-is-a-proxy' }).success,
    ).toBe(true);
    expect(documentFields.safeParse({ ...common, mod: 'article' }).success).toBe(false);
    expect(documentFields.safeParse({ ...common, mod: 'other' }).success).toBe(false);
  });

  test('status needs the client token', () => {
    expect(statusFields.safeParse({ ...common, clienttoken: 'ct' }).success).toBe(true);
    expect(statusFields.safeParse({ ...common }).error?.issues[0]?.message).toBe(
      'validation.tokenRequired',
    );
  });
});

describe('credentials', () => {
  test('key calls need an app_id', () => {
    expect(getAppKeyFields.safeParse({ ...common, token: 't', app_id: 'a1' }).success).toBe(true);
    expect(getAppKeyFields.safeParse({ ...common, token: 't' }).error?.issues[0]?.message).toBe(
      'console.noApiSelected',
    );
  });

  test('usage logs: optional YYYY-MM-DD dates, end not before start', () => {
    const base = { ...common, token: 't' };
    expect(apiUsedLogsFields.safeParse(base).success).toBe(true);
    expect(apiUsedLogsFields.safeParse({ ...base, start_time: '', end_time: '' }).success).toBe(
      true,
    );
    expect(
      apiUsedLogsFields.safeParse({ ...base, start_time: '2024-01-01', end_time: '2024-01-31' })
        .success,
    ).toBe(true);
    expect(apiUsedLogsFields.safeParse({ ...base, start_time: '2024-02-30' }).success).toBe(false);
    expect(apiUsedLogsFields.safeParse({ ...base, start_time: '2024/01/01' }).success).toBe(false);
    const reversed = apiUsedLogsFields.safeParse({
      ...base,
      start_time: '2024-02-01',
      end_time: '2024-01-01',
    });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['end_time'],
      message: 'validation.invalidParameter',
    });
    expect(
      apiUsedLogsForm.superRefine(checkDateRange).safeParse({ start_time: '2024-01-02' }).success,
    ).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});

describe('accounts', () => {
  const signup = {
    ...common,
    Account: 'alice_01',
    email: 'alice@example.com',
    password: '12345678',
  };

  test('signup', () => {
    expect(signupFields.safeParse(signup).success).toBe(true);
    expect(
      signupFields.safeParse({ ...signup, Account: 'a'.repeat(ACCOUNT_NAME_MIN) }).success,
    ).toBe(true);
    expect(
      signupFields.safeParse({ ...signup, Account: 'a'.repeat(ACCOUNT_NAME_MIN - 1) }).success,
    ).toBe(false);
    expect(
      signupFields.safeParse({ ...signup, Account: 'a'.repeat(ACCOUNT_NAME_MAX) }).success,
    ).toBe(true);
    expect(
      signupFields.safeParse({ ...signup, Account: 'a'.repeat(ACCOUNT_NAME_MAX + 1) }).success,
    ).toBe(false);
    expect(signupFields.safeParse({ ...signup, Account: 'al ice' }).success).toBe(false);
    expect(signupFields.safeParse({ ...signup, Account: 'a.l-i_ce' }).success).toBe(true);
    expect(signupFields.safeParse({ ...signup, email: 'nope' }).error?.issues[0]?.message).toBe(
      'validation.emailInvalid',
    );
    expect(
      signupFields.safeParse({ ...signup, password: 'x'.repeat(PASSWORD_MIN - 1) }).error?.issues[0]
        ?.message,
    ).toBe('auth.passwordTooShort');
  });

  test('signin: Account or email, and a password', () => {
    expect(signinFields.safeParse({ ...common, Account: 'alice', password: 'p' }).success).toBe(
      true,
    );
    expect(
      signinFields.safeParse({ ...common, Account: '', email: 'a@b.io', password: 'p' }).success,
    ).toBe(true);
    expect(signinFields.safeParse({ ...common, password: 'p' }).error?.issues[0]).toMatchObject({
      path: ['Account'],
      message: 'auth.accountRequired',
    });
    expect(signinFields.safeParse({ ...common, Account: 'alice' }).success).toBe(false);
  });
});

describe('local API calls', () => {
  test('apilogin: Account, APP_ID, APP_KEY, device', () => {
    const login = { ...common, Account: 'alice', APP_ID: 'id', APP_KEY: 'key', device: 'dev-1' };
    expect(apiLoginFields.safeParse(login).success).toBe(true);
    expect(apiLoginFields.safeParse({ ...login, device: '' }).success).toBe(false);
    expect(apiLoginFields.safeParse({ ...login, device: 'has space' }).success).toBe(false);
    const { APP_KEY: _key, ...noKey } = login;
    expect(apiLoginFields.safeParse(noKey).success).toBe(false);
  });

  test('heartbeat, logout and members carry the lease token', () => {
    expect(apiHeartbeatFields.safeParse({ ...common, token: 't', device: 'd' }).success).toBe(true);
    expect(apiLogoutFields.safeParse({ ...common, device: 'd' }).success).toBe(false);
    expect(membersFields.safeParse({ ...common, token: 't', Account: 'alice' }).success).toBe(true);
  });
});

describe('answers', () => {
  const userInfo = {
    token: 'st_1',
    email: 'alice@example.com',
    account: 'alice_01',
    type: 0,
    role: 'user',
  };

  test('status: the session token and the account, nothing more', () => {
    expect(statusAnswer.safeParse({ user_info: userInfo, bound: true }).success).toBe(true);
    const { token: _token, ...noToken } = userInfo;
    expect(statusAnswer.safeParse({ user_info: noToken, bound: true }).success).toBe(false);
    // A key the contract does not name (say, a password hash) is a mismatch, not passed along.
    expect(
      statusAnswer.safeParse({ user_info: { ...userInfo, password_hash: 'x' }, bound: true })
        .success,
    ).toBe(false);
    expect(
      statusAnswer.safeParse({ user_info: { ...userInfo, role: 'admin' }, bound: false }).success,
    ).toBe(false);
  });

  const attach = { fileid: 'f1', filepath: '/api/hainiao/attachment/f1?sig=s', name: 'a.png' };
  const ticket = {
    id: 7,
    title: 'Proxy broken',
    typeid: 1,
    type: 'Proxy',
    status: 0,
    add_time: '2026-01-02T03:04:05.000Z',
    update_time: '2026-01-02T03:04:05.000Z',
    email: 'alice@example.com',
    username: 'alice_01',
  };

  test('tickets: list rows, and the detail with attachments and replies', () => {
    expect(ticketListAnswer.safeParse({ list: [ticket], count: 1 }).success).toBe(true);
    expect(ticketListAnswer.safeParse({ list: [ticket] }).success).toBe(false);
    const detail = {
      ...ticket,
      content: 'The proxy does not work.',
      mobile: '',
      privateinfo: '',
      attach: [attach],
      reply: [
        {
          username: 'agent#admin',
          content: 'Try again.',
          add_time: '2026-01-02T04:00:00.000Z',
          isadmin: 1,
          privateinfo: '',
          attach: [],
        },
      ],
    };
    expect(ticketDetailAnswer.safeParse(detail).success).toBe(true);
    expect(
      ticketDetailAnswer.safeParse({ ...detail, reply: [{ ...detail.reply[0], isadmin: 2 }] })
        .success,
    ).toBe(false);
    expect(ticketDetailAnswer.safeParse({ ...detail, status: '0' }).success).toBe(false);
  });

  test('upload: counts only with a file id', () => {
    const upload = { fileid: 'f1', filepath: attach.filepath, msg: 'Uploaded' };
    expect(ticketUploadAnswer.safeParse(upload).success).toBe(true);
    expect(ticketUploadAnswer.safeParse({ ...upload, fileid: '' }).success).toBe(false);
  });

  test('document: each mod has its own shape', () => {
    const category = { id: 1, name: 'Proxies', ename: 'proxies', count: 2 };
    const summary = {
      id: 3,
      ename: 'what-is-a-proxy',
      title: 'What is a proxy?',
      summary: 'A proxy…',
      article_category_id: 1,
      category_name: 'Proxies',
      updated_at: '2026-01-02',
    };
    const article = { ...summary, content: '# Proxy', category_list: [category] };
    expect(documentAnswers.category.safeParse([category]).success).toBe(true);
    expect(documentAnswers.category.safeParse([summary]).success).toBe(false);
    expect(documentAnswers.list.safeParse([summary]).success).toBe(true);
    expect(documentAnswers.article.safeParse(article).success).toBe(true);
    expect(documentAnswers.article.safeParse(summary).success).toBe(false);
    for (const data of [[category], [summary], article]) {
      expect(documentAnswer.safeParse(data).success).toBe(true);
    }
  });

  test('credentials and usage logs', () => {
    const row = {
      id: 1,
      app_id: 'a1',
      status: -1,
      begin_time: '2026-01-01T00:00:00.000Z',
      expire_time: '2027-01-01T00:00:00.000Z',
      manager_url: 'http://127.0.0.1:8186/',
      manager_reported_at: null,
    };
    expect(apiOrderListAnswer.safeParse([row]).success).toBe(true);
    // The key is fetched apart (getappkey): a list that carries it does not match.
    expect(apiOrderListAnswer.safeParse([{ ...row, app_key: 'k' }]).success).toBe(false);
    const log = {
      id: 1,
      app_id: 'a1',
      uid: 2,
      status: '1',
      start_time: row.begin_time,
      end_time: null,
    };
    expect(apiUsedLogsAnswer.safeParse({ list: [log], count: 1 }).success).toBe(true);
    expect(apiUsedLogsAnswer.safeParse({ list: [{ ...log, status: 1 }], count: 1 }).success).toBe(
      false,
    );
  });

  test('apilogin and members: the account; apilogin also the lease token and its timing', () => {
    const member = {
      Account: 'alice_01',
      type: 0,
      account_reg_date: '2026-01-01T00:00:00.000Z',
      account_expire_date: '2027-01-01T00:00:00.000Z',
    };
    expect(membersAnswer.safeParse(member).success).toBe(true);
    const login = { ...member, token: 'lt_1', heartbeat_interval_ms: 60000, lease_timeout_ms: 1 };
    expect(apiLoginAnswer.safeParse(login).success).toBe(true);
    expect(apiLoginAnswer.safeParse(member).success).toBe(false);
  });

  test('staff typedelete: deleted or retired', () => {
    expect(staffTypeDeleteAnswer.safeParse({ outcome: 'retired' }).success).toBe(true);
    expect(staffTypeDeleteAnswer.safeParse({ outcome: 'gone' }).success).toBe(false);
  });
});
