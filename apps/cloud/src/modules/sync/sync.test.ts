import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LEASE_TIMEOUT_MS, SyncCodes } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { clearRedisPrefix, redisUp, testRedisPrefix, TEST_REDIS_URL } from '../../test/redis.ts';
import { snapshotOf } from '../../test/sync-client.ts';
import { accountService } from '../accounts/service.ts';

const S = SyncCodes.code;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const envId = (n: number) => n.toString(16).padStart(32, '0');

/** envpush as the local API sends it: the snapshot as the file part `body`. */
async function push(
  app: FastifyInstance,
  token: string,
  fields: {
    env_id: string;
    base_version: number;
    body?: object | string;
    deleted?: boolean;
    hash?: string;
  },
  device = 'device-A',
  lang = 'en',
) {
  const boundary = '----sync-test';
  const text =
    typeof fields.body === 'string'
      ? fields.body
      : fields.body
        ? JSON.stringify(fields.body)
        : undefined;
  const values: Record<string, string> = {
    inweb: '1',
    lang,
    token,
    device,
    env_id: fields.env_id,
    base_version: String(fields.base_version),
    ...(fields.deleted ? { deleted: '1' } : {}),
    ...(text ? { hash: fields.hash ?? sha(text) } : {}),
  };
  let payload = Object.entries(values)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  if (text) {
    payload += `--${boundary}\r\nContent-Disposition: form-data; name="body"; filename="env.json"\r\nContent-Type: application/json\r\n\r\n${text}\r\n`;
  }
  payload += `--${boundary}--\r\n`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/hainiao/envpush',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked field by field
  return res.json() as { code: number; msg: string; data?: any };
}

