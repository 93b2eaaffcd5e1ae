/**
 * The stored fingerprint arrives from the cloud and may have been written by another account
 * (issue 24, item 4): the schema takes every fingerprint the generator makes and nothing else,
 * and `ensure` replaces a stored one that fails it (a real SQLite store, the row as a pull
 * writes it) instead of handing its values to the fontconfig file and the command line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SYSTEMS } from '@hainiao/contract';
import type { EnvironmentRecord } from '../../model/environment.ts';
import { DEFAULT_SETTINGS } from '../../model/settings.ts';
import { openStore } from '../../store/database.ts';
import {
  basisOf,
  clientHintVersion,
  fingerprintStore,
  generateFingerprint,
} from './fingerprint.ts';
import { HINT_STYLES, storedFingerprintSchema } from './fingerprint-schema.ts';
import { fontFamilies } from './machine.ts';

const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';

function record(fields: Partial<EnvironmentRecord> = {}): EnvironmentRecord {
  return {
    id: 'e1',
    owner: 'alice',
    name: 'n',
    description: '',
    group: 'default',
    system: 'Windows',
    userAgent: WINDOWS_UA,
    proxyType: 'noproxy',
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS, resolution: '1920x1080' },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  };
}

const INSTALLED = ['DejaVu Sans', 'DejaVu Serif', 'Liberation Mono', 'Noto Sans CJK SC', 'Ubuntu'];

describe('the schema', () => {
  test('takes every fingerprint the generator makes, for every system', () => {
    const machine = fontFamilies();
    for (const system of SYSTEMS) {
      for (const [resolution, mobileModel] of [
        ['1366x768', ''],
        ['412x915', 'Pixel 7'],
        ['', 'SM-G991B'],
      ] as const) {
        for (const fonts of [[], INSTALLED, machine]) {
          const made = generateFingerprint(
            record({ system, settings: { ...DEFAULT_SETTINGS, resolution, mobileModel } }),
            fonts,
          );
          const checked = storedFingerprintSchema.safeParse(JSON.parse(JSON.stringify(made)));
          expect(checked.error, `${system} ${resolution}`).toBeUndefined();
        }
      }
    }
  });

  test("a sample's UA-string version ('10_15_7') becomes the system's usual hint", () => {
    // The generator hands out '10_15_7' about once in 3000 macOS samples; CI once drew it.
    expect(clientHintVersion('10_15_7', 'MacIntel')).toBe('14.6.1');
    expect(clientHintVersion('<b>', 'Windows')).toBe('10.0.0');
    expect(clientHintVersion(undefined, 'Linux x86_64')).toBe('');
    expect(clientHintVersion('15.1.0', 'MacIntel')).toBe('15.1.0');
  });

  test('refuses markup, unknown values, extra fields and numbers out of range', () => {
    const good = JSON.parse(JSON.stringify(generateFingerprint(record(), INSTALLED))) as Record<
      string,
      unknown
    >;
    const bad: Record<string, unknown>[] = [
      { ...good, rendering: { hintstyle: 'hintslight</const><dir>/tmp/x</dir>', autohint: false } },
      { ...good, rendering: { hintstyle: 'hintmedium', autohint: false } },
      { ...good, rendering: { hintstyle: 'hintfull', autohint: 'true</bool><dir>/x</dir>' } },
      { ...good, families: { sans: 'Evil</family><include>/tmp/x</include>' } },
      { ...good, families: { sans: 'Comic Sans MS' } },
      { ...good, families: { cursive: 'DejaVu Sans' } },
      { ...good, hiddenFonts: ['Noto</string><cachedir>/tmp/c</cachedir>'] },
      { ...good, hiddenFonts: ['../../etc'] },
      { ...good, hiddenFonts: ['Noto Sans\nCJK'] },
      { ...good, screen: { ...(good.screen as object), width: 1e9 } },
      { ...good, screen: { ...(good.screen as object), devicePixelRatio: -1 } },
      { ...good, seed: 0.5 },
      { ...good, navigatorPlatform: 'Win32"; --gpu-launcher=/bin/sh' },
      { ...good, uaPlatform: { ...(good.uaPlatform as object), platformVersion: '10.0.0 evil' } },
      { ...good, extra: 1 },
      { ...good, version: 1 },
    ];
    for (const value of bad) {
      expect(storedFingerprintSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
    expect(storedFingerprintSchema.safeParse(good).success).toBe(true);
  });
});

describe('a stored fingerprint that fails the schema', () => {
  let dir: string;
  let db: SQLite.Database;
  const env = record();
  const storedRow = () =>
    db.prepare<[string], { data: string }>('select data from env_fingerprint where env_id = ?');

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-fp-schema-'));
    db = openStore(dir);
    const insert = db.prepare(
      `insert into environment (id, owner, name, description, group_name, system, user_agent,
        proxy_type, proxy_ip, created_at, updated_at) values (?,'alice','n','','default','Windows','ua','noproxy','',0,0)`,
    );
    insert.run('e1');
    insert.run('e2');
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What a pull writes: the snapshot's `usage.fingerprint` text, as it came. */
  const storeText = (id: string, text: string) =>
    db
      .prepare(
        `insert into env_fingerprint (env_id, data, created_at) values (?, ?, 0)
         on conflict (env_id) do update set data = excluded.data`,
      )
      .run(id, text);

  test('is replaced by a fresh one, and the fresh one is stored', () => {
    const store = fingerprintStore(db);
    const first = store.ensure(env, INSTALLED);
    const injected = {
      ...first,
      rendering: {
        hintstyle: `hintslight</const></edit></match><dir>${dir}</dir><cachedir>${dir}</cachedir><match><edit><const>hintslight`,
        autohint: false,
      },
    };
    storeText('e1', JSON.stringify(injected));
    const used = store.ensure(env, INSTALLED);
    expect(used.basis).toBe(basisOf(env));
    expect(HINT_STYLES).toContain(used.rendering.hintstyle);
    expect(JSON.stringify(used)).not.toContain('<');
    expect(storedFingerprintSchema.safeParse(used).success).toBe(true);
    // The bad one is gone from the store: the next start finds the fresh one.
    expect(storedRow().get('e1')!.data).toBe(JSON.stringify(used));
    expect(store.ensure(env, INSTALLED)).toEqual(used);
  });

  test('text that is not JSON, or not a fingerprint, is replaced too; another environment’s bad row breaks nothing', () => {
    const store = fingerprintStore(db);
    storeText('e2', '{not json');
    for (const text of [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ version: 2, basis: basisOf(env) }),
    ]) {
      storeText('e1', text);
      const used = store.ensure(env, INSTALLED);
      expect(storedFingerprintSchema.safeParse(used).success, text).toBe(true);
      expect(storedRow().get('e1')!.data).toBe(JSON.stringify(used));
    }
  });

  test('families and hidden fonts not installed on this machine are not used (the stored copy keeps them)', () => {
    const store = fingerprintStore(db);
    const first = store.ensure(env, INSTALLED);
    const elsewhere = {
      ...first,
      families: { sans: 'Cantarell', serif: 'DejaVu Serif' },
      hiddenFonts: ['Noto Sans CJK SC', 'Fira Code'],
    };
    storeText('e1', JSON.stringify(elsewhere));
    const used = store.ensure(env, INSTALLED);
    expect(used.seed).toBe(first.seed);
    expect(used.families).toEqual({ serif: 'DejaVu Serif' });
    expect(used.hiddenFonts).toEqual(['Noto Sans CJK SC']);
    expect(storedRow().get('e1')!.data).toBe(JSON.stringify(elsewhere));
  });
});
