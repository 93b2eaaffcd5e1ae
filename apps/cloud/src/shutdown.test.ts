/**
 * Graceful shutdown of a real cloud process (server.ts): SIGTERM while an upload is still being
 * sent stops new connections at once, lets the upload finish and store its file, then the process
 * exits 0.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { startProgram, type RunningProgram } from '@hainiao/testkit/run-system';
import { runAdmin } from './admin.ts';
import { PNG_1X1 } from './test/files.ts';

const dataDirs: string[] = [];
const programs: RunningProgram[] = [];
afterAll(() => {
  for (const program of programs) {
    if (program.child.exitCode === null && program.child.signalCode === null) {
      program.child.kill('SIGKILL');
    }
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const exited = (program: RunningProgram) =>
  new Promise<number | null>((resolve) => {
    if (program.child.exitCode !== null) return resolve(program.child.exitCode);
    program.child.once('exit', (code) => resolve(code));
  });

/** Whether a new connection to the port is refused (the server stopped listening). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const BOUNDARY = '----slow-upload';

/**
 * A cloud process on its own data folder with a signed-in account, and an upload of which only
 * the fields and the first 256 KB of the file are sent yet (`finish` sends the rest).
 */
async function cloudWithUploadInFlight(extraEnv: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-shutdown-'));
  dataDirs.push(dataDir);
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: '',
    LOG_LEVEL: 'info',
    SECRET_KEY: randomBytes(16).toString('hex'),
    ...extraEnv,
  };
  const admin = async (...argv: string[]) => {
    let out = '';
    await runAdmin(argv, env, (line: string) => (out += line));
    return out;
  };
  await admin(
    'account:create',
    '--account',
    'sender',
    '--email',
    's@example.com',
    '--password',
    'correct-horse-7',
  );
  const link = await admin('clienttoken', '--account', 'sender');
  const clienttoken = decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? '');

  const cloud = await startProgram('cloud', [], env, /Hainiao cloud listening on (\S+)/);
  programs.push(cloud);
  const port = Number(new URL(cloud.url).port);
  const status = new FormData();
  for (const [k, v] of Object.entries({ inweb: '1', lang: 'en', clienttoken })) status.append(k, v);
  const signedIn = (await (
    await fetch(`http://127.0.0.1:${port}/api/hainiao/status`, { method: 'POST', body: status })
  ).json()) as { data: { user_info: { token: string } } };
  const token = signedIn.data.user_info.token;

  const head = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="inweb"\r\n\r\n1\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    PNG_1X1,
    randomBytes(256 * 1024),
  ]);
  const rest = randomBytes(1024 * 1024);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/hainiao/workorderupload',
    agent: false,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, connection: 'close' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write(head);

  // The cloud is writing the file: the request is in flight.
  const filesDir = path.join(dataDir, 'files');
  const partial = () =>
    fs.existsSync(filesDir) ? fs.readdirSync(filesDir).filter((n) => n.endsWith('.part')) : [];
  await expect.poll(() => partial().length, { timeout: 30_000 }).toBe(1);

  return {
    cloud,
    port,
    filesDir,
    answer,
    fileBytes: PNG_1X1.length + 256 * 1024 + rest.length,
    finish: () => request.end(Buffer.concat([rest, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])),
  };
}

test('SIGTERM finishes the upload in flight, then the process exits 0', async () => {
  // A grace far beyond what the test needs, so that a slow machine does not cut the upload.
  const { cloud, port, filesDir, answer, fileBytes, finish } = await cloudWithUploadInFlight({
    SHUTDOWN_GRACE_MS: '120000',
  });
  const exit = exited(cloud);
  cloud.child.kill('SIGTERM');
  // Shutting down: no new connection is accepted, while the upload is still open.
  await expect.poll(() => refused(port), { timeout: 30_000 }).toBe(true);
  expect(cloud.child.exitCode).toBeNull();

  finish();
  const res = await answer;
  expect(res.status, res.body).toBe(200);
  const body = JSON.parse(res.body) as { code: number; data: { fileid: string } };
  expect(body.code).toBe(0);
  expect(await exit).toBe(0);

  const stored = fs.readdirSync(filesDir);
  expect(stored).toEqual([`${body.data.fileid}.png`]);
  expect(fs.statSync(path.join(filesDir, stored[0]!)).size).toBe(fileBytes);
  expect(cloud.output()).toMatch(
    /"msg":"SIGTERM: no new connections, finishing the requests in flight"/,
  );
});

test('requests still running after SHUTDOWN_GRACE_MS are cut, and the process exits', async () => {
  const { cloud, answer } = await cloudWithUploadInFlight({ SHUTDOWN_GRACE_MS: '200' });
  const exit = exited(cloud);
  cloud.child.kill('SIGTERM');
  // The upload never finishes: the grace runs out, its connection is cut.
  await expect(answer).rejects.toThrow();
  expect(await exit).toBe(0);
  expect(cloud.output()).toMatch(/requests still running after 200 ms: cut/);
});
