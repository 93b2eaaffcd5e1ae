/**
 * A share must not write files on the receiver's machine (issue 24, item 1). The attacker, with
 * nothing but its own account and the cloud's calls, shares an environment whose profile carries
 * a `Default/Preferences` that points downloads at a folder of its choice, and whose start page
 * downloads a file. The receiver starts it with real Chromium: the file lands in the
 * environment's own downloads folder, never in the attacker's.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { postgresUp } from '@hainiao/testkit/postgres';
import { chunkClient } from './cloud/chunks.ts';
import { chunkHash, compressChunk, manifestHash } from './runtime/profile/profile-manifest.ts';
import { hasChromium } from './test/browser.ts';
import { startTestService, type TestService } from './test/server.ts';

const PLANTED = 'planted.txt';

for (const database of ['sqlite', 'postgres'] as const) {
  describe.skipIf(!hasChromium || (database === 'postgres' && !postgresUp))(
    `a shared profile cannot choose where downloads go [${database}]`,
    () => {
      let cloud: TestCloud;
      let site: http.Server;
      let siteUrl: string;
      let trap: string;
      const services: TestService[] = [];

      beforeAll(async () => {
        cloud = await startTestCloud({ database });
        trap = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-trap-'));
        site = http.createServer((_request, response) => {
          response.setHeader('Content-Type', 'text/plain');
          response.setHeader('Content-Disposition', `attachment; filename="${PLANTED}"`);
          response.end('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIattacker attacker@example\n');
        });
        await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
        siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/key`;
      }, 60_000);

      afterAll(async () => {
        for (const service of services) await service.dispose();
        await new Promise((resolve) => site?.close(resolve));
        await cloud?.stop();
        if (trap) fs.rmSync(trap, { recursive: true, force: true });
      });

      async function machine(account: Record<string, string>) {
        const service = await startTestService({ cloud: cloud.url, syncIntervalMs: 300 });
        services.push(service);
        expect((await service.post('/login', account)).json().status).toBe(0);
        return service;
      }

      test('the start page downloads into the environment, not into the folder the profile names', async () => {
        const suffix = Math.random().toString(36).slice(2, 8);
        const attacker = await cloud.account(`mallory${suffix}`);
        const receiver = await cloud.account(`victor${suffix}`);

        // The attacker's environment as its own machine makes it: a valid snapshot in the cloud.
        const own = await machine(attacker);
        const created = await own.post('/api/v1/session/create', {
          Automatic_Configure: 0,
          Session_Name: 'free coupons',
          Sync_Profile: 1,
          HomePage_url: siteUrl,
        });
        expect(created.json().code, created.text).toBe(0);
        const id = created.json().data.Session_Id as string;
        const shared = await own.post('/api/v1/session/share', {
          Session_ID: id,
          Share_Username: receiver.Account,
        });
        expect(shared.json().code, shared.text).toBe(0);
        await own.dispose();
        services.splice(services.indexOf(own), 1);

        // Then the cloud's calls alone: a Preferences chunk, and a snapshot whose profile names it.
        const login = await cloud.call('apilogin', { ...attacker, device: `tool-${suffix}` });
        expect(login.code, login.msg).toBe(0);
        const token = login.data.token as string;
        const preferences = Buffer.from(
          JSON.stringify({
            download: { default_directory: trap, prompt_for_download: false },
            savefile: { default_directory: trap },
          }),
        );
        await chunkClient({ base: cloud.url, token: () => token }).put(
          chunkHash(preferences),
          await compressChunk(preferences),
        );
        const manifest = {
          v: 1 as const,
          files: [
            {
              path: 'Default/Preferences',
              size: preferences.length,
              mode: 0o600,
              mtime: Date.now(),
              chunks: [chunkHash(preferences)],
            },
          ],
        };
        const pulled = await cloud.call('envpull', { token, since: '0' });
        expect(pulled.code, pulled.msg).toBe(0);
        const change = (pulled.data.changes as { env_id: string; version: number; body: string }[])
          .filter((c) => c.env_id === id)
          .at(-1)!;
        const snapshot = JSON.parse(change.body) as { usage: Record<string, unknown> };
        snapshot.usage.profile = { hash: manifestHash(manifest), manifest };
        const body = Buffer.from(JSON.stringify(snapshot));
        const form = new FormData();
        const fields = {
          inweb: '1',
          lang: 'en',
          token,
          device: `tool-${suffix}`,
          env_id: id,
          base_version: String(change.version),
          hash: createHash('sha256').update(body).digest('hex'),
        };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('body', new Blob([body], { type: 'application/json' }), 'body.json');
        const pushed = (await (
          await fetch(`${cloud.url}/api/hainiao/envpush`, { method: 'POST', body: form })
        ).json()) as { code: number; msg: string };
        expect(pushed.code, pushed.msg).toBe(0);

        // The receiver's machine gets the share and starts it.
        const victim = await machine(receiver);
        await expect
          .poll(
            async () =>
              (await victim.post('/api/v1/session/listid', { Session_Recv: 1 })).json().data.listid,
            { timeout: 20_000, interval: 200 },
          )
          .toContain(id);
        const ownDownloads = path.join(victim.dataDir, 'sessions', id, 'downloads');
        const started = await victim.post('/api/v1/browser/start', {
          Session_ID: [id],
          isHeadless: 1,
        });
        expect(started.json().code, started.text).toBe(0);
        expect(started.json().data.listid[0].status, started.text).toBe(0);
        try {
          const landed = () =>
            [path.join(trap, PLANTED), path.join(ownDownloads, PLANTED)].filter((file) =>
              fs.existsSync(file),
            );
          await expect.poll(landed, { timeout: 30_000, interval: 200 }).not.toEqual([]);
          expect(fs.readdirSync(trap)).toEqual([]);
          expect(landed()).toEqual([path.join(ownDownloads, PLANTED)]);
        } finally {
          await victim.post('/api/v1/browser/stop', { Session_ID: [id] });
        }
      }, 180_000);
    },
  );
}
