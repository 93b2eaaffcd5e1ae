/**
 * The store's migrations on real SQLite files: a data folder written by an older service opens
 * with today's code and reads the same environments, in the internal names (migration 4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { afterAll, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings.ts';
import { toWireSettings } from '../adapters/v1/wire-settings.ts';
import { openStore, SCHEMA_VERSION } from './database.ts';
import { environmentStore } from './environments.ts';

const ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'schema-3.sql'), 'utf8');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-store-'));
  dirs.push(dir);
  return dir;
}

/** A data folder holding the version-3 store of the fixture; answers its settings JSON. */
function oldStore(dir: string): Record<string, unknown> {
  const db = openSqlite(path.join(dir, 'local-api.sqlite'));
  db.exec(FIXTURE);
  db.pragma('user_version = 3');
  const { settings } = db.prepare('select settings from env_data').get() as { settings: string };
  db.close();
  return JSON.parse(settings) as Record<string, unknown>;
}

describe('migrations', () => {
  test('a store written before migration 4 reads the same settings, in our names', () => {
    const dir = dataDir();
    const before = oldStore(dir);
    expect(before).toMatchObject({
      Disable_video: 1,
      GoogleTranslate: 1,
      TimeZone: 'Europe/Berlin',
    });

    const db = openStore(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const visible = environmentStore(db).visible('alice', ID);
    expect(visible?.owned).toBe(true);
    const record = visible!.record;
    expect(record.settings).toEqual({
      ...DEFAULT_SETTINGS,
      resolution: '1536x864',
      disableVideo: 1,
      disableImages: 1,
      googleTranslate: 1,
      saveCookiesOnExit: 0,
      stopOnProxyError: 0,
      fingerprintSetting: '1,0,1,0',
      staticPrivateIp: '192.168.1.23',
      timezone: 'Europe/Berlin',
      countryCode: 'DE',
      languageCode: 'de-DE',
      proxyPort: 1080,
      proxyUsername: 'user01',
      proxyPassword: 'secret',
      staticIpType: 2,
    });
    // What the calls answer (spelt as before) is exactly what the old store held, with the
    // defaults of the settings added since (a start's own arguments and headless switch, the
    // geolocation permission and coordinates, whether the profile travels, the tags).
    expect(toWireSettings(record.settings)).toEqual({
      ...before,
      Session_Args: [],
      Session_Headless: 0,
      Geolocation_Setting: 0,
      Geolocation_Latitude: '',
      Geolocation_Longitude: '',
      Geolocation_Accuracy: 50,
      Sync_Profile: 0,
      Session_Tags: [],
    });
    // The rest of the environment is untouched.
    expect(record).toMatchObject({
      name: 'Shop DE',
      group: 'Shops',
      proxyType: 'SOCKS5',
      proxyIp: '203.0.113.10',
      cookies: [{ name: 'session', domain: '.example.de', expires: -1 }],
    });
    const envs = environmentStore(db);
    expect(envs.plugins(ID)).toEqual([
      { pluginId: 'plugin-001', name: 'Tab Saver', version: '1.2.0' },
    ]);
    expect(envs.scripts(ID)).toEqual([
      { scriptId: 'script-001', name: 'Greeter', version: '1.0.0', active: true },
    ]);
    expect(envs.sites(ID)).toEqual(['example.de']);
    expect(envs.startPages(ID)).toEqual([{ url: 'https://example.de/', flag: 1 }]);

    // No spelling of the calls is left in the file: every key is one of ours (settings added
    // since the migration, such as launchArgs, come from the defaults when read).
    const { settings } = db.prepare('select settings from env_data').get() as { settings: string };
    const keys = Object.keys(JSON.parse(settings) as object);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => !(key in DEFAULT_SETTINGS))).toEqual([]);
    db.close();

    // Opening again runs nothing twice.
    const again = openStore(dir);
    expect(environmentStore(again).visible('alice', ID)?.record.settings.googleTranslate).toBe(1);
    again.close();
  });

  test('a change saved by today’s store is read back in our names', () => {
    const dir = dataDir();
    oldStore(dir);
    const db = openStore(dir);
    const envs = environmentStore(db);
    const { record } = envs.visible('alice', ID)!;
    record.settings.disableVideo = 0;
    record.settings.clearOnExit = 1;
    envs.save(record);
    db.close();

    const reopened = openStore(dir);
    const settings = environmentStore(reopened).visible('alice', ID)!.record.settings;
    expect(settings).toMatchObject({ disableVideo: 0, clearOnExit: 1, googleTranslate: 1 });
    reopened.close();
  });
});
