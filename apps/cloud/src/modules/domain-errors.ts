/**
 * Failures of the cloud's own rules, as its services throw them: the NAME of a code of one of the
 * contract's tables and, when the code's own message is too vague, a message of the contract's
 * catalogue with the values of its `{placeholders}`. HTTP statuses and the answer envelope are the
 * edge's: http/errors.ts turns a DomainError into the answer, in one place (as the local API's
 * http/errors.ts does with its model/errors.ts). Nothing here knows HTTP; lint keeps it so.
 */
import {
  CloudCodes,
  format,
  MainCodes,
  siteMessages,
  SyncCodes,
  type Localized,
} from '@hainiao/contract';

/**
 * The tables a cloud failure names its code in: the cloud's own answers, environment sync's, and
 * the local API's main table (its calls to the cloud, apilogin and the lease check, answer in the
 * local API's own codes). A name may be in two tables with different numbers (DATA_CORRUPTED), so
 * a failure says which table it means.
 */
export const CODE_TABLES = { cloud: CloudCodes, sync: SyncCodes, main: MainCodes } as const;
export type CodeTableName = keyof typeof CODE_TABLES;
export type CodeNameIn<T extends CodeTableName> = keyof (typeof CODE_TABLES)[T]['code'] & string;

export type Values = Readonly<Record<string, string | number>>;

/** A code of a table by name (e.g. sync 'ENV_NOT_FOUND'): its number and both messages. */
export function codeEntry(table: CodeTableName, name: string): Localized & { code: number } {
  const code = (CODE_TABLES[table].code as Readonly<Record<string, number>>)[name];
  const entry = code === undefined ? undefined : CODE_TABLES[table].get(code);
  if (!entry) throw new Error(`no ${table} code named ${name}`);
  return entry;
}

export abstract class DomainError extends Error {
  abstract readonly table: CodeTableName;
  abstract readonly code: string;

  constructor(
    table: CodeTableName,
    code: string,
    /** What the caller is told; without it, the code's own message. */
    readonly reason?: Localized,
    /** Values of the `{placeholders}` of `reason` (the same in both languages). */
    readonly values: Values = {},
  ) {
    // The English text, for logs and the operators' command (admin.ts).
    super(format((reason ?? codeEntry(table, code)).en, values));
  }

  /** What the caller is told, in both languages, its placeholders filled. */
  get messages(): Localized {
    const message = this.reason ?? codeEntry(this.table, this.code);
    return { en: format(message.en, this.values), zh: format(message.zh, this.values) };
  }
}

/** A failure with a code of the cloud's own table (CloudCodes: 'NOT_FOUND', 'CONFLICT', …). */
export class CloudFailure extends DomainError {
  readonly table = 'cloud';

  constructor(
    readonly code: CodeNameIn<'cloud'>,
    reason?: Localized,
    values?: Values,
  ) {
    super('cloud', code, reason, values);
  }
}

/** A failure of environment sync (SyncCodes: 'ENV_NOT_FOUND', 'VERSION_STALE', …). */
export class SyncFailure extends DomainError {
  readonly table = 'sync';

  constructor(
    readonly code: CodeNameIn<'sync'>,
    reason?: Localized,
    values?: Values,
  ) {
    super('sync', code, reason, values);
  }
}

/**
 * A failure the local API's calls are answered in its own main table's code (MainCodes:
 * 'LOGIN_INVALID', 'LOGIN_EXPIRE', 'DATA_CORRUPTED' -10, …), which it passes on as it is.
 */
export class MainCodeFailure extends DomainError {
  readonly table = 'main';

  constructor(
    readonly code: CodeNameIn<'main'>,
    reason?: Localized,
    values?: Values,
  ) {
    super('main', code, reason, values);
  }
}

/**
 * Too many attempts: code RATE_LIMITED, and when to try again. Without a reason of its own (the
 * sync rates and the upload limits say which limit), the per-account limit's message.
 */
export class RateLimitedError extends CloudFailure {
  constructor(
    readonly retryAfterSeconds: number,
    reason: Localized = siteMessages.auth.tooManyAttempts,
    values: Values = { seconds: retryAfterSeconds },
  ) {
    super('RATE_LIMITED', reason, values);
  }
}

/** The files' disk refused a write: full, or not writable (read-only, no permission). */
export type StorageFault = 'full' | 'unwritable';

/** A server error the operator must fix, which says so: the files' disk is full or read-only. */
export class StorageFaultError extends CloudFailure {
  constructor(
    readonly fault: StorageFault,
    reason: Localized,
  ) {
    super('SERVER_ERROR', reason);
  }
}
