/**
 * A profile travels through a real cloud: real Chromium writes localStorage and IndexedDB on a
 * loopback page, the profile's data (no preferences) is uploaded as chunks, restored into another folder, and Chromium
 * started on that folder reads the same values back. A second upload sends nothing, a small
 * change sends a few chunks, a restore over an older copy fetches only what changed, and another
 * account can read none of it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { chunkClient, type ChunkClient } from '../cloud/chunks.ts';
import { DomainError } from '../model/errors.ts';
import { manifestHash } from '../runtime/profile/profile-snapshot.ts';
import { CHROMIUM, hasChromium } from '../test/browser.ts';
import { downloadProfile, uploadProfile } from './profile-sync.ts';

/** Runs Chromium on `profile`, opens the loopback page and runs `script` (page JavaScript) there. */
async function inBrowser(profile: string, origin: string, script: string): Promise<unknown> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    return await page.evaluate(script);
  } finally {
    await context.close();
  }
}

/** Opens the page's IndexedDB database `shop` (creating its store `kv`) as `db`. */
const OPEN_SHOP = `const db = await new Promise((resolve, reject) => {
  const open = indexedDB.open('shop', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('kv');
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});`;

/** A marketplace session as the site stores it, and a shop's worth of orders (about 3 MB). */
const WRITE_SESSION = `(async () => {
  localStorage.setItem('session', 'seller-4711');
  localStorage.setItem('cart', JSON.stringify({ items: 3 }));
  ${OPEN_SHOP}
  await new Promise((resolve, reject) => {
    const tx = db.transaction('kv', 'readwrite');
    for (let i = 0; i < 3000; i += 1) {
      const note = ('order ' + i + ' of the seller, shipped to warehouse ' + (i % 17) + '; ').repeat(16);
      tx.objectStore('kv').put({ order: i, note }, 'order-' + i);
    }
    tx.objectStore('kv').put('token-abc', 'auth');
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
  return true;
})()`;

const READ_SESSION = `(async () => {
  ${OPEN_SHOP}
  const get = (key) => new Promise((resolve, reject) => {
    const request = db.transaction('kv').objectStore('kv').get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const auth = await get('auth');
  const order = await get('order-150');
  db.close();
  return { session: localStorage.getItem('session'), cart: localStorage.getItem('cart'), auth, order };
})()`;

const CHANGE_SESSION = `localStorage.setItem('session', 'seller-4712'); true`;

const readSession = async (profile: string, origin: string) =>
  (await inBrowser(profile, origin, READ_SESSION)) as { session: string };

