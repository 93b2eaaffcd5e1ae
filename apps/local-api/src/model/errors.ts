/**
 * Failures of the service's own rules, as the domain (and the account and library code) throws
 * them: the NAME of a code of the contract's tables (codes/local-api.ts) and, when the code's own
 * message is too vague, a message of the contract's catalogue. Numeric codes, HTTP statuses and
 * envelopes are the edge's: http/errors.ts turns a DomainError into the answer, in one place.
 */
import {
  format,
  type BrowserCodes,
  type Localized,
  type MainCodes,
  type EnvironmentFieldCodes,
} from '@hainiao/contract';

/** A code of the main, create/update or browser table, by name (e.g. 'PROXY_INVALID'). */
export type CodeName =
  | keyof typeof MainCodes.code
  | keyof typeof EnvironmentFieldCodes.code
  | keyof typeof BrowserCodes.code;

export class DomainError extends Error {
  constructor(
    readonly code: CodeName,
    /** What the caller is told; without it, the code's own message. */
    readonly reason?: Localized,
    /** Values of the `{placeholders}` of `reason` (the same in both languages). */
    readonly values: Readonly<Record<string, string | number>> = {},
  ) {
    super(reason ? format(reason.en, values) : code);
  }
}

/**
 * A value no call may send (a launch argument off the allow-list, a start page that is not
 * http(s)): answered as a malformed request is, -10000 with HTTP 400 (http/errors.ts).
 */
export class InvalidRequestError extends DomainError {
  constructor(reason: Localized, values: Readonly<Record<string, string | number>> = {}) {
    super('UNKNOWN_EXCEPTION', reason, values);
  }
}

/** A proxy check that failed (-105), with curl's code and name of the failure for the caller. */
export class ProxyCheckError extends DomainError {
  constructor(
    reason: Localized,
    values: Readonly<Record<string, string | number>>,
    readonly curlCode: number,
    readonly curlName: string,
  ) {
    super('PROXY_CHECK_FAILED', reason, values);
  }
}
