/**
 * The cloud's profile chunk calls (contract schemas/cloud/chunks.ts): which chunks the account
 * lacks, send one, fetch one. Multipart POSTs with inweb=1 and lang like every cloud call, with
 * the device lease token. client.ts keeps its request helper inside `cloudClient` (not exported),
 * so the few lines of a timed request live here too.
 */
import {
  CHUNK_MISSING_MAX,
  CHUNK_STORED_MAX_BYTES,
  cloudLang,
  type ChunkMissingAnswer,
  type Lang,
} from '@hainiao/contract';
import { CLOUD_TIMEOUT_MS, CloudCallError } from './client.ts';

export interface ChunkClient {
  /** The hashes (each once, in order) the account has not stored; any number, in batches. */
  missing(hashes: readonly string[]): Promise<string[]>;
  /** Sends one brotli-compressed chunk named by the SHA-256 of its raw bytes. */
  put(hash: string, compressed: Buffer): Promise<void>;
  /** One chunk, compressed, read through environment `envId` when given. */
  get(hash: string, envId?: string): Promise<Buffer>;
}

export interface ChunkClientOptions {
  /** The cloud's origin (CloudClient.base). */
  base: string;
  /** The current device lease token (it changes with each login). */
  token: () => string;
  lang?: Lang;
  timeoutMs?: number;
  /** Told of each answer of the cloud (CloudClient.noteAnswer: a logout's measure of progress). */
  onAnswer?: () => void;
}

interface Answer<T> {
  code?: unknown;
  msg?: string;
  data?: T;
}

export function chunkClient(options: ChunkClientOptions): ChunkClient {
  const base = options.base.replace(/\/$/, '');
  const limit = options.timeoutMs ?? CLOUD_TIMEOUT_MS;
  const lang = options.lang ?? 'en';

  async function post(
    path: string,
    fields: Record<string, string>,
    file?: Buffer,
  ): Promise<Response> {
    const form = new FormData();
    const all = { inweb: '1', lang: cloudLang(lang), token: options.token(), ...fields };
    for (const [name, value] of Object.entries(all)) form.append(name, value);
    if (file)
      form.append(
        'file',
        new Blob([Uint8Array.from(file)], { type: 'application/octet-stream' }),
        'chunk',
      );
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(limit),
      });
      options.onAnswer?.();
      return response;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CloudCallError('timeout', `the cloud did not answer ${path} within ${limit} ms`);
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new CloudCallError(
        'unreachable',
        `cannot reach the cloud at ${base}: ${cause ?? error}`,
      );
    }
  }

  /** The JSON answer's data on code 0; CloudCallError otherwise. */
  async function answerOf<T>(path: string, response: Response): Promise<T> {
    let answer: Answer<T>;
    try {
      answer = (await response.json()) as Answer<T>;
    } catch {
      throw new CloudCallError('http', `${path}: HTTP ${response.status} without JSON`);
    }
    if (typeof answer?.code !== 'number') {
      throw new CloudCallError('http', `${path}: HTTP ${response.status} without a code`);
    }
    if (answer.code !== 0) {
      throw new CloudCallError('answer', answer.msg ?? `code ${answer.code}`, answer.code);
    }
    return answer.data as T;
  }

  return {
    async missing(hashes) {
      const unique = [...new Set(hashes)];
      const missing: string[] = [];
      for (let at = 0; at < unique.length; at += CHUNK_MISSING_MAX) {
        const batch = unique.slice(at, at + CHUNK_MISSING_MAX);
        const path = '/api/hainiao/chunkmissing';
        const response = await post(path, { hashes: JSON.stringify(batch) });
        const data = await answerOf<ChunkMissingAnswer>(path, response);
        if (!Array.isArray(data?.missing)) throw new CloudCallError('http', `${path}: no list`);
        missing.push(...data.missing);
      }
      return missing;
    },

    async put(hash, compressed) {
      const path = '/api/hainiao/chunkput';
      await answerOf<unknown>(path, await post(path, { hash }, compressed));
    },

    async get(hash, envId) {
      const path = '/api/hainiao/chunkget';
      const response = await post(path, { hash, ...(envId ? { env_id: envId } : {}) });
      if (response.headers.get('content-type') !== 'application/octet-stream') {
        await answerOf<unknown>(path, response);
        throw new CloudCallError('http', `${path}: HTTP ${response.status} without the chunk`);
      }
      if (Number(response.headers.get('content-length') ?? 0) > CHUNK_STORED_MAX_BYTES) {
        await response.body?.cancel().catch(() => undefined);
        throw new CloudCallError('http', `${path}: a chunk larger than ${CHUNK_STORED_MAX_BYTES}`);
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > CHUNK_STORED_MAX_BYTES) {
        throw new CloudCallError('http', `${path}: a chunk larger than ${CHUNK_STORED_MAX_BYTES}`);
      }
      return bytes;
    },
  };
}
