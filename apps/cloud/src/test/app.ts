import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { CloudDatabase } from '../db/database.ts';
import { diskStore } from '../storage/files.ts';

/**
 * The cloud app on a test database, with a fresh secret and no site; its own file folder (unless
 * the test gives one) goes away when the app closes, and so does its chunk folder.
 */
export async function buildTestApp(
  database: CloudDatabase,
  options: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  const dir = options.files ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-files-'));
  const chunkDir = options.chunks
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-chunks-'));
  const app = await buildApp({
    database,
    webDist: null,
    secret: randomBytes(32),
    files: options.files ?? diskStore(dir!),
    chunks: options.chunks ?? ((shard) => diskStore(path.join(chunkDir!, shard))),
    ...options,
  });
  if (dir) app.addHook('onClose', async () => fs.rmSync(dir, { recursive: true, force: true }));
  if (chunkDir) {
    app.addHook('onClose', async () => fs.rmSync(chunkDir, { recursive: true, force: true }));
  }
  return app;
}

/** A multipart body as the site sends it (inweb=1 and lang on every call). */
export function form(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = '----hainiao-test';
  const payload =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let callCount = 1;

/** Posts a cloud call the way the site does and returns the HTTP status and the JSON answer. */
export async function post(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string> = {},
  lang: 'en' | 'zh-CHS' = 'en',
  /** Client address; each call gets its own unless given, so only rate-limit tests meet limits. */
  remoteAddress = `10.${(callCount >> 16) & 255}.${(callCount >> 8) & 255}.${callCount++ & 255}`,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/hainiao/${path}`,
    remoteAddress,
    ...form({ inweb: '1', lang, ...fields }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data?: any } };
}

/** A clock tests can move forward. */
export function testClock(start = new Date('2026-11-21T10:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