function suite(name: string, redisLeases: boolean) {
  describeEachDatabase(name, (ctx) => {
    let app: FastifyInstance;
    const time = testClock();
    const prefix = testRedisPrefix();

    beforeAll(async () => {
      app = await buildTestApp(ctx.database, {
        clock: time.clock,
        ...(redisLeases ? { redisUrl: TEST_REDIS_URL, redisPrefix: prefix } : {}),
      });
    });
    afterAll(async () => {
      await app.close();
      if (redisLeases) await clearRedisPrefix(prefix);
    });

    /**
     * An account logged in as a local API on its own device: its lease token. A sub-account logs
     * in with a credential its team's main account applied for.
     */
    async function device(account: string, options: { teamOf?: string; device?: string } = {}) {
      const accounts = accountService(ctx.database, time.clock);
      const created = await accounts.create({
        account,
        email: `${account}@example.com`,
        password: 'correct-horse-7',
        ...(options.teamOf ? { teamOf: options.teamOf } : {}),
      });
      const main = options.teamOf
        ? (await accounts.findByIdentity({ Account: options.teamOf }))!
        : created;
      const status = await post(app, 'status', {
        clienttoken: await accounts.issueClientToken(main.id),
      });
      const session = status.body.data.user_info.token as string;
      const applied = await post(app, 'applyapi', { token: session });
      expect(applied.body.code, applied.body.msg).toBe(0);
      const key = await post(app, 'getappkey', {
        token: session,
        app_id: applied.body.data.app_id,
      });
      const fields = {
        Account: account,
        APP_ID: applied.body.data.app_id,
        APP_KEY: key.body.data.app_key,
        device: options.device ?? `${account}-pc`,
      };
      relogins.set(account, async () => {
        const again = await post(app, 'apilogin', fields);
        expect(again.body.code, again.body.msg).toBe(0);
        return again.body.data.token as string;
      });
      return relogins.get(account)!();
    }

    const relogins = new Map<string, () => Promise<string>>();
    let alice: string;
    let bob: string;
    beforeAll(async () => {
      alice = await device('alice');
      bob = await device('bob');
    });

    test('a push makes version 1; a pull from another session of the account finds it; a push on an old version is refused', async () => {
      const body = snapshotOf('shop 1');
      const first = await push(app, alice, { env_id: envId(1), base_version: 0, body }, 'alice-pc');
      expect(first).toMatchObject({ code: 0, data: { env_id: envId(1), version: 1 } });
      const second = await push(
        app,
        alice,
        { env_id: envId(1), base_version: 1, body: snapshotOf('shop 1b') },
        'alice-pc',
      );
      expect(second.data.version).toBe(2);
      const stale = await push(
        app,
        alice,
        { env_id: envId(1), base_version: 0, body: snapshotOf('lost?') },
        'alice-pc',
        'zh-CHS',
      );
      expect(stale).toEqual({ code: S.VERSION_STALE, msg: SyncCodes.get(S.VERSION_STALE)!.zh });
      // The device whose push made version 2 never got the answer (it died, or timed out): its
      // next change, still made on version 1, goes on top instead of becoming a conflict copy…
      const retried = await push(
        app,
        alice,
        { env_id: envId(1), base_version: 1, body: snapshotOf('shop 1c') },
        'alice-pc',
      );
      expect(retried).toMatchObject({ code: 0, data: { version: 3 } });
      // …and the same bytes again answer the version that holds them.
      const same = await push(
        app,
        alice,
        { env_id: envId(1), base_version: 1, body: snapshotOf('shop 1c') },
        'alice-pc',
      );
      expect(same).toMatchObject({ code: 0, data: { version: 3 } });

      const pulled = await post(app, 'envpull', { token: alice, since: '0' });
      expect(pulled.body.data).toMatchObject({ more: false, revoked: [] });
      const change = pulled.body.data.changes.find(
        (c: { env_id: string }) => c.env_id === envId(1),
      );
      expect(change).toMatchObject({ owner: 'alice', version: 3, access: 'owner', deleted: false });
      expect(JSON.parse(change.body).env.name).toBe('shop 1c');
      expect(change.hash).toBe(sha(change.body));
      // Nothing new after the cursor; bob sees none of it.
      const again = await post(app, 'envpull', {
        token: alice,
        since: String(pulled.body.data.cursor),
      });
      expect(again.body.data.changes).toEqual([]);
      const other = await post(app, 'envpull', { token: bob, since: '0' });
      expect(other.body.data.changes).toEqual([]);
    });

    test('a body whose checksum does not match is refused as corrupted and stores nothing', async () => {
      const bad = await push(app, alice, {
        env_id: envId(2),
        base_version: 0,
        body: snapshotOf('x'),
        hash: sha('something else'),
      });
      expect(bad.code).toBe(S.DATA_CORRUPTED);
      const pulled = await post(app, 'envpull', { token: alice, since: '0' });
      expect(pulled.body.data.changes.map((c: { env_id: string }) => c.env_id)).not.toContain(
        envId(2),
      );
    });

    test('a snapshot the contract refuses is answered code 1 naming the field, in the caller language, and not stored', async () => {
      const id = envId(8);
      const bad = { ...snapshotOf('bad'), env: { ...snapshotOf('bad').env, system: 'Amiga' } };
      const zh = await push(
        app,
        alice,
        { env_id: id, base_version: 0, body: bad },
        'alice-pc',
        'zh-CHS',
      );
      expect(zh.code).toBe(1);
      expect(zh.msg).toBe('环境快照未被接受：字段 env.system 无效（not a system of the appendix）');
      const en = await push(app, alice, {
        env_id: id,
        base_version: 0,
        body: { v: 1, env: { name: 'x' } },
      });
      expect(en.code).toBe(1);
      expect(en.msg).toMatch(/^The environment snapshot was refused: env\.\w+ is not valid \(/);
      const text = await push(app, alice, { env_id: id, base_version: 0, body: '[1, 2' });
      expect(text).toEqual({
        code: 1,
        msg: 'The environment snapshot was refused: it is not a JSON object',
      });
      const pulled = await post(app, 'envpull', { token: alice, since: '0' });
      expect(pulled.body.data.changes.map((c: { env_id: string }) => c.env_id)).not.toContain(id);
    });

    test('another account can neither read, overwrite, delete nor lease an environment it was not given', async () => {
      await push(app, alice, { env_id: envId(3), base_version: 0, body: snapshotOf('private') });
      expect(
        (await push(app, bob, { env_id: envId(3), base_version: 1, body: snapshotOf('mine') }))
          .code,
      ).toBe(S.ENV_NOT_FOUND);
      expect(
        (await push(app, bob, { env_id: envId(3), base_version: 0, body: snapshotOf('mine') }))
          .code,
      ).toBe(S.ENV_NOT_FOUND);
      expect(
        (await push(app, bob, { env_id: envId(3), base_version: 1, deleted: true })).code,
      ).toBe(S.ENV_NOT_FOUND);
      const lease = await post(app, 'envlease', {
        token: bob,
        device: 'bob-pc',
        env_id: envId(3),
        state: 'running',
      });
      expect(lease.body.code).toBe(S.ENV_NOT_FOUND);
      const share = await post(app, 'envshare', { token: bob, env_id: envId(3), to: 'bob' });
      expect(share.body.code).toBe(S.SHARE_TO_SELF);
      const reshare = await post(app, 'envshare', { token: bob, env_id: envId(3), to: 'alice' });
      expect(reshare.body.code).toBe(S.ENV_NOT_FOUND);
    });

    test('share: unknown user, self and re-share fail; the receiver pulls it, may save cookies but not settings, and loses it on unshare', async () => {
      const id = envId(4);
      await push(app, alice, {
        env_id: id,
        base_version: 0,
        body: snapshotOf('shared'),
      });
      const unknown = await post(
        app,
        'envshare',
        { token: alice, env_id: id, to: 'nobody' },
        'zh-CHS',
      );
      expect(unknown.body).toEqual({
        code: S.UNKNOWN_ACCOUNT,
        msg: SyncCodes.get(S.UNKNOWN_ACCOUNT)!.zh,
      });
      expect(
        (await post(app, 'envshare', { token: alice, env_id: id, to: 'alice' })).body.code,
      ).toBe(S.SHARE_TO_SELF);
      const since = (await post(app, 'envpull', { token: bob, since: '0' })).body.data.cursor;
      expect((await post(app, 'envshare', { token: alice, env_id: id, to: 'bob' })).body.code).toBe(
        0,
      );

      const received = await post(app, 'envpull', { token: bob, since: String(since) });
      expect(received.body.data.changes).toEqual([
        expect.objectContaining({ env_id: id, owner: 'alice', access: 'shared', shares: [] }),
      ]);
      const owner = await post(app, 'envpull', { token: alice, since: '0' });
      expect(
        owner.body.data.changes.find((c: { env_id: string }) => c.env_id === id).shares,
      ).toEqual(['bob']);

      // bob may not pass it on, nor change its settings, nor delete it; cookies are his to save.
      await device('carol');
      expect((await post(app, 'envshare', { token: bob, env_id: id, to: 'carol' })).body.code).toBe(
        S.NOT_OWNER,
      );
      const settings = await push(app, bob, {
        env_id: id,
        base_version: 1,
        body: snapshotOf('renamed'),
      });
      expect(settings.code).toBe(S.SETTINGS_READ_ONLY);
      expect((await push(app, bob, { env_id: id, base_version: 1, deleted: true })).code).toBe(
        S.NOT_OWNER,
      );
      const cookies = await push(app, bob, {
        env_id: id,
        base_version: 1,
        body: snapshotOf('shared', [], [{ name: 'sid', value: '1', domain: '.example.com' }]),
      });
      expect(cookies).toMatchObject({ code: 0, data: { version: 2 } });

      const cursor = received.body.data.cursor;
      expect(
        (await post(app, 'envunshare', { token: alice, env_id: id, to: 'bob' })).body.code,
      ).toBe(0);
      const after = await post(app, 'envpull', { token: bob, since: String(cursor) });
      expect(after.body.data.revoked).toEqual([id]);
      expect(
        (
          await push(app, bob, {
            env_id: id,
            base_version: 2,
            body: snapshotOf('shared'),
          })
        ).code,
      ).toBe(S.ENV_NOT_FOUND);
    });

    test("a team's main account sees and manages a sub-account's environments; the sub-account does not see the main's", async () => {
      const lead = await device('lead');
      const member = await device('member', { teamOf: 'lead' });
      await push(
        app,
        member,
        { env_id: envId(5), base_version: 0, body: snapshotOf('member env') },
        'member-pc',
      );
      await push(
        app,
        lead,
        { env_id: envId(6), base_version: 0, body: snapshotOf('lead env') },
        'lead-pc',
      );
      const leadView = await post(app, 'envpull', { token: lead, since: '0' });
      expect(
        leadView.body.data.changes.map((c: { env_id: string; access: string }) => [
          c.env_id,
          c.access,
        ]),
      ).toEqual([
        [envId(5), 'team'],
        [envId(6), 'owner'],
      ]);
      const memberView = await post(app, 'envpull', { token: member, since: '0' });
      expect(memberView.body.data.changes.map((c: { env_id: string }) => c.env_id)).toEqual([
        envId(5),
      ]);
      // The main account renames and then deletes the member's environment.
      expect(
        (await push(app, lead, { env_id: envId(5), base_version: 1, body: snapshotOf('by lead') }))
          .code,
      ).toBe(0);
      expect(
        (await push(app, lead, { env_id: envId(5), base_version: 2, deleted: true })).code,
      ).toBe(0);
      const gone = await post(app, 'envpull', {
        token: member,
        since: String(memberView.body.data.cursor),
      });
      expect(gone.body.data.changes).toEqual([
        expect.objectContaining({ env_id: envId(5), deleted: true, body: null, version: 3 }),
      ]);
    });

    test('one machine at a time: another device gets "running elsewhere", or "uploading" while the stop uploads; released or timed out, it is free', async () => {
      const id = envId(7);
      await push(app, alice, { env_id: id, base_version: 0, body: snapshotOf('leased') });
      const lease = (token: string, dev: string, state = 'running') =>
        post(app, 'envlease', { token, device: dev, env_id: id, state });
      const taken = await lease(alice, 'alice-pc');
      expect(taken.body).toMatchObject({
        code: 0,
        data: { version: 1, expires_in_ms: LEASE_TIMEOUT_MS },
      });
      // Another machine that may start it: an account it is shared with.
      await post(app, 'envshare', { token: alice, env_id: id, to: 'bob' });
      expect((await lease(bob, 'bob-pc')).body.code).toBe(S.ENV_IN_USE);
      // Another account whose machine bears the same name is another machine: it neither takes
      // nor ends alice's lease.
      const erin = await device('erin', { device: 'alice-pc' });
      await post(app, 'envshare', { token: alice, env_id: id, to: 'erin' });
      expect((await lease(erin, 'alice-pc')).body.code).toBe(S.ENV_IN_USE);
      await post(app, 'envrelease', { token: erin, device: 'alice-pc', env_id: id });
      expect((await lease(bob, 'bob-pc')).body.code).toBe(S.ENV_IN_USE);
      expect((await lease(alice, 'alice-pc', 'uploading')).body.code).toBe(0);
      expect((await lease(bob, 'bob-pc')).body.code).toBe(S.ENV_UPLOADING);
      expect(
        (await post(app, 'envrelease', { token: alice, device: 'alice-pc', env_id: id })).body.code,
      ).toBe(0);
      expect((await lease(bob, 'bob-pc')).body.code).toBe(0);
      if (!redisLeases) {
        // A device that went silent loses the lease when it times out (Redis expires by itself).
        time.advance(LEASE_TIMEOUT_MS + 1000);
        expect((await lease(await relogins.get('alice')!(), 'alice-pc')).body.code).toBe(0);
      }
    });
  });
}

suite('environment sync, share, team and run leases', false);
// Without a local Redis this suite skips loudly, and fails under CI (test/redis.ts).
describe.skipIf(!redisUp)('environment run leases in Redis', () =>
  suite('environment run leases in Redis', true),
);
