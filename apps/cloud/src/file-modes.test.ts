/**
 * Issue 24 item 7: the cloud's data folder is its user's alone. A cloud started on a fresh folder
 * (as the server starts, through the test kit) keeps its database, secret and stored chunks 0600
 * in folders 0700; files an older version left readable to others are closed at the next start.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

let cloud: TestCloud;
let chunkFile: string;

beforeAll(async () => {
  cloud = await startTestCloud();
});
afterAll(async () => {
  await cloud?.stop();
});

/** Every folder and file under `root`, with its permission bits. */
function modesUnder(root: string): [string, number][] {
  const found: [string, number][] = [[root, modeOf(root)]];
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory() || entry.isFile()) found.push([full, modeOf(full)]);
  }
  return found;
}

test('a fresh data folder: database, secret and a stored chunk 0600, folders 0700', async () => {
  const credential = await cloud.account('modes_owner');
  const login = await cloud.call('apilogin', { ...credential, device: 'modes-pc' });
  expect(login.code, login.msg).toBe(0);
  const raw = Buffer.from('profile bytes '.repeat(200));
  const hash = createHash('sha256').update(raw).digest('hex');
  const form = new FormData();
  for (const [k, v] of Object.entries({ inweb: '1', lang: 'en', token: login.data.token, hash })) {
    form.append(k, v);
  }
  form.append('file', new Blob([Uint8Array.from(zlib.brotliCompressSync(raw))]), 'chunk');
  const put = (await (
    await fetch(`${cloud.url}/api/hainiao/chunkput`, { method: 'POST', body: form })
  ).json()) as { code: number; msg: string };
  expect(put.code, put.msg).toBe(0);

  const dir = cloud.dataDir;
  chunkFile = path.join(dir, 'chunks', hash.slice(0, 2), hash);
  expect(modeOf(dir)).toBe(0o700);
  expect(modeOf(path.join(dir, 'cloud.sqlite'))).toBe(0o600);
  expect(modeOf(path.join(dir, 'secret.key'))).toBe(0o600);
  expect(modeOf(path.join(dir, 'chunks'))).toBe(0o700);
  expect(modeOf(path.dirname(chunkFile))).toBe(0o700);
  expect(modeOf(chunkFile)).toBe(0o600);
  // Nothing under the folder is open to group or others (the WAL and shared memory included).
  expect(modesUnder(dir).filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
});

test('files an older version left readable are closed at the next start', async () => {
  await cloud.pause();
  const dir = cloud.dataDir;
  for (const [file] of modesUnder(dir)) {
    fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
  }
  expect(modeOf(path.join(dir, 'cloud.sqlite'))).toBe(0o644);
  await cloud.resume();
  expect(modesUnder(dir).filter(([, mode]) => (mode & 0o077) !== 0)).toEqual([]);
  expect(modeOf(chunkFile)).toBe(0o600);
  expect(modeOf(path.join(dir, 'chunks'))).toBe(0o700);
});
