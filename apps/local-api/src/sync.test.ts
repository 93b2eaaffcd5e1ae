/**
 * Cloud sync across machines (issue 13): separate local-API processes (each its own data folder
 * and port, as two computers would have) against one cloud, on SQLite and on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { postgresUp } from '@hainiao/testkit/postgres';
import { spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';

const COOKIE = {
  name: 'session-id',
  value: 'seller-42',
  domain: '.seller.example.com',
  path: '/',
  expires: 1_900_000_000,
  httpOnly: true,
  secure: true,
};

async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(database === 'postgres' && !postgresUp)(
    `sync between machines [${database}]`,
    () => {
      let cloud: TestCloud;
      const folders: string[] = [];
      const running: ServiceProcess[] = [];
      const accounts: Record<string, { Account: string; APP_ID: string; APP_KEY: string }> = {};

      /** A machine: its own data folder, kept across restarts of its service. */
      function machine(syncIntervalMs = '500') {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-machine-'));
        folders.push(dataDir);
        return {
          async start(account?: string) {
            const service = await spawnLocalApi({
              dataDir,
              cloud: cloud.url,
              env: { HAINIAO_SYNC_INTERVAL_MS: syncIntervalMs, HAINIAO_CLOUD_TIMEOUT_MS: '3000' },
            });
            running.push(service);
            if (account) {
              const login = await service.post('/login', accounts[account]);
              expect(login.json().status, login.text).toBe(0);
            }
            return service;
          },
        };
      }

      const listid = async (service: ServiceProcess, filters: Record<string, unknown> = {}) => {
        const res = await service.post('/api/v1/session/listid', filters);
        expect(res.json().code, res.text).toBe(0);
        return res.json().data.listid as string[];
      };
      const info = async (service: ServiceProcess, id: string) =>
        (
          await service.post('/api/v1/session/id_container', {
            Session_ID: id,
            Session_container_type: 1,
          })
        ).json().data.listcontainer[0];
      const create = async (service: ServiceProcess, fields: Record<string, unknown>) => {
        const res = await service.post('/api/v1/session/create', {
          Automatic_Configure: 0,
          ...fields,
        });
        expect(res.json().code, res.text).toBe(0);
        return res.json().data.Session_Id as string;
      };

      beforeAll(async () => {
        cloud = await startTestCloud({ database });
        for (const name of ['alice', 'bob', 'lead']) accounts[name] = await cloud.account(name);
        // A sub-account logs in with a credential its main account holds (quota: one a member).
        await cloud.admin([
          'account:create',
          '--account',
          'member',
          '--email',
          'member@example.com',
          '--password',
          'correct-horse-7',
          '--team-of',
          'lead',
        ]);
        const out = await cloud.admin(['credential:create', '--account', 'lead']);
        accounts.member = {
          Account: 'member',
          APP_ID: /app_id\s+(\S+)/.exec(out)![1]!,
          APP_KEY: /app_key\s+(\S+)/.exec(out)![1]!,
        };
      }, 60_000);

      afterAll(async () => {
        await Promise.all(running.map((s) => s.kill()));
        await cloud?.stop();
        for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
      });

      test('the same account on a second machine finds its environments, cookies, start pages and group; offline changes arrive when the cloud is back', async () => {
        const pc = machine();
        const laptop = machine();

        const first = await pc.start('alice');
        expect(
          (await first.post('/api/v1/group/create', { Group_Name: 'shops' })).json().code,
        ).toBe(0);
        const id = await create(first, {
          Session_Name: 'seller central',
          Session_Group: 'shops',
          Cookie: [COOKIE],
          HomePage_url: ['https://shop.example/orders'],
        });
        await first.quit();

        const second = await laptop.start('alice');
        expect(await listid(second)).toEqual([id]);
        const copy = await info(second, id);
        expect(copy).toMatchObject({ Session_Name: 'seller central', Group_Name: 'shops' });
        expect(copy.Cookie).toEqual([
          expect.objectContaining({ name: 'session-id', value: 'seller-42' }),
        ]);
        expect(copy.HomePage_url).toEqual(['https://shop.example/orders']);

        // The cloud goes away: changes are made all the same, and wait.
        await cloud.pause();
        const renamed = await second.post('/api/v1/session/update', {
          Session_ID: id,
          Session_Name: 'renamed offline',
        });
        expect(renamed.json().code, renamed.text).toBe(0);
        const offline = await create(second, { Session_Name: 'made offline' });
        // Both wait on the machine while the cloud is away.
        expect((await second.syncState()).pending).toBe(2);
        await cloud.resume();
        // The laptop's timer pushes them once the cloud answers; then it quits and the pc logs in.
        await second.synced();
        await second.quit();

        const again = await pc.start('alice');
        expect((await listid(again)).sort()).toEqual([id, offline].sort());
        expect((await info(again, id)).Session_Name).toBe('renamed offline');
        await again.quit();
      }, 120_000);

      test("a share appears in the receiver's received list and leaves on unshare; unknown accounts, oneself and re-sharing fail in the caller's language", async () => {
        const a = await machine().start('alice');
        const b = await machine().start('bob');
        const id = await create(a, { Session_Name: 'shared shop', Cookie: [COOKIE] });

        const unknown = await a.post('/api/v1/session/share', {
          Session_ID: id,
          Share_Username: 'nobody',
        });
        expect(unknown.json()).toMatchObject({
          code: -10000,
          message: 'Share failed: there is no account named nobody',
        });
        const zh = (await fetch(`http://127.0.0.1:${a.port}/api/v1/session/share`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
          body: JSON.stringify({ Session_ID: id, Share_Username: 'nobody' }),
        }).then((r) => r.json())) as { message: string };
        expect(zh.message).toBe('分享失败：不存在名为 nobody 的账号');
        expect(
          (
            await a.post('/api/v1/session/share', { Session_ID: id, Share_Username: 'alice' })
          ).json().message,
        ).toBe('An environment cannot be shared with its own account');

        const shared = await a.post('/api/v1/session/share', {
          Session_ID: id,
          Share_Username: 'bob',
        });
        expect(shared.json()).toMatchObject({ code: 0, message: 'Share Success' });
        expect(await listid(a, { Session_Sent_Account: 'bob' })).toEqual([id]);

        await until(
          async () => (await listid(b, { Session_Recv: 1 })).includes(id),
          "bob's received list",
        );
        expect(await listid(b, { Session_Recv_Account: 'alice' })).toEqual([id]);
        expect((await info(b, id)).Cookie).toEqual([
          expect.objectContaining({ value: 'seller-42' }),
        ]);
        // bob cannot pass it on, nor change its settings.
        const reshare = await b.post('/api/v1/session/share', {
          Session_ID: id,
          Share_Username: 'lead',
        });
        expect(reshare.json().code).toBe(-11);
        const update = await b.post('/api/v1/session/update', {
          Session_ID: id,
          Session_Name: 'mine',
        });
        expect(update.json().code).toBe(-11);

        const unshared = await a.post('/api/v1/session/unshare', {
          Session_ID: id,
          Share_Username: 'bob',
        });
        expect(unshared.json()).toMatchObject({ code: 0, message: 'Unshare Success' });
        await until(async () => !(await listid(b)).includes(id), 'the share to leave bob');
        await a.quit();
        await b.quit();
      }, 120_000);

      test("a share while the cloud is away answers -5, and says why in the caller's language", async () => {
        const a = await machine().start('alice');
        const id = await create(a, { Session_Name: 'shared while away' });
        await cloud.pause();
        try {
          const share = (lang: string) =>
            fetch(`http://127.0.0.1:${a.port}/api/v1/session/share`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'accept-language': lang },
              body: JSON.stringify({ Session_ID: id, Share_Username: 'bob' }),
            }).then((r) => r.json() as Promise<{ code: number; message: string }>);
          const en = await share('en-US');
          expect(en.code).toBe(-5);
          expect(en.message).toMatch(/^Share failed: the environment could not be uploaded/);
          const zh = await share('zh-CN');
          expect(zh.code).toBe(-5);
          expect(zh.message).toMatch(/^分享失败：未能先将该环境上传到云端（.+）$/);
          expect(zh.message).not.toMatch(/[A-Za-z]/);
        } finally {
          await cloud.resume();
        }
        await a.quit();
      }, 60_000);

      test("a team's main account sees and changes a sub-account's environments; of two changes made on the same version, the later is kept as a conflict copy", async () => {
        const m = await machine().start('member');
        const id = await create(m, { Session_Name: 'member shop' });
        await m.synced();
        const leadMachine = machine('30000');
        let lead = await leadMachine.start('lead');
        expect(await listid(lead)).toContain(id);
        expect((await info(lead, id)).Session_Name).toBe('member shop');

        // The lead's change is made on the older version while the cloud is away (changes arrive
        // live otherwise), and its service dies with it queued; the member's reaches the cloud
        // first; the lead's goes up when its machine is back.
        await cloud.pause();
        const byLead = await lead.post('/api/v1/session/update', {
          Session_ID: id,
          Session_Name: 'by lead',
        });
        expect(byLead.json().code, byLead.text).toBe(0);
        await lead.kill();
        await cloud.resume();
        const byMember = await m.post('/api/v1/session/update', {
          Session_ID: id,
          Session_Name: 'by member',
        });
        expect(byMember.json().code, byMember.text).toBe(0);
        await m.synced();
        lead = await leadMachine.start('lead');

        await until(
          async () => (await info(lead, id)).Session_Name === 'by member',
          'the cloud version',
        );
        const names = await Promise.all(
          (await listid(lead)).map(async (other) => (await info(lead, other)).Session_Name),
        );
        expect(names).toContainEqual(
          expect.stringMatching(/^by lead \(conflict \d{4}-\d\d-\d\d \d\d:\d\d\)$/),
        );
        // Nothing of the lead's own reaches the member, who still sees its environment as it won.
        await until(
          async () => (await info(m, id)).Session_Name === 'by member',
          "the member's copy",
        );
        expect(await listid(m)).toEqual([id]);
        await m.quit();
        await lead.quit();
      }, 120_000);

      // The cloud's SQLite file is tampered with directly (PostgreSQL's rows behave the same).
      if (database === 'sqlite')
        test('a cloud copy that fails its checksum is not used (-25); a newer version the pull cannot bring answers -24', async () => {
          const pc = await machine().start('alice');
          const id = await create(pc, { Session_Name: 'checked' });
          const other = await create(pc, { Session_Name: 'ahead' });
          await pc.synced();
          const store = openSqlite(path.join(cloud.dataDir, 'cloud.sqlite'));
          try {
            // One stored snapshot changes under its checksum (a damaged disk, a bad restore) and
            // comes down in the next pull; the other's version moves on with nothing to pull.
            store.transaction(() => {
              store.prepare('update sync_counter set value = value + 1').run();
              store
                .prepare(
                  "update sync_env set body = replace(body, 'checked', 'damaged'), seq = (select value from sync_counter) where env_id = ?",
                )
                .run(id);
              store
                .prepare('update sync_env set version = version + 5 where env_id = ?')
                .run(other);
            })();
          } finally {
            store.close();
          }
          // A round of the timer begun after the change.
          await pc.synced();
          const start = async (envId: string) =>
            (await pc.post('/api/v1/browser/start', { Session_ID: [envId], isHeadless: 1 })).json()
              .data.listid[0];
          // The start table's own numbers (-10 and -9 there mean service and CDP init failures).
          expect(await start(id)).toMatchObject({
            status: -25,
            message: expect.stringMatching(/^Data corrupted: the copy of this environment/),
          });
          expect((await info(pc, id)).Session_Name).toBe('checked');
          expect(await start(other)).toMatchObject({
            status: -24,
            message:
              'Sync timed out: the latest data of this environment could not be downloaded from ' +
              'the cloud (the newer version did not arrive)',
          });
          // The reason is in the caller's language too, not an English text inside Chinese.
          const zh = (await fetch(`http://127.0.0.1:${pc.port}/api/v1/browser/start`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
            body: JSON.stringify({ Session_ID: [other], isHeadless: 1 }),
          }).then((r) => r.json())) as { data: { listid: { status: number; message: string }[] } };
          expect(zh.data.listid[0]).toMatchObject({
            status: -24,
            message: '同步超时：未能从云端下载该环境的最新数据（较新的版本未能下载到本机）',
          });
          await pc.quit();
        }, 60_000);
    },
  );
}
