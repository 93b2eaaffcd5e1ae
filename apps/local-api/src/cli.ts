import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CLOUD_PORT, LOCAL_API_HOST, LOCAL_API_PORT } from '@hainiao/contract';
import { buildLocalApi } from './app.ts';
import { openStore } from './store/database.ts';

export interface LocalApiFlags {
  port: number;
  host: string;
  account?: string;
  appId?: string;
  appKey?: string;
  echo: boolean;
  logs: boolean;
  hide: boolean;
  dataDir: string;
  cloud: string;
}

const onOff = (value: string | undefined, fallback: boolean) =>
  value === undefined ? fallback : /^(on|1|true|yes)$/i.test(value);

/** Flags of local-api.md §1 (port, account, app_id, app_key, return, logs, hide) plus data and cloud. */
export function parseFlags(argv: string[], env: NodeJS.ProcessEnv = process.env): LocalApiFlags {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      account: { type: 'string' },
      app_id: { type: 'string' },
      app_key: { type: 'string' },
      return: { type: 'string' },
      logs: { type: 'string' },
      hide: { type: 'string' },
      data: { type: 'string' },
      cloud: { type: 'string' },
    },
    strict: true,
  });
  const port = Number(values.port ?? env.HAINIAO_API_PORT ?? LOCAL_API_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid --port ${values.port}`);
  return {
    port,
    host: values.host ?? LOCAL_API_HOST,
    account: values.account,
    appId: values.app_id,
    appKey: values.app_key,
    echo: onOff(values.return, true),
    logs: onOff(values.logs, true),
    hide: onOff(values.hide, false),
    dataDir: path.resolve(values.data ?? env.HAINIAO_DATA ?? path.join(os.homedir(), '.hainiao')),
    cloud: (values.cloud ?? env.HAINIAO_CLOUD ?? `http://localhost:${CLOUD_PORT}`).replace(
      /\/$/,
      '',
    ),
  };
}

/** Starts the service; resolves with its URL and a stop function that closes server and store. */
export async function startLocalApi(flags: LocalApiFlags) {
  const store = openStore(flags.dataDir);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      store.close();
    })());
  const app = await buildLocalApi({
    store,
    allowedOrigins: [flags.cloud],
    echo: flags.echo,
    onQuit: () => void stop().then(() => process.exit(0)),
  });
  await app.listen({ port: flags.port, host: flags.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : flags.port;
  return { url: `http://${flags.host}:${port}`, port, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flags = parseFlags(process.argv.slice(2));
  const api = await startLocalApi(flags);
  console.log(`Hainiao local API listening on ${api.url} (data: ${flags.dataDir})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void api.stop().then(() => process.exit(0)));
  }
}
