/**
 * The cloud calls of the local API (CLOUD_CALLS of the contract): multipart POSTs with inweb=1
 * and lang, like every cloud call, and GETs of library files. Every request has a time limit; a
 * failure says whether the cloud timed out, could not be reached, or answered with a code.
 */
import {
  CLIENT_VERSION_PATTERN,
  cloudLang,
  format,
  type EnvLeaseAnswer,
  type EnvPullAnswer,
  type EnvPushAnswer,
  type EnvWatchAnswer,
  localApiMessages,
  SYNC_WATCH_HOLD_MS,
  type Lang,
  type LibraryPluginVersion,
  type LibraryScript,
  type Localized,
  type TeamListAnswer,
} from '@hainiao/contract';
import type { PluginVersion, ScriptVersion } from '../model/library.ts';
import type { CloudPull, CloudVersion } from '../model/sync.ts';

/** Default time limit of one cloud call. */
export const CLOUD_TIMEOUT_MS = 15_000;
/** Library files are small; a download gets more time than a call all the same. */
const DOWNLOAD_TIMEOUT_FACTOR = 4;

/** 'refused': the answer broke a safety rule (a file on another origin, or too large). */
export type CloudFailureKind = 'timeout' | 'unreachable' | 'answer' | 'http' | 'refused';

export class CloudCallError extends Error {
  constructor(
    readonly kind: CloudFailureKind,
    message: string,
    /** The cloud's own code, for kind 'answer'. */
    readonly code?: number,
    /** The failure in English and Chinese, for kind 'refused'. */
    readonly localized?: Localized,
  ) {
    super(message);
  }
}

function refused(message: Localized, values: Record<string, string | number>): CloudCallError {
  const localized = { en: format(message.en, values), zh: format(message.zh, values) };
  return new CloudCallError('refused', localized.en, undefined, localized);
}

