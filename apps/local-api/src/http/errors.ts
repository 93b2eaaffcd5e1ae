/**
 * The one place a DomainError (model/errors.ts) becomes the wire's failure: its code name becomes
 * the number of the contract's tables (codes/local-api.ts), its message the code's own unless the
 * domain gave a more precise one, its data what the spec names (-105 carries curl's failure).
 */
import { BrowserCodes, MainCodes, EnvironmentFieldCodes, type Localized } from '@hainiao/contract';
import {
  InvalidRequestError,
  ProxyCheckError,
  type CodeName,
  type DomainError,
} from '../model/errors.ts';
import { fail, type LocalApiError } from './envelope.ts';

/** The tables a name may come from; a name in two of them has the same number in both. */
const TABLES = [EnvironmentFieldCodes, BrowserCodes, MainCodes] as const;

function entryOf(name: CodeName): { code: number; en: string; zh: string } {
  for (const table of TABLES) {
    const code = (table.code as Readonly<Record<string, number>>)[name];
    const entry = code === undefined ? undefined : table.get(code);
    if (entry) return entry;
  }
  throw new Error(`no code named ${name}`);
}

/** The number of a code name (e.g. 'PROXY_INVALID' → -104). */
export const codeOf = (name: CodeName): number => entryOf(name).code;

export function toLocalApiError(error: DomainError): LocalApiError {
  const entry = entryOf(error.code);
  const message: Localized = error.reason ?? { en: entry.en, zh: entry.zh };
  const data =
    error instanceof ProxyCheckError
      ? { Proxy_Check_Code: error.curlCode, Proxy_Check_Name: error.curlName }
      : null;
  const status = error instanceof InvalidRequestError ? 400 : 200;
  return fail(entry.code, message, { ...error.values }, status, data);
}

/**
 * Cloud sync's failures as a start's per-environment status: the start table has its own numbers
 * for them, the main table's (-7, -9, -10) meaning other things there.
 */
const START_NAMES: Partial<Record<CodeName, CodeName>> = {
  LOGIN_UPING: 'START_WAITING_UPLOAD',
  SYNC_TIMEOUT: 'START_SYNC_TIMEOUT',
  DATA_CORRUPTED: 'START_DATA_CORRUPTED',
};

/** A DomainError that stops one environment's start, as its status and message. */
export function toStartFailure(error: DomainError): { status: number; message: Localized } {
  const entry = entryOf(START_NAMES[error.code] ?? error.code);
  return { status: entry.code, message: error.reason ?? { en: entry.en, zh: entry.zh } };
}