describe.skipIf(!hasChromium)('profiles through the cloud', () => {
  let cloud: TestCloud;
  let server: http.Server;
  let origin: string;
  let root: string;

  const heartbeats: NodeJS.Timeout[] = [];
  /**
   * A device lease kept as a service keeps it, with the cloud's heartbeat: on a slow machine a
   * test outlasts the lease's timeout (LOGIN_EXPIRE in CI).
   */
  async function leaseClient(name: string): Promise<ChunkClient> {
    const credential = await cloud.account(name);
    const device = `device-${name}`;
    const login = await cloud.call('apilogin', { ...credential, device });
    expect(login.code, login.msg).toBe(0);
    const token = login.data.token as string;
    const every = login.data.heartbeat_interval_ms as number;
    heartbeats.push(
      setInterval(
        () => void cloud.call('apiheartbeat', { token, device }).catch(() => undefined),
        every,
      ),
    );
    return chunkClient({ base: cloud.url, token: () => token });
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-profile-sync-'));
    cloud = await startTestCloud();
    // Storage is per origin (port included): one page server for every browser of the test.
    server = http.createServer((_request, response) => {
      response.setHeader('Content-Type', 'text/html');
      response.end('<!doctype html><title>shop</title><p>shop</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const heartbeat of heartbeats) clearInterval(heartbeat);
    await new Promise((resolve) => server?.close(resolve));
    await cloud?.stop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  test('upload, restore elsewhere, and Chromium reads the same storage back', async () => {
    // Folders and an account of this attempt's own: a retry after a timeout must not meet the
    // Chromium of the attempt before, still holding its profile, nor the chunks it uploaded.
    const owner = await leaseClient(`profile_owner_${Date.now() % 1e8}`);
    const first = fs.mkdtempSync(path.join(root, 'machine-a-'));
    const second = path.join(fs.mkdtempSync(path.join(root, 'attempt-')), 'machine-b');
    await inBrowser(first, origin, WRITE_SESSION);

    const upload = await uploadProfile(owner, first);
    expect(upload.hash).toBe(manifestHash(upload.manifest));
    expect(upload.chunksSent).toBeGreaterThan(10);
    expect(upload.manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Default\/IndexedDB\//),
        expect.stringMatching(/^Default\/Local Storage\//),
      ]),
    );
    // Caches, locks and this machine's preferences stay here.
    expect(
      upload.manifest.files.filter((f) =>
        /(^|\/)(Cache|GPUCache|LOCK|Preferences|Secure Preferences|Local State)(\/|$)/.test(f.path),
      ),
    ).toEqual([]);

    // Nothing changed: nothing travels.
    const again = await uploadProfile(owner, first, upload.manifest);
    expect(again).toMatchObject({ hash: upload.hash, chunksSent: 0, bytesSent: 0 });

    const restored = await downloadProfile(owner, 'env-1', upload.manifest, second);
    expect(restored.bytesReceived).toBeGreaterThan(0);
    expect(await readSession(second, origin)).toEqual({
      session: 'seller-4711',
      cart: JSON.stringify({ items: 3 }),
      auth: 'token-abc',
      order: { order: 150, note: 'order 150 of the seller, shipped to warehouse 14; '.repeat(16) },
    });

    // Machine A catches up with B (B's browser run rewrote some files), then a small change on B
    // travels as a few chunks, and A fetches only those.
    const before = await uploadProfile(owner, second);
    await downloadProfile(owner, 'env-1', before.manifest, first);
    await inBrowser(second, origin, CHANGE_SESSION);
    const changed = await uploadProfile(owner, second, before.manifest);
    const total = changed.manifest.files.reduce((n, f) => n + f.chunks.length, 0);
    expect(changed.chunksSent).toBeGreaterThan(0);
    expect(changed.chunksSent).toBeLessThan(total / 3);
    const back = await downloadProfile(owner, 'env-1', changed.manifest, first, before.manifest);
    expect(back.bytesReceived).toBeGreaterThan(0);
    expect(back.bytesReceived).toBeLessThan(restored.bytesReceived / 3);
    expect((await readSession(first, origin)).session).toBe('seller-4712');
  }, 180_000);

  test('another account cannot restore a profile it does not hold: -10, its folder untouched', async () => {
    // Leases of the test's own: a lease nobody renews expires, and the test before may take
    // minutes on a loaded machine (the cloud then answered LOGIN_EXPIRE).
    const stamp = Date.now() % 1e8;
    const alice = await leaseClient(`profile_alice_${stamp}`);
    const bob = await leaseClient(`profile_bob_${stamp}`);
    const source = fs.mkdtempSync(path.join(root, 'alice-only-'));
    await inBrowser(source, origin, WRITE_SESSION);
    const upload = await uploadProfile(alice, source);
    const target = path.join(fs.mkdtempSync(path.join(root, 'attempt-')), 'bob');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'Local State'), '{"bob":true}');
    const error = await downloadProfile(bob, 'env-1', upload.manifest, target).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('DATA_CORRUPTED');
    expect((error as DomainError).message).toMatch(/the cloud does not hold chunk [0-9a-f]{64}/);
    expect(fs.readFileSync(path.join(target, 'Local State'), 'utf8')).toBe('{"bob":true}');
  });
});
