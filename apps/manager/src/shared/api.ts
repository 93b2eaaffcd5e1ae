/**
 * The one way the manager talks to the local service: a JSON POST to the same origin, in the UI's
 * language, unwrapped from the service's envelope (`code/message/data` for /api/v1/*,
 * `status/msg/data` for /login and /members). Typed from the contract's LOCAL_API_ROUTES: a path's
 * body schema gives what may be sent, its answer schema the `data` it resolves to (the service
 * checks its answers against the same schemas outside production).
 */
import type { LocalApiBodyOf, LocalApiDataOf, LocalApiPath } from '@hainiao/contract';
import { currentLang } from './lang-store.ts';

/** A failure the service answered: its code and its message (already in the UI's language). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The code shown when the service could not be reached or answered something that is not JSON. */
export const UNREACHABLE = -10000;

const unreachable = {
  en: 'The local service did not answer. Is it still running?',
  zh: '本地服务没有响应，请确认它仍在运行。',
};

/** An answer as the service sends it, in either envelope. */
export interface Envelope {
  code?: number;
  status?: number;
  message?: string;
  msg?: string;
  data?: unknown;
}

/**
 * POSTs `body` to `path` (same origin, the UI's language) and resolves to the answer's envelope
 * as sent; a service that cannot be reached, or answers something that is not JSON, throws
 * ApiError(UNREACHABLE).
 */
export async function postEnvelope(path: string, body: unknown): Promise<Envelope> {
  const lang = currentLang();
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en',
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope;
  } catch {
    throw new ApiError(UNREACHABLE, unreachable[lang]);
  }
}

/** A body as the client passes it: never changed, so read-only lists and objects do too. */
type Sent<T> = T extends readonly (infer U)[]
  ? readonly Sent<U>[]
  : T extends object
    ? { readonly [K in keyof T]: Sent<T[K]> }
    : T;

/** POSTs `body` to `path` and resolves to the answer's `data`, or throws ApiError. */
export async function call<P extends LocalApiPath>(
  path: P,
  body?: Sent<LocalApiBodyOf<P>>,
): Promise<LocalApiDataOf<P>> {
  const answer = await postEnvelope(path, body ?? {});
  const code = answer.code ?? answer.status ?? UNREACHABLE;
  if (code !== 0) {
    throw new ApiError(code, answer.message ?? answer.msg ?? unreachable[currentLang()]);
  }
  return answer.data as LocalApiDataOf<P>;
}
