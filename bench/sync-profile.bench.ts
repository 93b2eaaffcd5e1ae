/**
 * Profile snapshots (issue 13, "Benchmark"): a realistic ~50 MB Chromium profile — made by real
 * Chromium (localStorage and IndexedDB of a shop page on loopback), with History, Favicons and
 * Web Data grown to a heavy user's size in Chromium's own SQLite schemas — is uploaded once; then
 * Chromium runs on it again (one visit, one changed localStorage key, one new IndexedDB record)
 * and the upload after that small change is measured both ways against the same cloud: the
 * chunked upload (only chunks the cloud lacks) and a whole-zip upload of the same files (fflate,
 * as GoLogin-style clients do), sent as 1 MiB pieces through the same chunkput call with the
 * same parallelism. Ratios are chunked / zip, measured in the same run.
 * `npm run bench -- sync` (or `-- sync-profile`).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '@hainiao/sqlite';
import { chromium } from 'playwright-core';
import { startTestCloud } from '@hainiao/testkit/cloud';
import { chunkClient } from '@hainiao/local-api/cloud/chunks.ts';
import { downloadProfile, uploadProfile } from '@hainiao/local-api/domain/profile-sync.ts';
import { snapshotProfile } from '@hainiao/local-api/runtime/profile/profile-snapshot.ts';
import { zipDownload, zipUpload } from './zip-baseline.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function inBrowser(profile: string, url: string, script: string) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(script);
  } finally {
    await context.close();
  }
}

/** Opens the page's IndexedDB database `shop` (stores `orders` and `images`) as `db`. */
const OPEN_SHOP = `const db = await new Promise((resolve, reject) => {
  const open = indexedDB.open('shop', 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('orders');
    open.result.createObjectStore('images');
  };
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});`;

/**
 * The shop's data as its pages keep it (page JavaScript): recently viewed products in
 * localStorage; 8,000 orders and 320 product photos (24 KB of JPEG-like, incompressible bytes)
 * in IndexedDB.
 */
const FILL_SHOP = `(async () => {
  const words = 'wireless charger case cable stand bamboo kitchen organizer travel bag linen shirt ceramic mug led lamp'.split(' ');
  const pick = (i) => words[(i * 7 + 1) % words.length];
  for (let i = 0; i < 600; i += 1) {
    localStorage.setItem('viewed:' + i, JSON.stringify({ sku: 'SKU-' + i, title: pick(i) + ' ' + pick(i + 3) + ' ' + pick(i + 5), price: (i * 37) % 500, at: 1700000000000 + i * 60000 }));
  }
  ${OPEN_SHOP}
  for (let batch = 0; batch < 8; batch += 1) {
    await new Promise((resolve, reject) => {
      const tx = db.transaction(['orders', 'images'], 'readwrite');
      for (let i = batch * 1000; i < (batch + 1) * 1000; i += 1) {
        tx.objectStore('orders').put({
          id: i,
          buyer: 'buyer-' + ((i * 13) % 977),
          address: (i % 300) + ' ' + pick(i) + ' Street, ' + pick(i + 1) + ' City, ' + (10000 + (i % 9000)),
          lines: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ sku: 'SKU-' + (i + k), title: pick(i + k) + ' ' + pick(i + k + 2), qty: 1 + (k % 3), price: ((i + k) * 29) % 400 })),
          status: ['paid', 'shipped', 'delivered', 'refunded'][i % 4],
          notes: 'Order ' + i + ': ' + pick(i) + ' ' + pick(i + 4) + ' ' + pick(i + 6) + ', gift wrap ' + (i % 2 ? 'yes' : 'no'),
        }, 'order-' + i);
        if (i % 25 === 0) {
          const image = new Uint8Array(24000);
          crypto.getRandomValues(image.subarray(0, 12000));
          crypto.getRandomValues(image.subarray(12000));
          tx.objectStore('images').put(new Blob([image], { type: 'image/jpeg' }), 'img-' + i);
        }
      }
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
})()`;

