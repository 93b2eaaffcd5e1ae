import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runAdmin } from './admin.ts';
import { buildTestApp, post } from './test/app.ts';
import { openDatabase } from './db/database.ts';
import { loadSecret } from './security/secret.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-admin-'));
const env = { DATA_DIR: dataDir, SITE_URL: 'http://localhost:8080' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function admin(...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await runAdmin(argv, env, (line: string) => lines.push(line));
  return lines.join('\n');
}

test('the operators’ command creates accounts, team members, credentials and /route links', async () => {
  expect(
    await admin(
      'account:create',
      '--account',
      'shop',
      '--email',
      'shop@example.com',
      '--password',
      'correct-horse-7',
    ),
  ).toMatch(/^account shop created \(type 0, package until \d{4}-\d{2}-\d{2}\)$/);
  expect(
    await admin(
      'account:create',
      '--account',
      'clerk',
      '--email',
      'clerk@example.com',
      '--password',
      'correct-horse-7',
      '--team-of',
      'shop',
    ),
  ).toMatch(/type 1/);
  expect(
    await admin(
      'account:create',
      '--account',
      'agent',
      '--email',
      'agent@example.com',
      '--password',
      'correct-horse-7',
      '--role',
      'staff',
    ),
  ).toMatch(/staff/);
  await expect(
    admin(
      'account:create',
      '--account',
      'shop',
      '--email',
      'x@example.com',
      '--password',
      'correct-horse-7',
    ),
  ).rejects.toThrow('This account name is already taken');

  const credential = await admin('credential:create', '--account', 'shop');
  const [, appId] = /app_id\s+(\w+)/.exec(credential) ?? [];
  const [, appKey] = /app_key\s+(\w+)/.exec(credential) ?? [];
  expect(appId).toMatch(/^[0-9a-f]{16}$/);
  expect(appKey).toMatch(/^[0-9a-f]{32}$/);

  const team = (await admin('team:list', '--account', 'shop')).split('\n');
  expect(team[0]).toBe('team of shop: 2 members, credentials 1/2');
  expect(team[1]).toMatch(/^shop\ttype 0\tshop@example\.com\tregistered \d{4}-\d{2}-\d{2}\tuntil /);
  expect(team[2]).toMatch(/^clerk\ttype 1\tclerk@example\.com\t/);

  const link = await admin('clienttoken', '--account', 'shop');
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe('http://localhost:8080/route');
  expect(url.searchParams.get('url')).toBe('/api');

  // What the command wrote is what the cloud serves: the link signs in, the credential logs in.
  const database = openDatabase(`sqlite:${path.join(dataDir, 'cloud.sqlite')}`);
  const app = await buildTestApp(database, { secret: loadSecret(dataDir, {}) });
  try {
    const status = await post(app, 'status', { clienttoken: url.searchParams.get('token')! });
    expect(status.body.data.user_info.email).toBe('shop@example.com');
    const login = await post(app, 'apilogin', {
      Account: 'shop',
      APP_ID: appId!,
      APP_KEY: appKey!,
      device: 'pc-1',
    });
    expect(login.body.code).toBe(0);
  } finally {
    await app.close();
    await database.close();
  }
});

test('the command explains its usage and refuses bad input', async () => {
  await expect(admin('nonsense')).rejects.toThrow(/usage:/);
  await expect(
    admin(
      'account:create',
      '--account',
      'x y',
      '--email',
      'a@b.c',
      '--password',
      'correct-horse-7',
    ),
  ).rejects.toThrow();
  await expect(admin('credential:create', '--account', 'ghost')).rejects.toThrow(
    'no account named ghost',
  );
});

test('migrate brings a store up to date before a rollout: tables and demo content, no stand-in release files', async () => {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-admin-migrate-'));
  try {
    const lines: string[] = [];
    await runAdmin(['migrate'], { DATA_DIR: fresh }, (line: string) => lines.push(line));
    expect(lines).toEqual(['database migrated, demo content in place']);
    // The programs are published by `npm run package`; nothing stands in for them.
    const releasesDir = path.join(fresh, 'releases');
    expect(fs.existsSync(releasesDir) ? fs.readdirSync(releasesDir) : []).toEqual([]);
    const database = openDatabase(`sqlite:${path.join(fresh, 'cloud.sqlite')}`);
    try {
      const types = await database.db.selectFrom('ticket_type').select('id').execute();
      expect(types.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    // Twice is harmless.
    await runAdmin(['migrate'], { DATA_DIR: fresh }, () => {});
  } finally {
    fs.rmSync(fresh, { recursive: true, force: true });
  }
});
