/**
 * What a killed browser leaves of its single-instance files, removed once it exited: real folders
 * and links laid out as Chromium lays them out (the browser path in runtime/browser.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeSingletonFiles } from './singleton-folder.ts';

let root: string;
let tmp: string;
let profile: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-singleton-'));
  tmp = path.join(root, 'tmp');
  profile = path.join(root, 'profile');
  fs.mkdirSync(tmp);
  fs.mkdirSync(profile);
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** Chromium's layout: the socket in its own temp folder, linked from the profile. */
function leftBy(pid: number, folder = path.join(tmp, 'org.chromium.Chromium.a1B2c3')): string {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'SingletonSocket'), '');
  fs.symlinkSync('8071669467354811101', path.join(folder, 'SingletonCookie'));
  fs.symlinkSync(`host-${pid}`, path.join(profile, 'SingletonLock'));
  fs.symlinkSync(path.join(folder, 'SingletonSocket'), path.join(profile, 'SingletonSocket'));
  fs.symlinkSync(path.join(folder, 'SingletonCookie'), path.join(profile, 'SingletonCookie'));
  return folder;
}

const links = () => fs.readdirSync(profile).filter((name) => name.startsWith('Singleton'));

test("the exited browser's folder and links go", () => {
  const folder = leftBy(4242);
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.existsSync(folder)).toBe(false);
  expect(links()).toEqual([]);
});

test('files of a browser started since (another pid) stay', () => {
  const folder = leftBy(5151);
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.readdirSync(folder).sort()).toEqual(['SingletonCookie', 'SingletonSocket']);
  expect(links().sort()).toEqual(['SingletonCookie', 'SingletonLock', 'SingletonSocket']);
});

test('a link to anything but a browser folder in the temp folder never removes it', () => {
  // Outside the temp folder, under another name, or holding anything else: kept.
  const outside = leftBy(4242, path.join(root, 'org.chromium.Chromium.a1B2c3'));
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.existsSync(outside)).toBe(true);
  expect(links()).toEqual([]);

  const named = leftBy(4242, path.join(tmp, 'documents'));
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.existsSync(named)).toBe(true);

  const full = leftBy(4242, path.join(tmp, 'org.chromium.Chromium.zZ9yY8'));
  fs.writeFileSync(path.join(full, 'notes.txt'), 'mine');
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.readFileSync(path.join(full, 'notes.txt'), 'utf8')).toBe('mine');
});

test('a profile without the files is left as it is', () => {
  fs.writeFileSync(path.join(profile, 'Preferences'), '{}');
  removeSingletonFiles(profile, 4242, tmp);
  expect(fs.readdirSync(profile)).toEqual(['Preferences']);
});