/** The small change (page JavaScript): one localStorage key, one new order. */
const TOUCH_SHOP = `(async () => {
  localStorage.setItem('cart', JSON.stringify({ items: 2, updated: Date.now() }));
  ${OPEN_SHOP}
  await new Promise((resolve, reject) => {
    const tx = db.transaction('orders', 'readwrite');
    tx.objectStore('orders').put({ id: 99999, status: 'paid', notes: 'the new order' }, 'order-new');
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
})()`;

/** Deterministic bytes that look like a compressed image (favicons, thumbnails). */
function imageBytes(seed: number, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(String(seed)).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

/** History, Favicons and Web Data of a heavy user, in Chromium's own tables. */
function growDatabases(profile: string) {
  const history = openSqlite(path.join(profile, 'Default', 'History'));
  const sites = ['shop.example', 'market.example', 'seller.example', 'ads.example', 'mail.example'];
  const addUrl = history.prepare(
    'insert into urls(url, title, visit_count, typed_count, last_visit_time, hidden) values (?, ?, ?, 0, ?, 0)',
  );
  const addVisit = history.prepare(
    'insert into visits(url, visit_time, from_visit, transition, segment_id, visit_duration) values (?, ?, 0, 805306368, 0, ?)',
  );
  history.transaction(() => {
    for (let i = 1; i <= 60_000; i += 1) {
      const site = sites[i % sites.length];
      const time = 13_350_000_000_000_000 + i * 1_000_000;
      const { lastInsertRowid } = addUrl.run(
        `https://${site}/item/${i}?ref=search&q=product-${i % 1000}&utm_source=newsletter`,
        `Product ${i} – ${site} – free shipping on orders over $50`,
        3,
        time,
      );
      for (let v = 0; v < 3; v += 1)
        addVisit.run(lastInsertRowid, time + v * 3_600_000_000, 15_000_000 + v);
    }
  })();
  history.close();

  const favicons = openSqlite(path.join(profile, 'Default', 'Favicons'));
  const addIcon = favicons.prepare('insert into favicons(url, icon_type) values (?, 1)');
  const addBitmap = favicons.prepare(
    'insert into favicon_bitmaps(icon_id, last_updated, image_data, width, height) values (?, ?, ?, 32, 32)',
  );
  const addMapping = favicons.prepare('insert into icon_mapping(page_url, icon_id) values (?, ?)');
  favicons.transaction(() => {
    for (let i = 1; i <= 3000; i += 1) {
      const { lastInsertRowid } = addIcon.run(`https://site${i}.example/favicon.ico`);
      addBitmap.run(lastInsertRowid, 13_350_000_000_000_000 + i, imageBytes(i, 1800));
      addMapping.run(`https://site${i}.example/`, lastInsertRowid);
    }
  })();
  favicons.close();

  const web = openSqlite(path.join(profile, 'Default', 'Web Data'));
  const addField = web.prepare(
    'insert or ignore into autofill(name, value, value_lower, date_created, date_last_used, count) values (?, ?, ?, ?, ?, ?)',
  );
  web.transaction(() => {
    for (let i = 0; i < 20_000; i += 1) {
      const value = `${['shipping', 'billing', 'contact'][i % 3]} ${i} Harbour Road, Suite ${i % 90}`;
      addField.run(
        ['address', 'name', 'email', 'phone'][i % 4],
        value,
        value.toLowerCase(),
        1_700_000_000 + i,
        1_700_100_000 + i,
        1 + (i % 9),
      );
    }
  })();
  web.close();
}

/** A whole-zip upload of the manifest's files: zip, then every byte to the cloud as 1 MiB pieces. */
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** The profile part of `npm run bench -- sync`: a markdown table. */
export async function profileSyncBench(): Promise<string> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-profile-'));
  const cloud = await startTestCloud();
  const server = http.createServer((_q, r) => {
    r.setHeader('Content-Type', 'text/html');
    r.end('<!doctype html><title>shop</title><p>shop</p>');
  });
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    const credential = await cloud.account('bench_profile');
    const login = await cloud.call('apilogin', { ...credential, device: 'bench-device' });
    const token = login.data.token as string;
    const client = chunkClient({ base: cloud.url, token: () => token });

    const profile = path.join(root, 'profile');
    await inBrowser(profile, url, FILL_SHOP);
    growDatabases(profile);
    const onDisk = (await snapshotProfile(profile)).manifest;
    const size = onDisk.files.reduce((n, f) => n + f.size, 0);

    let start = process.hrtime.bigint();
    const first = await uploadProfile(client, profile);
    const firstMs = ms(start);

    // Machine B holds the profile as it was before the change.
    const older = path.join(root, 'machine-b');
    await downloadProfile(client, 'env-bench', first.manifest, older);

    await inBrowser(profile, url, TOUCH_SHOP);

    start = process.hrtime.bigint();
    const changed = await uploadProfile(client, profile, first.manifest);
    const changedMs = ms(start);

    start = process.hrtime.bigint();
    const files: Record<string, Uint8Array> = {};
    for (const file of changed.manifest.files) {
      files[file.path] = fs.readFileSync(path.join(profile, file.path));
    }
    const zip = await zipUpload(client, files);
    const zipMs = ms(start);

    start = process.hrtime.bigint();
    const restored = await downloadProfile(
      client,
      'env-bench',
      changed.manifest,
      older,
      first.manifest,
    );
    const restoreMs = ms(start);

    start = process.hrtime.bigint();
    const unzipped = await zipDownload(client, zip.hashes, path.join(root, 'machine-c'));
    const unzipMs = ms(start);

    const chunks = changed.manifest.files.reduce((n, f) => n + f.chunks.length, 0);
    const changedFiles = changed.manifest.files.filter((f) => {
      const before = first.manifest.files.find((b) => b.path === f.path);
      return !before || before.chunks.join() !== f.chunks.join();
    }).length;
    return [
      `Profile: ${mb(size)} in ${changed.manifest.files.length} files (caches, locks and logs excluded), ${chunks} chunks of 64 KiB; the zip of the same files is ${mb(zip.zipBytes)}. The small change (one Chromium run: a visit, a localStorage key, an IndexedDB record) touched ${changedFiles} files.`,
      '',
      '| upload | bytes sent | time ms | bytes vs zip | time vs zip |',
      '|---|---|---|---|---|',
      `| whole zip after the change (fflate level 6, 1 MiB pieces) | ${mb(zip.bytesSent)} | ${zipMs.toFixed(0)} | 1.000 | 1.000 |`,
      `| chunked after the change (${changed.chunksSent} chunks sent) | ${mb(changed.bytesSent)} | ${changedMs.toFixed(0)} | ${(changed.bytesSent / zip.bytesSent).toFixed(3)} | ${(changedMs / zipMs).toFixed(3)} |`,
      `| chunked first upload, for reference (${first.chunksSent} chunks) | ${mb(first.bytesSent)} | ${firstMs.toFixed(0)} | ${(first.bytesSent / zip.bytesSent).toFixed(3)} | ${(firstMs / zipMs).toFixed(3)} |`,
      '',
      '| download | bytes received | time ms | bytes vs zip | time vs zip |',
      '|---|---|---|---|---|',
      `| whole zip, unzipped into a fresh folder | ${mb(unzipped.bytesReceived)} | ${unzipMs.toFixed(0)} | 1.000 | 1.000 |`,
      `| chunked restore over the copy from before the change | ${mb(restored.bytesReceived)} | ${restoreMs.toFixed(0)} | ${(restored.bytesReceived / unzipped.bytesReceived).toFixed(3)} | ${(restoreMs / unzipMs).toFixed(3)} |`,
      '',
      "Same cloud (in-process, SQLite, disk store), loopback, 8 requests in flight both ways. Target: after a small change the chunked upload and restore move under 10% of the zip's bytes.",
    ].join('\n');
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await cloud.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export const run = profileSyncBench;
