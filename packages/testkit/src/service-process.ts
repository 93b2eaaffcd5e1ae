/**
 * The local API in a process of its own (`hainiao-api` as users run it), on a free loopback port:
 * for tests where two machines' services meet one cloud, or a service must die for real.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { programCommand } from './build-programs.ts';
import { call } from './service.ts';

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  post(urlPath: string, body?: unknown): ReturnType<typeof call>;
  /** The manager's sync status: changes not yet in the cloud, and the last good round's start. */
  syncState(): Promise<{ pending: number; syncedAt: string | null }>;
  /**
   * Resolves once every change made on this machine is in the cloud and a sync round begun at or
   * after `since` (default: now) has ended well, so all the cloud held before then is here too.
   */
  synced(since?: number): Promise<void>;
  /** POST /api/v1/quit and the process's end (its stop: browsers, a last sync, logout). */
  quit(): Promise<void>;
  kill(): Promise<void>;
}

/** Resolves once the process has ended (at once if it has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });

export async function spawnLocalApi(options: {
  dataDir: string;
  cloud: string;
  env?: NodeJS.ProcessEnv;
  args?: string[];
}): Promise<ServiceProcess> {
  const child = spawn(
    process.execPath,
    [
      ...programCommand('local-api'),
      '--port',
      '0',
      '--data',
      options.dataDir,
      '--cloud',
      options.cloud,
      '--return',
      'off',
      '--logs',
      'off',
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`the local API exited: ${out}`)));
  });
  const port = Number(new URL(url).port);
  const syncState = async () => (await call(port, '/manager/state', { method: 'GET' })).json().sync;
  return {
    child,
    port,
    post: (urlPath, body = {}) => call(port, urlPath, { body: JSON.stringify(body) }),
    syncState,
    async synced(since = Date.now()) {
      const end = Date.now() + 20_000;
      for (;;) {
        const state = await syncState();
        if (state.pending === 0 && state.syncedAt && Date.parse(state.syncedAt) >= since) return;
        if (Date.now() > end) throw new Error(`not synced after 20 s: ${JSON.stringify(state)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async quit() {
      if (child.exitCode !== null) return;
      await call(port, '/api/v1/quit', { body: '{}' }).catch(() => undefined);
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
