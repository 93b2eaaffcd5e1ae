import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CloudCallError, type CloudClient } from '../cloud/client.ts';
import { ownManagerAddress } from './manager-address.ts';
import { accountAuth, deviceId } from './auth.ts';

/** A cloud whose heartbeat answers what the test says. */
function fakeCloud(heartbeat: () => void) {
  const calls: string[] = [];
  let answeredAt = 0;
  const cloud = {
    answeredAt: () => answeredAt,
    noteAnswer: () => {
      answeredAt = Date.now();
    },
    login: async (fields: { Account: string }) => {
      calls.push(`login ${fields.Account}`);
      return {
        token: `lt_${fields.Account}`,
        Account: fields.Account,
        type: 0,
        account_reg_date: '2026-01-01T00:00:00.000Z',
        account_expire_date: '2027-01-01T00:00:00.000Z',
        heartbeat_interval_ms: 20,
        lease_timeout_ms: 60,
      };
    },
    heartbeat: async (token: string) => {
      calls.push(`heartbeat ${token}`);
      heartbeat();
      return null;
    },
    logout: async (token: string) => {
      calls.push(`logout ${token}`);
      return null;
    },
  } as unknown as CloudClient;
  return { cloud, calls };
}

describe('a logout with work unfinished (a profile still uploading)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const login = { account: 'alice', appId: 'a', appKey: 'k' };

  test('waits as long as the cloud keeps answering, and the work ends before the lease goes', async () => {
    vi.useFakeTimers();
    const { cloud, calls } = fakeCloud(() => {});
    const auth = accountAuth({ cloud, device: 'dev' });
    await auth.login(login, 'en');
    let finish!: () => void;
    auth.beforeLogout(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            calls.push('upload done');
            resolve();
          };
        }),
    );
    let done = false;
    const out = auth.logout().then(() => (done = true));
    // A minute of an upload the cloud answers every 6 s: far past 10 s, the logout still waits.
    for (let second = 0; second < 60; second += 6) {
      await vi.advanceTimersByTimeAsync(6_000);
      cloud.noteAnswer();
    }
    expect(done).toBe(false);
    finish();
    await out;
    expect(calls.slice(-2)).toEqual(['upload done', 'logout lt_alice']);
  });

  test('an upload the cloud no longer answers is given up after 10 s of silence', async () => {
    vi.useFakeTimers();
    const { cloud, calls } = fakeCloud(() => {});
    const auth = accountAuth({ cloud, device: 'dev' });
    await auth.login(login, 'en');
    auth.beforeLogout(() => new Promise<void>(() => {}));
    let done = false;
    const out = auth.logout().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(6_000);
    cloud.noteAnswer();
    // 10 s after the last answer, not after the logout began.
    await vi.advanceTimersByTimeAsync(9_000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await out;
    expect(calls.at(-1)).toBe('logout lt_alice');
  });

  test('a cloud that answers forever holds a quit two minutes at most', async () => {
    vi.useFakeTimers();
    const { cloud } = fakeCloud(() => {});
    const auth = accountAuth({ cloud, device: 'dev' });
    await auth.login(login, 'en');
    auth.beforeLogout(() => new Promise<void>(() => {}));
    let done = false;
    const out = auth.logout().then(() => (done = true));
    for (let second = 0; second < 114; second += 6) {
      await vi.advanceTimersByTimeAsync(6_000);
      cloud.noteAnswer();
    }
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(6_000);
    await out;
    expect(done).toBe(true);
  });
});

