import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { call } from './test/server.ts';

const tsx = createRequire(import.meta.url).resolve('tsx/cli');

test('the command starts, answers, and /api/v1/quit shuts it down cleanly', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-cli-'));
  const child = spawn(
    process.execPath,
    [
      tsx,
      path.join(import.meta.dirname, 'cli.ts'),
      '--port',
      '0',
      '--data',
      dataDir,
      '--return',
      'off',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`exited early: ${out}`)));
  });

  const list = await call(port, '/api/v1/group/list', { body: '{}' });
  expect(list.json().code).toBe(0);

  const quit = await call(port, '/api/v1/quit');
  expect(quit.json()).toEqual({ message: 'APISERVER shut down.', code: 0, data: true });
  expect(await exited).toBe(0);
  // The store was closed: its WAL was checkpointed and the database opens cleanly again.
  expect(fs.existsSync(path.join(dataDir, 'local-api.sqlite'))).toBe(true);
  expect(fs.existsSync(path.join(dataDir, 'local-api.sqlite-wal'))).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
