/**
 * The site's one client of the cloud, typed from the contract's table (CLOUD_CALLS): the fields a
 * call takes and the `data` it answers come from the call's schemas. Outside production (tests,
 * `vite dev`) every answer is checked against its answer schema before a page sees it; the built
 * site trusts its own cloud's answers and so loads no schema code (./answer-check.ts).
 */
import {
  HISTORY_LIST_PATH,
  cloudLang,
  type CloudAnswerOf,
  type CloudFieldsOf,
  type CloudPath,
  type DocumentAnswerOf,
  type DocumentMod,
  type HistoryFile,
  type Lang,
} from '@hainiao/contract';

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

/** Omit that keeps a union of field sets (document's three `mod`s) a union. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a page passes for a call: its fields without the common ones, which the client adds. */
export type CallFields<P extends CloudPath> = OmitEach<CloudFieldsOf<P>, 'inweb' | 'lang'>;

export interface CallInit {
  signal?: AbortSignal | undefined;
  /** File parts (workorderupload's `file`): sent after the text fields. */
  files?: Record<string, Blob>;
}

/** The answer envelope: `data` on code 0 (still to be checked), else a CloudCallError. */
async function dataOf(response: Response): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new CloudCallError(-1, `HTTP ${response.status}`);
  }
  if (typeof answer !== 'object' || answer === null || !('code' in answer)) {
    throw new CloudCallError(-1, `HTTP ${response.status}`);
  }
  if (answer.code !== 0) {
    const code = typeof answer.code === 'number' ? answer.code : -1;
    const msg = 'msg' in answer && typeof answer.msg === 'string' ? answer.msg : undefined;
    throw new CloudCallError(code, msg ?? `code ${code}`);
  }
  return 'data' in answer ? answer.data : undefined;
}

/** An answer its schema refuses is no answer the page can use: reported like a failed call. */
function unexpected(path: string): CloudCallError {
  return new CloudCallError(-1, `Unexpected answer from ${path}`);
}

/**
 * A cloud call as CLOUD_CALLS describes it: POST, multipart form data, always with inweb=1 and
 * lang ('zh-CHS' for Chinese, else 'en'). Resolves with `data` on code 0 (checked against the
 * call's answer schema outside production), else rejects with a CloudCallError carrying the
 * server's `msg`.
 */
export async function callCloud<P extends CloudPath>(
  path: P,
  fields: CallFields<P>,
  lang: Lang,
  init: CallInit = {},
): Promise<CloudAnswerOf<P>> {
  const body = new FormData();
  body.set('inweb', '1');
  body.set('lang', cloudLang(lang));
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.set(name, String(value));
  }
  // File parts go last, after the token, so the server reads the fields first.
  for (const [name, file] of Object.entries(init.files ?? {})) body.set(name, file);
  const response = await fetch(path, { method: 'POST', body, signal: init.signal });
  const data = await dataOf(response);
  if (!import.meta.env.PROD) {
    const { isExpectedAnswer } = await import('./answer-check.ts');
    if (!isExpectedAnswer(path, data, (fields as Record<string, unknown>).mod))
      throw unexpected(path);
  }
  return data as CloudAnswerOf<P>;
}

/** POST /api/hainiao/document, its answer typed by `mod`. */
export function callDocument<M extends DocumentMod>(
  fields: CallFields<'/api/hainiao/document'> & { mod: M },
  lang: Lang,
  init?: CallInit,
): Promise<DocumentAnswerOf<M>> {
  return callCloud('/api/hainiao/document', fields, lang, init) as Promise<DocumentAnswerOf<M>>;
}

/** The previous client versions: a GET of the main host (historylist.php), same envelope. */
export async function fetchHistoryList(
  init: { signal?: AbortSignal } = {},
): Promise<HistoryFile[]> {
  const response = await fetch(HISTORY_LIST_PATH, {
    signal: init.signal,
    headers: { accept: 'application/json' },
  });
  const data = await dataOf(response);
  if (!import.meta.env.PROD) {
    const { isHistoryList } = await import('./answer-check.ts');
    if (!isHistoryList(data)) throw unexpected(HISTORY_LIST_PATH);
  }
  return data as HistoryFile[];
}
