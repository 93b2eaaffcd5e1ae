/**
 * export-cookie into a cookie folder on a full or a read-only disk (issue 15, "Faults"): -15 with
 * a message in the caller's language that says what is wrong, no partial file, and nothing else
 * changed (an earlier export, the environment's cookies); once there is room again it works.
 *
 * The full disk is a real one: a small tmpfs mounted for the test (as root; this machine's tests
 * run as root). Root ignores file modes, so read-only is a read-only remount; without root it is
 * a folder of mode 0500 and only the full-disk case skips, loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { diskFixtures } from '@hainiao/testkit/tmpfs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { format, localApiMessages } from '@hainiao/contract';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from './test/server.ts';

const KB = 1024;
const disk = diskFixtures('disk-faults');
const { mountTmpfs, switchableFolder } = disk;

/** Fills `dir` until only `free` bytes are left. */
function fill(dir: string, free: number) {
  expect(disk.fill(dir, free)).toBe(free);
}

/** Every file of a folder with its bytes. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir)
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(dir, name)).toString('base64')]),
  );

let cloud: TestCloud;
const services: TestService[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(async () => {
  for (const service of services) await service.dispose();
  await cloud?.stop();
  // Unmounted even when a test failed: nothing stays mounted or in the temp folder.
  disk.cleanup();
});

/** 200 cookies of 200-byte values: an export of about 90 KB, more than a nearly full disk holds. */
const COOKIES = Array.from({ length: 200 }, (_, i) => ({
  name: `c${i}`,
  value: 'v'.repeat(200),
  domain: '.example.com',
  path: '/',
  expires: 4102444800,
}));

/** A logged-in service whose cookie folder is `dir`, and one environment with COOKIES. */
async function serviceWithCookies(dir: string, name: string) {
  const service = await startTestService({ cloud: cloud.url, cookieDir: dir });
  services.push(service);
  expect((await service.post('/login', await cloud.account(name))).json().status).toBe(0);
  const created = await service.post('/api/v1/session/create', {
    Automatic_Configure: 0,
    Cookie: COOKIES,
  });
  expect(created.json().code, created.text).toBe(0);
  const id = created.json().data.Session_Id as string;
  const exportTo = (file: string, lang?: 'zh') =>
    service.post(
      '/api/v1/session/export-cookie',
      { Session_ID: id, Export_Cookie_File: file },
      lang ? { 'accept-language': 'zh-CN,zh;q=0.9' } : {},
    );
  const record = () => fs.readFileSync(path.join(service.dataDir, 'cookie-exports.json'), 'utf8');
  const cookies = async () =>
    (
      await service.post('/api/v1/session/id_container', {
        Session_ID: id,
        Session_container_type: 1,
      })
    ).text;
  return { exportTo, record, cookies };
}

describe('export-cookie on a full or read-only disk', () => {
  test('a full disk: -15 saying so in the caller’s language, no partial file, nothing else changed; works once there is room', async (t) => {
    const dir = mountTmpfs('size=512k,mode=0700');
    if (!dir) return t.skip();
    const { exportTo, record, cookies } = await serviceWithCookies(dir, 'diskfull');
    expect((await exportTo('earlier.json')).json().code).toBe(0);
    const exported = fs.readFileSync(path.join(dir, 'earlier.json'), 'utf8');
    expect(exported.length).toBeGreaterThan(64 * KB);
    const before = { files: snapshot(dir), record: record(), cookies: await cookies() };

    // Room for part of an export: the write starts, then the disk is full.
    fill(dir, 16 * KB);
    const filled = { ...before, files: snapshot(dir) };
    for (const [file, lang] of [
      ['new.json', undefined],
      ['new.txt', 'zh'],
      ['earlier.json', undefined],
    ] as const) {
      const res = await exportTo(file, lang);
      const message = localApiMessages.cookieExportNoSpace[lang ?? 'en'];
      expect(res.json(), file).toMatchObject({
        code: -15,
        data: null,
        message: format(message, { file }),
      });
      expect(snapshot(dir)).toEqual(filled.files);
    }
    expect(record()).toBe(before.record);
    expect(await cookies()).toBe(before.cookies);

    // Room again: a new export and a replaced one both work.
    fs.rmSync(path.join(dir, 'filler'));
    expect((await exportTo('new.json')).json()).toMatchObject({
      code: 0,
      data: { Export_Cookie_File: path.join(dir, 'new.json'), Cookie_Count: COOKIES.length },
    });
    expect(fs.readFileSync(path.join(dir, 'new.json'), 'utf8')).toBe(exported);
    const replaced = await exportTo('earlier.json');
    expect(replaced.json().code, replaced.text).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['earlier.json', 'new.json']);
  });

  test('a read-only disk: -15 saying so in the caller’s language, nothing written; works once writable', async () => {
    const folder = switchableFolder();
    const { exportTo, record, cookies } = await serviceWithCookies(folder.dir, 'diskro');
    expect((await exportTo('earlier.json')).json().code).toBe(0);
    const before = { files: snapshot(folder.dir), record: record(), cookies: await cookies() };
    // Root writes through a mode of 0500, so a folder that is only not writable reads differently.
    const message = folder.mounted
      ? localApiMessages.cookieExportReadOnly
      : localApiMessages.cookieFileUnwritable;
    folder.readOnly();
    try {
      for (const [file, lang] of [
        ['new.json', 'zh'],
        ['earlier.json', undefined],
      ] as const) {
        const res = await exportTo(file, lang);
        expect(res.json(), file).toMatchObject({
          code: -15,
          data: null,
          message: format(message[lang ?? 'en'], { file }),
        });
      }
      expect(snapshot(folder.dir)).toEqual(before.files);
      expect(record()).toBe(before.record);
      expect(await cookies()).toBe(before.cookies);
    } finally {
      folder.writable();
    }
    expect((await exportTo('new.json', 'zh')).json()).toMatchObject({
      code: 0,
      data: { Export_Cookie_File: path.join(folder.dir, 'new.json') },
    });
  });
});
