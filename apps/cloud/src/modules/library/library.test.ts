import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LEASE_TIMEOUT_MS } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { accountService } from '../accounts/service.ts';
import { credentialService } from '../credentials/service.ts';
import { deriveKeys } from '../../security/secret.ts';
import { buildSeedLibrary, compareVersions, extensionId, scriptId, seedLibrary } from './seed.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the seed library', () => {
  const library = buildSeedLibrary();

  test('packages real MV3 extensions whose id Chrome derives from their key', () => {
    expect(library.plugins.map((p) => `${p.slug}@${p.version}`)).toEqual([
      'auto-refresh@1.0.0',
      'copy-tab-urls@1.0.0',
      'dark-mode-lite@1.0.0',
      'dark-mode-lite@1.1.0',
    ]);
    for (const plugin of library.plugins) {
      const files = unzipSync(plugin.bytes);
      const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Record<string, unknown>;
      expect(manifest).toMatchObject({ manifest_version: 3, version: plugin.version });
      expect(plugin.plugin_id).toBe(extensionId(manifest.key as string));
      expect(plugin.plugin_id).toMatch(/^[a-p]{32}$/);
      // Every file the manifest names is in the archive.
      const named = JSON.stringify(manifest).match(/"[\w-]+\.(js|html)"/g) ?? [];
      for (const name of named) expect(files[name.slice(1, -1)], name).toBeDefined();
    }
  });

  test('builds byte-identical archives from run to run', () => {
    const again = buildSeedLibrary();
    expect(again.plugins.map((p) => sha256(p.bytes))).toEqual(
      library.plugins.map((p) => sha256(p.bytes)),
    );
  });

  test('scripts have stable ids and parse as JavaScript', () => {
    expect(library.scripts.map((s) => s.slug)).toEqual([
      'scroll-to-bottom',
      'accept-cookie-banners',
      'autofill-test-form',
      'keep-alive',
    ]);
    for (const script of library.scripts) {
      expect(script.script_id).toBe(scriptId(script.slug));
      expect(script.script_id).toMatch(/^[0-9a-f]{16}$/);
      expect(() => new Function(strFromU8(script.bytes))).not.toThrow();
    }
  });

  test('versions compare numerically', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
    expect(compareVersions('0.9', '1.0')).toBeLessThan(0);
  });
});

describeEachDatabase('library calls of the local API', (ctx) => {
  let app: FastifyInstance;
  let leaseToken: string;
  const time = testClock();
  const secret = randomBytes(32);

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { clock: time.clock, secret });
    const accounts = accountService(ctx.database, time.clock);
    const account = await accounts.create({
      account: 'libuser',
      email: 'libuser@example.com',
      password: 'correct-horse-7',
    });
    const cred = await credentialService(
      ctx.database,
      accounts,
      deriveKeys(secret),
      time.clock,
    ).apply(account);
    const login = await post(app, 'apilogin', {
      Account: 'libuser',
      APP_ID: cred.app_id,
      APP_KEY: cred.app_key,
      device: 'device-lib',
    });
    expect(login.body.code, login.body.msg).toBe(0);
    leaseToken = login.body.data.token;
  });
  afterAll(() => app.close());

  test('pluginlist answers every version, newest first, for a live lease', async () => {
    const res = await post(app, 'pluginlist', { token: leaseToken });
    expect(res.body.code).toBe(0);
    const list = res.body.data.list as { Plugin_Id: string; Plugin_Ver: string; url: string }[];
    expect(list).toHaveLength(4);
    const dark = list.filter((p) => p.url.includes('dark-mode-lite'));
    expect(dark.map((p) => p.Plugin_Ver)).toEqual(['1.1.0', '1.0.0']);
    expect(list[0]).toEqual({
      Plugin_Id: expect.stringMatching(/^[a-p]{32}$/),
      Plugin_Name: 'Auto Refresh',
      Plugin_Ver: '1.0.0',
      Plugin_Desc: expect.stringContaining('Reloads'),
      url: '/library/auto-refresh-1.0.0.zip',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: expect.any(Number),
    });
  });

  test('names and descriptions follow the lang field', async () => {
    const res = await post(app, 'scriptlist', { token: leaseToken }, 'zh-CHS');
    expect(res.body.data.list[0]).toMatchObject({ Script_Name: '滚动到底部', Script_Ver: '1.0.0' });
  });

  test('files are served with their hash and type; unknown names are 404', async () => {
    const scripts = (await post(app, 'scriptlist', { token: leaseToken })).body.data.list as {
      url: string;
      sha256: string;
      size: number;
    }[];
    for (const script of scripts) {
      const file = await app.inject({ method: 'GET', url: script.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(sha256(file.rawPayload)).toBe(script.sha256);
      expect(file.rawPayload.length).toBe(script.size);
    }
    const zip = await app.inject({ method: 'GET', url: '/library/copy-tab-urls-1.0.0.zip' });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(unzipSync(zip.rawPayload)['popup.html']).toBeDefined();
    for (const url of ['/library/nope.zip', '/library/..%2Fcloud.sqlite', '/library/.hidden']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  test('lists need a token, and a live one', async () => {
    expect((await post(app, 'pluginlist', {})).body.code).toBe(1);
    expect((await post(app, 'scriptlist', { token: 'lt_nope' })).body).toMatchObject({
      code: -4,
      msg: expect.stringContaining('Login_Expire'),
    });
  });

  test('seeding again changes nothing', async () => {
    await seedLibrary(ctx.database, undefined);
    const { db } = ctx.database;
    const plugins = await db.selectFrom('library_plugin').select('id').execute();
    const scripts = await db.selectFrom('library_script').select('id').execute();
    expect([plugins.length, scripts.length]).toEqual([4, 4]);
  });

  test('a lease that timed out no longer reads the library', async () => {
    time.advance(LEASE_TIMEOUT_MS + 1000);
    expect((await post(app, 'pluginlist', { token: leaseToken })).body.code).toBe(-4);
  });
});

describeEachDatabase('library folder', (ctx) => {
  test('the seed writes missing files and keeps an operator’s replacement', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-library-'));
    try {
      const replaced = Buffer.from('// replaced by the operator\n');
      fs.writeFileSync(path.join(dir, 'keep-alive-1.0.0.js'), replaced);
      await seedLibrary(ctx.database, dir);
      expect(fs.readdirSync(dir).sort()).toHaveLength(8);
      const row = await ctx.database.db
        .selectFrom('library_script')
        .selectAll()
        .where('slug', '=', 'keep-alive')
        .executeTakeFirstOrThrow();
      expect(row.sha256).toBe(sha256(replaced));
      const app = await buildTestApp(ctx.database, { libraryDir: dir });
      const served = await app.inject({ method: 'GET', url: '/library/keep-alive-1.0.0.js' });
      expect(served.body).toBe(replaced.toString());
      await app.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
