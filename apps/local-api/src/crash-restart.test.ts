/**
 * Faults (issue 15): the local API killed with -9 while environment creates and browser starts
 * are in flight. After a restart on the same data folder every environment whose create was
 * acknowledged is there, and nothing of the killed service remains: no browser, no proxy
 * forwarder listening, no state file under run/ (supervisor.ts endPreviousRun). Real Chromium
 * (browser lane), the service in its own process as a user runs it.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { exited, spawnLocalApi, type ServiceProcess } from '@hainiao/testkit/service-process';
import { browsersOf, hasChromium, startHttpProxy, startLookup, until } from './test/browser.ts';
import { call } from './test/server.ts';
import { listening } from './test/sockets.ts';

let cloud: TestCloud;
let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
let lookup: Awaited<ReturnType<typeof startLookup>>;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  proxy = await startHttpProxy('crash', 'crash-pass');
  lookup = await startLookup({
    query: '198.51.100.9',
    countryCode: 'DE',
    timezone: 'Europe/Berlin',
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-crash-'));
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exited));
  await until(() => browsersOf(dataDir).length === 0, 15_000, 'no browser').catch(() => {});
  await proxy?.close();
  await lookup?.close();
  await cloud?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The service in its own process (the loader in-process, so SIGKILL reaches the service). */
async function startService(): Promise<ServiceProcess> {
  const service = await spawnLocalApi({
    dataDir,
    cloud: cloud.url,
    args: ['--ip-lookup', lookup.url],
  });
  children.push(service.child);
  return service;
}

const post = (port: number, urlPath: string, body: unknown) =>
  call(port, urlPath, { body: JSON.stringify(body) });

const PROXY = {
  Automatic_Configure: 0,
  Proxy_Type: 'HTTP',
  Proxy_Ip: '127.0.0.1',
  Proxy_Username: 'crash',
  Proxy_Password: 'crash-pass',
};

test.skipIf(!hasChromium)(
  'kill -9 during creates and starts: acknowledged environments stay, no browser or forwarder is left',
  async () => {
    const account = await cloud.account('crash');
    const first = await startService();
    expect((await post(first.port, '/login', account)).json().status).toBe(0);

    const acknowledged: string[] = [];
    const toStart: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(first.port, '/api/v1/session/create', {
        ...PROXY,
        Proxy_Port: proxy.port,
        Session_Name: `start ${i}`,
      });
      expect(res.json().code, res.text).toBe(0);
      toStart.push(res.json().data.Session_Id as string);
    }
    acknowledged.push(...toStart);

    // In flight together: two clients creating environments, and the three starts.
    let killed = false;
    const creators = [0, 1].map(async (worker) => {
      for (let i = 0; !killed; i++) {
        const res = await post(first.port, '/api/v1/session/create', {
          Automatic_Configure: 0,
          Session_Name: `create ${worker}-${i}`,
        }).catch(() => undefined);
        if (!res) return; // the service is gone: no answer, so no acknowledgement
        if (res.status === 429) return; // create's rate limit: nothing more to acknowledge
        if (res.json().code === 0) acknowledged.push(res.json().data.Session_Id as string);
      }
    });
    const starts = toStart.map((id) =>
      post(first.port, '/api/v1/browser/start', { Session_ID: [id], isHeadless: 1 }).catch(
        () => undefined,
      ),
    );

    // Killed while the starts are under way (their browsers exist, their answers may not) and
    // creates are still being acknowledged.
    const before = acknowledged.length;
    const forwarders = await until(
      () => {
        if (acknowledged.length < before + 3) return undefined;
        // A browser reaches its proxy through the service's forwarder, named on its command line.
        const ports = browsersOf(dataDir).flatMap((pid) => {
          try {
            const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
            const port = /--proxy-server=http:\/\/127\.0\.0\.1:(\d+)/.exec(cmdline)?.[1];
            return port ? [Number(port)] : [];
          } catch {
            return [];
          }
        });
        return ports.length > 0 ? [...new Set(ports)] : undefined;
      },
      60_000,
      'a browser starting through a forwarder',
    );
    first.child.kill('SIGKILL');
    killed = true;
    await exited(first.child);
    await Promise.all([...creators, ...starts]);
    // The forwarders lived in the service's process: nothing listens on their ports any more.
    for (const port of forwarders) expect(await listening(port)).toBe(false);

    const second = await startService();
    expect((await post(second.port, '/login', account)).json().status).toBe(0);
    // Whatever a browser of the killed service left, the new one has ended.
    await until(() => browsersOf(dataDir).length === 0, 15_000, 'the browsers to be ended');
    expect(fs.readdirSync(path.join(dataDir, 'run'))).toEqual([]);
    const list = await post(second.port, '/api/v1/session/listid', { ListNum: 500 });
    const ids = list.json().data.listid as string[];
    expect(ids).toEqual(expect.arrayContaining(acknowledged));
    // None of them runs, and one starts again through a new forwarder.
    const status = await post(second.port, '/api/v1/browser/status', { Session_ID: toStart });
    for (const entry of status.json().data.listcontainer as { Session_Actived: number }[]) {
      expect(entry.Session_Actived).toBe(0);
    }
    const again = await post(second.port, '/api/v1/browser/start', {
      Session_ID: [toStart[0]],
      isHeadless: 1,
    });
    expect(again.json().data.listid[0].status, again.text).toBe(0);
    await post(second.port, '/api/v1/browser/kill', { Session_ID: [toStart[0]] });
    await until(() => browsersOf(dataDir).length === 0, 15_000, 'the browser to end');
    second.child.kill('SIGTERM');
    await exited(second.child);
  },
  180_000,
);
