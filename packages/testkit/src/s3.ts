/**
 * A real S3-compatible server on loopback for tests (s3rver: the S3 REST protocol with V4
 * signatures, objects in a temporary folder), with one empty bucket. `stop` closes it and
 * removes the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the signatures made with them). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startTestS3(options: { bucket?: string; port?: number } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-s3-'));
  const bucket = options.bucket ?? 'hainiao-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  return {
    endpoint,
    port,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    /** The cloud's variables for this store. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Stops answering, as an unreachable store does (`stop` still removes the folder). */
    async pause() {
      if (running) await server.close();
      running = false;
    },
    async stop() {
      if (running) await server.close();
      running = false;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
export type TestS3 = Awaited<ReturnType<typeof startTestS3>>;
