import { describe, expect, test } from 'vitest';
import { ACCOUNT_NAME_MAX, ACCOUNT_NAME_MIN, PASSWORD_MIN } from '../../limits.ts';
import {
  apiHeartbeatFields,
  apiLoginFields,
  apiLogoutFields,
  apiUsedLogsFields,
  apiUsedLogsForm,
  checkDateRange,
  commonFields,
  documentFields,
  getAppKeyFields,
  isIsoDate,
  membersFields,
  signinFields,
  signupFields,
  statusFields,
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
