import type { Lang } from '../i18n.ts';

/** One row of a code table: a stable numeric code, a constant-style name, and both messages. */
export interface CodeEntry {
  readonly code: number;
  readonly name: string;
  readonly en: string;
  readonly zh: string;
}

export type CodeNames<T extends readonly CodeEntry[]> = {
  readonly [E in T[number] as E['name']]: E['code'];
};

export interface CodeTable<T extends readonly CodeEntry[]> {
  readonly entries: T;
  /** Named constants, e.g. `MainCodes.code.APP_ID_ONLINE === -12`. */
  readonly code: CodeNames<T>;
  get(code: number): T[number] | undefined;
  message(code: number, lang: Lang): string | undefined;
}

export function defineCodeTable<const T extends readonly CodeEntry[]>(entries: T): CodeTable<T> {
  const byCode = new Map<number, T[number]>();
  const names: Record<string, number> = {};
  for (const entry of entries) {
    if (byCode.has(entry.code)) throw new Error(`duplicate code ${entry.code}`);
    if (entry.name in names) throw new Error(`duplicate code name ${entry.name}`);
    byCode.set(entry.code, entry);
    names[entry.name] = entry.code;
  }
  return {
    entries,
    code: Object.freeze(names) as CodeNames<T>,
    get: (code) => byCode.get(code),
    message: (code, lang) => byCode.get(code)?.[lang],
  };
}
