import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  startLocalApi,
  type EmbeddingOptions,
  type LocalApiFlags,
} from '@hainiao/local-api/service';

/**
 * A real local API on a free loopback port with its own data folder. Its cookie folder is the
 * system's temporary folder unless `cookieDir` says otherwise, so tests keep their cookie files
 * in their own temporary folders.
 */
export async function startTestService(
  overrides: Partial<LocalApiFlags> = {},
  embedding: EmbeddingOptions = {},
) {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-local-'));
  const api = await startLocalApi(
    {
      port: 0,
      host: '127.0.0.1',
      echo: false,
      logs: false,
      hide: false,
      cloud: 'http://localhost:8080',
      cookieDir: os.tmpdir(),
      ...overrides,
      dataDir,
    },
    undefined,
    embedding,
  );
  return {
    ...api,
    dataDir,
    /** A call with a JSON body (an object is serialised). */
    post(urlPath: string, body: unknown = {}, headers: Record<string, string> = {}) {
      return call(api.port, urlPath, { body: JSON.stringify(body), headers });
    },
    async dispose() {
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
export type TestService = Awaited<ReturnType<typeof startTestService>>;

/** An answer as tests read it: checked field by field, so its data is loosely typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => {
    message: string;
    code: number;
    data: Loose;
    msg?: string;
    status?: number;
    [k: string]: Loose;
  };
}

/** A raw HTTP call, so tests can send any Host, Origin or Content-Type a real client could. */
export function call(
  port: number,
  urlPath: string,
  options: { body?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<RawResponse> {
  const body = options.body ?? '';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: options.method ?? 'POST',
        headers: {
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