/** Library downloads larger than this are refused (while reading, whatever the headers say). */
export const DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The URL of a library file: `path` (as the cloud's lists give it) resolved against the cloud,
 * which must keep the cloud's origin: an absolute URL elsewhere (https://evil.example/x.zip) or a
 * scheme-relative one (//evil/x) is refused.
 */
export function libraryFileUrl(base: string, path: unknown): URL {
  const cloud = new URL(`${base.replace(/\/$/, '')}/`);
  let url: URL | undefined;
  try {
    if (typeof path === 'string' && path) url = new URL(path, cloud);
  } catch {
    url = undefined;
  }
  if (!url || url.origin !== cloud.origin || url.username || url.password) {
    throw refused(localApiMessages.libraryForeignUrl, {
      url: String(path),
      origin: cloud.origin,
    });
  }
  return url;
}

/**
 * How the cloud names the library's fields, for the messages about what it sent (an unsafe id or
 * version is refused naming the field as the cloud spells it: domain/library.ts).
 */
export const LIBRARY_FIELD_NAMES = {
  pluginId: 'Plugin_Id',
  pluginVersion: 'Plugin_Ver',
  scriptId: 'Script_ID',
  scriptVersion: 'Script_Ver',
} as const;

const toPluginVersion = (item: LibraryPluginVersion): PluginVersion => ({
  pluginId: item.Plugin_Id,
  name: item.Plugin_Name,
  version: item.Plugin_Ver,
  description: item.Plugin_Desc,
  url: item.url,
  sha256: item.sha256,
  size: item.size,
});

const toScriptVersion = (item: LibraryScript): ScriptVersion => ({
  scriptId: item.Script_ID,
  name: item.Script_Name,
  version: item.Script_Ver,
  description: item.Script_Desc,
  url: item.url,
  sha256: item.sha256,
  size: item.size,
});

/** The `list` of a library answer, or the failure of an answer without one. */
function listOf<T>(path: string, data: { list?: T[] } | null | undefined): T[] {
  if (!Array.isArray(data?.list)) throw new CloudCallError('http', `${path} answered no list`);
  return data.list;
}

export interface CloudLogin {
  token: string;
  Account: string;
  type: number;
  account_reg_date: string;
  account_expire_date: string;
  heartbeat_interval_ms: number;
  lease_timeout_ms: number;
}

export interface CloudMembership {
  Account: string;
  type: number;
  account_reg_date: string;
  account_expire_date: string;
}

interface CloudAnswer<T> {
  code: number;
  msg?: string;
  data?: T;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

export function cloudClient(baseUrl: string, timeoutMs = CLOUD_TIMEOUT_MS) {
  const base = baseUrl.replace(/\/$/, '');
  /** When the cloud last answered anything (0: never): how a logout tells slow from away. */
  let answeredAt = 0;

  async function request(url: string, init: RequestInit, limitMs: number): Promise<Response> {
    const limit = AbortSignal.timeout(limitMs);
    try {
      const response = await fetch(url, {
        ...init,
        signal: init.signal ? AbortSignal.any([init.signal, limit]) : limit,
      });
      answeredAt = Date.now();
      return response;
    } catch (error) {
      // The caller's own signal (a service closing) ends the call with its abort error.
      if (init.signal?.aborted) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CloudCallError('timeout', `the cloud did not answer within ${limitMs} ms`);
      }
      throw new CloudCallError(
        'unreachable',
        `cannot reach the cloud at ${base}: ${describe(error)}`,
      );
    }
  }

  /**
   * A cloud call: answers `data` on code 0, throws CloudCallError otherwise. `file` travels as a
   * file part (snapshots are larger than the cloud's form fields may be); `signal` ends the call
   * early with its abort error.
   */
  async function call<T>(
    path: string,
    fields: Record<string, string>,
    lang: Lang,
    file?: { name: string; data: Buffer; type: string },
    signal?: AbortSignal,
  ): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries({ inweb: '1', lang: cloudLang(lang), ...fields })) {
      form.append(name, value);
    }
    if (file)
      form.append(
        file.name,
        new Blob([Uint8Array.from(file.data)], { type: file.type }),
        `${file.name}.json`,
      );
    const response = await request(
      `${base}${path}`,
      { method: 'POST', body: form, ...(signal ? { signal } : {}) },
      timeoutMs,
    );
    let answer: CloudAnswer<T>;
    try {
      answer = (await response.json()) as CloudAnswer<T>;
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') {
        throw new CloudCallError('timeout', `the cloud did not answer within ${timeoutMs} ms`);
      }
      throw new CloudCallError('http', `the cloud answered HTTP ${response.status} without JSON`);
    }
    if (typeof answer?.code !== 'number') {
      throw new CloudCallError('http', `the cloud answered HTTP ${response.status} without a code`);
    }
    if (answer.code !== 0) {
      throw new CloudCallError('answer', answer.msg ?? `code ${answer.code}`, answer.code);
    }
    return answer.data as T;
  }

  return {
    base,
    /** When the cloud last answered a call of this client or of its chunk client (ms, 0: never). */
    answeredAt: () => answeredAt,
    /** An answer the chunk client (chunks.ts) had, on the same cloud. */
    noteAnswer: () => {
      answeredAt = Date.now();
    },
    /**
     * The newest client version the cloud publishes (no login): a version such as "0.2.0". None
     * published is the cloud's NOT_FOUND (a CloudCallError of kind 'answer'); anything but a
     * version is refused as a broken answer.
     */
    version: async (lang: Lang, signal?: AbortSignal): Promise<string> => {
      const data = await call<unknown>('/api/hainiao/version', {}, lang, undefined, signal);
      if (typeof data !== 'string' || !CLIENT_VERSION_PATTERN.test(data)) {
        const shown = JSON.stringify(data) ?? String(data);
        throw new CloudCallError('http', `version answered ${shown.slice(0, 80)}, not a version`);
      }
      return data;
    },
    /** `manager_url`: where this service's environment manager is (the console links to it). */
    login: (
      fields: {
        Account: string;
        APP_ID: string;
        APP_KEY: string;
        device: string;
        manager_url?: string;
      },
      lang: Lang,
    ) => call<CloudLogin>('/api/hainiao/apilogin', fields, lang),
    heartbeat: (token: string, device: string, lang: Lang) =>
      call<null>('/api/hainiao/apiheartbeat', { token, device }, lang),
    logout: (token: string, device: string, lang: Lang) =>
      call<null>('/api/hainiao/apilogout', { token, device }, lang),
    members: (token: string, Account: string, lang: Lang) =>
      call<CloudMembership>('/api/hainiao/members', { token, Account }, lang),
    /** The team of the lease's account, as the console's Team tab has it (/api/v1/team/list). */
    team: (token: string, lang: Lang) =>
      call<TeamListAnswer>('/api/hainiao/envteam', { token }, lang),
    /** Every version of every plugin, each plugin's newest first. */
    pluginList: async (token: string, lang: Lang): Promise<{ list: PluginVersion[] }> => {
      const path = '/api/hainiao/pluginlist';
      const data = await call<{ list?: LibraryPluginVersion[] }>(path, { token }, lang);
      return { list: listOf(path, data).map(toPluginVersion) };
    },
    /** Environment sync (issue 13; packages/contract/src/schemas/cloud/sync.ts). */
    envPush: (
      token: string,
      fields: { device: string; env_id: string; base_version: number; hash?: string },
      body: Buffer | null,
      lang: Lang,
    ): Promise<CloudVersion> =>
      call<EnvPushAnswer>(
        '/api/hainiao/envpush',
        {
          token,
          device: fields.device,
          env_id: fields.env_id,
          base_version: String(fields.base_version),
          ...(body ? { hash: fields.hash ?? '' } : { deleted: '1' }),
        },
        lang,
        body ? { name: 'body', data: body, type: 'application/json' } : undefined,
      ).then((answer) => ({ version: answer.version, hash: answer.hash })),
    envPull: async (token: string, since: number, lang: Lang): Promise<CloudPull> => {
      const answer = await call<EnvPullAnswer>(
        '/api/hainiao/envpull',
        { token, since: String(since) },
        lang,
      );
      return {
        changes: answer.changes.map((c) => ({
          envId: c.env_id,
          owner: c.owner,
          version: c.version,
          hash: c.hash,
          deleted: c.deleted,
          body: c.body,
          access: c.access,
          shares: c.shares,
        })),
        revoked: answer.revoked,
        cursor: answer.cursor,
        more: answer.more,
      };
    },
    envShare: (token: string, envId: string, to: string, lang: Lang) =>
      call<unknown>('/api/hainiao/envshare', { token, env_id: envId, to }, lang),
    envUnshare: (token: string, envId: string, to: string, lang: Lang) =>
      call<unknown>('/api/hainiao/envunshare', { token, env_id: envId, to }, lang),
    envLease: (
      token: string,
      device: string,
      envId: string,
      state: 'running' | 'uploading',
      lang: Lang,
    ): Promise<CloudVersion> =>
      call<EnvLeaseAnswer>(
        '/api/hainiao/envlease',
        { token, device, env_id: envId, state },
        lang,
      ).then((answer) => ({ version: answer.version, hash: answer.hash })),
    envRelease: (token: string, device: string, envId: string, lang: Lang) =>
      call<null>('/api/hainiao/envrelease', { token, device, env_id: envId }, lang),
    /**
     * Waits for a change the account sees after `since` (issue 24: the cloud holds the call up
     * to SYNC_WATCH_HOLD_MS): `changed` says a pull has something to bring. `signal` ends the
     * wait early (logout, quit) with its abort error; other failures are CloudCallErrors.
     */
    envWatch: async (
      token: string,
      device: string,
      since: number,
      lang: Lang,
      signal?: AbortSignal,
    ): Promise<EnvWatchAnswer> => {
      const limitMs = SYNC_WATCH_HOLD_MS + timeoutMs;
      const form = new FormData();
      const fields = { inweb: '1', lang: cloudLang(lang), token, device, since: String(since) };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const limit = AbortSignal.timeout(limitMs);
      let answer: CloudAnswer<EnvWatchAnswer>;
      try {
        const response = await fetch(`${base}/api/hainiao/envwatch`, {
          method: 'POST',
          body: form,
          signal: signal ? AbortSignal.any([signal, limit]) : limit,
        });
        answer = (await response.json()) as CloudAnswer<EnvWatchAnswer>;
      } catch (error) {
        if (signal?.aborted) throw error;
        if (limit.aborted) {
          throw new CloudCallError('timeout', `the cloud did not answer within ${limitMs} ms`);
        }
        const name = (error as { name?: string }).name;
        if (name === 'SyntaxError') throw new CloudCallError('http', 'envwatch answered no JSON');
        throw new CloudCallError(
          'unreachable',
          `cannot reach the cloud at ${base}: ${describe(error)}`,
        );
      }
      if (answer?.code !== 0 || !answer.data) {
        const code = typeof answer?.code === 'number' ? answer.code : undefined;
        throw new CloudCallError('answer', answer?.msg ?? `code ${String(code)}`, code);
      }
      return answer.data;
    },

    /** The newest version of every script. */
    scriptList: async (token: string, lang: Lang): Promise<{ list: ScriptVersion[] }> => {
      const path = '/api/hainiao/scriptlist';
      const data = await call<{ list?: LibraryScript[] }>(path, { token }, lang);
      return { list: listOf(path, data).map(toScriptVersion) };
    },

    /**
     * GET of a library file (a path under the cloud, e.g. /library/x-1.0.0.zip): only on the
     * cloud's origin (redirects too), at most `maxBytes`.
     */
    async download(path: string, maxBytes = DOWNLOAD_MAX_BYTES): Promise<Buffer> {
      const limit = timeoutMs * DOWNLOAD_TIMEOUT_FACTOR;
      let url = libraryFileUrl(base, path);
      let response: Response | undefined;
      for (let hops = 0; ; hops += 1) {
        response = await request(url.href, { method: 'GET', redirect: 'manual' }, limit);
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) break;
        await response.body?.cancel().catch(() => undefined);
        if (hops >= 3) throw new CloudCallError('http', `GET ${path}: too many redirects`);
        url = libraryFileUrl(base, new URL(location, url).href);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new CloudCallError('http', `GET ${path} answered HTTP ${response.status}`);
      }
      const tooLarge = () =>
        refused(localApiMessages.libraryDownloadTooLarge, {
          url: path,
          limit: megabytes(maxBytes),
        });
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        const reader = response.body?.getReader();
        for (;;) {
          const next = await reader?.read();
          if (!next || next.done) break;
          size += next.value.byteLength;
          if (size > maxBytes) {
            await reader?.cancel().catch(() => undefined);
            break;
          }
          chunks.push(Buffer.from(next.value));
        }
      } catch (error) {
        throw new CloudCallError('timeout', `GET ${path} failed: ${describe(error)}`);
      }
      if (size > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      return Buffer.concat(chunks);
    },
  };
}
export type CloudClient = ReturnType<typeof cloudClient>;