describe('the device lease', () => {
  test('heartbeats keep it; a -4 heartbeat logs the service out', async () => {
    let expired = false;
    const { cloud, calls } = fakeCloud(() => {
      if (expired) throw new CloudCallError('answer', 'Login_Expire', -4);
    });
    const reasons: string[] = [];
    const auth = accountAuth({ cloud, device: 'dev', onLoggedOut: (r) => reasons.push(r) });
    await auth.login({ account: 'alice', appId: 'a', appKey: 'k' }, 'en');
    await expect
      .poll(() => calls.filter((c) => c === 'heartbeat lt_alice').length)
      .toBeGreaterThanOrEqual(2);
    expired = true;
    await expect.poll(() => auth.current).toBeNull();
    expect(reasons).toEqual(['expired']);
    const count = calls.length;
    // An absence is the point here: three heartbeat intervals pass without a call, as a twin
    // service logged in at the same moment counts them with its own heartbeats.
    const twin = fakeCloud(() => {});
    const clock = accountAuth({ cloud: twin.cloud, device: 'twin' });
    await clock.login({ account: 'bob', appId: 'b', appKey: 'k' }, 'en');
    await expect
      .poll(() => twin.calls.filter((c) => c === 'heartbeat lt_bob').length)
      .toBeGreaterThanOrEqual(3);
    expect(calls.length).toBe(count);
    await clock.logout();
  });

  test('an unreachable cloud does not end the login; switching releases the old lease', async () => {
    const { cloud, calls } = fakeCloud(() => {
      throw new CloudCallError('unreachable', 'down');
    });
    const auth = accountAuth({ cloud, device: 'dev' });
    await auth.login({ account: 'alice', appId: 'a', appKey: 'k' }, 'en');
    // The second heartbeat is only sent once the first failure was handled.
    await expect
      .poll(() => calls.filter((c) => c === 'heartbeat lt_alice').length)
      .toBeGreaterThanOrEqual(2);
    expect(auth.current?.account).toBe('alice');
    await auth.login({ account: 'bob', appId: 'b', appKey: 'k' }, 'en');
    expect(calls).toContain('logout lt_alice');
    await auth.logout();
    expect(calls.at(-1)).toBe('logout lt_bob');
    expect(auth.current).toBeNull();
  });

  test('the device id is stable per data folder', () => {
    const a = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-dev-'));
    const b = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-dev-'));
    try {
      expect(deviceId(a)).toBe(deviceId(a));
      expect(deviceId(a)).not.toBe(deviceId(b));
      expect(deviceId(a)).toMatch(/^[\x21-\x7e]{1,128}$/);
    } finally {
      fs.rmSync(a, { recursive: true, force: true });
      fs.rmSync(b, { recursive: true, force: true });
    }
  });
});

describe('the manager address a login reports', () => {
  test('the loopback name the service listens on, 127.0.0.1 for every interface, else none', () => {
    expect(ownManagerAddress('127.0.0.1', 8186)).toBe('http://127.0.0.1:8186/');
    expect(ownManagerAddress('localhost', 9001)).toBe('http://localhost:9001/');
    expect(ownManagerAddress('::1', 9001)).toBe('http://[::1]:9001/');
    expect(ownManagerAddress('[::1]', 9001)).toBe('http://[::1]:9001/');
    expect(ownManagerAddress('0.0.0.0', 9001)).toBe('http://127.0.0.1:9001/');
    expect(ownManagerAddress('::', 9001)).toBe('http://127.0.0.1:9001/');
    expect(ownManagerAddress('192.168.1.4', 9001)).toBeUndefined();
    expect(ownManagerAddress('127.0.0.2', 9001)).toBeUndefined();
  });

  test('sent with each login once known, never before', async () => {
    const sent: (string | undefined)[] = [];
    const { cloud } = fakeCloud(() => {});
    const login = cloud.login.bind(cloud);
    cloud.login = (fields, lang) => {
      sent.push(fields.manager_url);
      return login(fields, lang);
    };
    const auth = accountAuth({ cloud, device: 'dev' });
    await auth.login({ account: 'alice', appId: 'a', appKey: 'k' }, 'en');
    auth.reportManagerAt('http://127.0.0.1:9001/');
    await auth.login({ account: 'alice', appId: 'a', appKey: 'k' }, 'en');
    await auth.logout();
    expect(sent).toEqual([undefined, 'http://127.0.0.1:9001/']);
  });
});
