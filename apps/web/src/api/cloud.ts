import { cloudLang, type Lang } from '@hainiao/contract';

/** A cloud answer that was not code 0 (or no answer at all: code -1 with a network message). */
export class CloudCallError extends Error {
  override name = 'CloudCallError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface Answer<T> {
  code: number;
  msg?: string;
  data?: T;
}

async function unwrap<T>(response: Response): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = (await response.json()) as Answer<T>;
  } catch {
    throw new CloudCallError(-1, `HTTP ${response.status}`);
  }
  if (answer.code !== 0) throw new CloudCallError(answer.code, answer.msg ?? `code ${answer.code}`);
  return answer.data as T;
}

/**
 * A cloud call as the site spec makes them (§7): POST, multipart form data, always with inweb=1 and
 * lang ('zh-CHS' for Chinese, else 'en'). Resolves with `data` on code 0, else rejects with a
 * CloudCallError carrying the server's `msg`.
 */
export async function cloudPost<T>(
  path: string,
  fields: Record<string, string | number | undefined>,
  lang: Lang,
  init: { signal?: AbortSignal; files?: Record<string, Blob> } = {},
): Promise<T> {
  const body = new FormData();
  body.set('inweb', '1');
  body.set('lang', cloudLang(lang));
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(name, String(value));
  }
  // File parts go last, after the token, so the server reads the fields first.
  for (const [name, file] of Object.entries(init.files ?? {})) body.set(name, file);
  const response = await fetch(path, { method: 'POST', body, signal: init.signal });
  return unwrap<T>(response);
}

/** A GET call of the main host (historylist.php), same answer shape. */
export async function cloudGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    signal: init.signal,
    headers: { accept: 'application/json' },
  });
  return unwrap<T>(response);
}
