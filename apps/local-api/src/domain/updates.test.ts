/**
 * Whether a newer client is published (domain/updates.ts), as the manager reads it
 * (GET /manager/state `update`): a real cloud and a real local API asking it every few hundred
 * milliseconds, with versions published into the cloud's release store the way `npm run package`
 * publishes them. Nothing published: no update known and the service answers as usual; this very
 * version published: not newer; a later one: newer, with the cloud site's download page; the cloud
 * gone: what it last said stands. Each outcome is logged once, however many checks repeat it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call, startTestService, type TestService } from '../test/server.ts';
import { CLIENT_VERSION } from '../version.ts';

/** A version after this one: its last number one higher. */
const NEXT_VERSION = CLIENT_VERSION.replace(/\d+$/, (last) => String(Number(last) + 1));

describe('the update check against a real cloud', () => {
  let cloud: TestCloud;
  let service: TestService;
  let program: string;

  beforeAll(async () => {
    cloud = await startTestCloud();
    // A small file stands for the program; the cloud lists a version only when its files exist.
    program = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-release-')), 'program');
    fs.writeFileSync(program, 'a client program\n');
    service = await startTestService({ cloud: cloud.url, logs: true, updateCheckIntervalMs: 300 });
  });
  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
    if (program) fs.rmSync(path.dirname(program), { recursive: true, force: true });
  });

  const update = async () =>
    (await call(service.port, '/manager/state', { method: 'GET' })).json().update as {
      current: string;
      latest: string | null;
      newer: boolean;
      downloadUrl: string;
      checkedAt: string | null;
    };
  const publish = (version: string) =>
    cloud.publish({ version, files: [{ system: 'linux-x64', path: program }] });
  /** The update lines of the service's log. */
  const logged = () =>
    fs
      .readFileSync(path.join(service.dataDir, 'logs', 'local-api.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('update check:'));

  test('nothing published: no update known, and the service answers as usual', async () => {
    await expect.poll(async () => (await update()).checkedAt).not.toBeNull();
    expect(await update()).toMatchObject({
      current: CLIENT_VERSION,
      latest: null,
      newer: false,
      downloadUrl: `${cloud.url}/download`,
    });
    const answer = (await service.post('/api/v1/group/list')).json();
    // Not logged in: the call's own answer, nothing about updates.
    expect(answer.code).toBe(-4);
  });

  test('this very version published: known, not newer', async () => {
    await publish(CLIENT_VERSION);
    await expect.poll(async () => (await update()).latest).toBe(CLIENT_VERSION);
    expect(await update()).toMatchObject({ current: CLIENT_VERSION, newer: false });
  });

  test('a later version published: newer, with the cloud site’s download page', async () => {
    await publish(NEXT_VERSION);
    await expect.poll(async () => (await update()).latest).toBe(NEXT_VERSION);
    expect(await update()).toMatchObject({
      current: CLIENT_VERSION,
      latest: NEXT_VERSION,
      newer: true,
      // The site is served by the cloud the service is configured with, on the same origin.
      downloadUrl: `${cloud.url}/download`,
    });
  });

  test('the cloud gone: what it last said stands, and each outcome was logged once', async () => {
    // (Stopped for good: the file's end removes what is left of it.)
    await cloud.pause();
    const paused = Date.now();
    // Several checks fail meanwhile.
    await expect
      .poll(async () => Date.parse((await update()).checkedAt ?? '') - paused)
      .toBeGreaterThan(1000);
    expect(await update()).toMatchObject({ latest: NEXT_VERSION, newer: true });
    expect((await service.post('/api/v1/group/list')).json().code).toBe(-4);
    const lines = logged();
    expect(lines.filter((line) => line.includes('publishes no version'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('is the newest version'))).toHaveLength(1);
    expect(
      lines.filter((line) => line.includes(`Hainiao ${NEXT_VERSION} is available`)),
    ).toHaveLength(1);
    expect(lines.filter((line) => line.includes('no answer'))).toHaveLength(1);
  });
});
