/**
 * Starts the whole system as child processes — the cloud (site + /api/hainiao) and the local API —
 * and waits until both answer. Used by `npm start` and by the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

export interface RunningProgram {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Spawns a TypeScript entry and resolves with the URL it prints on the line matching `ready`. */
export function startProgram(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  options: { echo?: boolean; timeoutMs?: number } = {},
): Promise<RunningProgram> {
  const child = spawn(process.execPath, [tsx, path.join(repoRoot, entry), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not start in time:\n${log}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      if (options.echo) process.stdout.write(text);
      const match = ready.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => log });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${log}`));
    });
  });
}

export interface SystemOptions {
  cloudPort: number;
  localApiPort: number;
  dataDir: string;
  echo?: boolean;
  /** Extra environment for the cloud (e.g. DATABASE_URL and DATABASE_SCHEMA for PostgreSQL). */
  cloudEnv?: Record<string, string>;
}

export async function startSystem({
  cloudPort,
  localApiPort,
  dataDir,
  echo,
  cloudEnv,
}: SystemOptions) {
  const cloud = await startProgram(
    'apps/cloud/src/server.ts',
    [],
    {
      PORT: String(cloudPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? (echo ? 'warn' : 'silent'),
      ...cloudEnv,
    },
    /Hainiao cloud listening on (\S+)/,
    { echo },
  );
  const localApi = await startProgram(
    'apps/local-api/src/cli.ts',
    [
      '--port',
      String(localApiPort),
      '--data',
      path.join(dataDir, 'local-api'),
      '--cloud',
      cloud.url,
      '--return',
      echo ? 'on' : 'off',
    ],
    {},
    /listening on (http:\/\/\S+)/,
    { echo },
  ).catch(async (error: unknown) => {
    cloud.child.kill('SIGTERM');
    throw error;
  });
  return {
    cloud,
    localApi,
    async stop() {
      await Promise.all(
        [cloud, localApi].map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
