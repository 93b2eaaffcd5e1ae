/**
 * Starts the whole system as child processes — the cloud (site + /api/hainiao) and the local API —
 * and waits until both answer. Used by `npm start` (scripts/start.ts) and by the end-to-end tests
 * (startTestSystem). The apps run as built programs (build-programs.ts: their declared entries
 * `@hainiao/cloud/server` and `@hainiao/local-api/service`, bundled), and whoever starts them says
 * where the built site is (WEB_DIST of the cloud): the cloud does not know the web app's layout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { programCommand, type ProgramName } from './build-programs.ts';

const require = createRequire(import.meta.url);
// tsx as a loader of this node process, not its CLI: the CLI runs the program in a second node
// process of its own (twice the start-up, and a parent that only relays signals).
const tsx = pathToFileURL(require.resolve('tsx')).href;

export interface RunningProgram {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const PROGRAM_NAMES: readonly string[] = ['cloud', 'local-api'] satisfies ProgramName[];

/**
 * Spawns a built program (`cloud`, `local-api`: build-programs.ts) or a TypeScript entry (a package
 * entry such as `@hainiao/cloud/admin`, or a file, through tsx) and resolves with the URL it
 * prints on the line matching `ready`.
 */
export function startProgram(
  entry: ProgramName | string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  options: { echo?: boolean; timeoutMs?: number } = {},
): Promise<RunningProgram> {
  const command = PROGRAM_NAMES.includes(entry)
    ? programCommand(entry as ProgramName)
    : ['--import', tsx, entry.startsWith('@') ? require.resolve(entry) : path.resolve(entry)];
  const child = spawn(process.execPath, [...command, ...args], {
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
  /** The built site the cloud serves (its WEB_DIST); null serves none. */
  webDist: string | null;
}

/** Ends a started program (SIGTERM) and resolves once it has exited. */
export function stopProgram({ child }: RunningProgram): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The cloud program alone (the site and /api/hainiao), as `startSystem` starts it. */
export function startCloudProgram({
  cloudPort,
  dataDir,
  echo,
  cloudEnv,
  webDist,
}: Omit<SystemOptions, 'localApiPort'>): Promise<RunningProgram> {
  return startProgram(
    'cloud',
    [],
    {
      PORT: String(cloudPort),
      DATA_DIR: dataDir,
      WEB_DIST: webDist ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (echo ? 'warn' : 'silent'),
      ...cloudEnv,
    },
    /Hainiao cloud listening on (\S+)/,
    { echo },
  );
}

export async function startSystem(options: SystemOptions) {
  const { localApiPort, dataDir, echo } = options;
  const cloud = await startCloudProgram(options);
  const localApi = await startProgram(
    'local-api',
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
      await Promise.all([cloud, localApi].map(stopProgram));
    },
  };
}
