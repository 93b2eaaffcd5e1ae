import type { z } from 'zod';
import {
  localApiMessages,
  ENVIRONMENT_FIELD_CODES,
  EnvironmentFieldCodes,
} from '@hainiao/contract';
import { fail, fieldFailure, UNKNOWN_EXCEPTION, type LocalApiError } from './envelope.ts';

type Issue = z.core.$ZodIssue;

/** Codes that mean "too long" or "does not exist": only a length violation earns them. */
const LENGTH_CODES = new Set<number>([
  EnvironmentFieldCodes.code.NAME_TOO_LONG,
  EnvironmentFieldCodes.code.DESC_TOO_LONG,
  EnvironmentFieldCodes.code.GROUP_NOT_FOUND,
]);

/** The largest `maximum` of a too_big array issue anywhere in the issue (unions nest them). */
function arrayMaximum(issue: Issue): number | undefined {
  if (issue.code === 'too_big' && issue.origin === 'array') return Number(issue.maximum);
  if (issue.code === 'invalid_union') {
    for (const branch of issue.errors) {
      for (const nested of branch) {
        const found = arrayMaximum(nested);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

/**
 * Validates a body with its contract schema. The first issue becomes the answer:
 * - on create/update calls (`fieldCodes`), a field of ENVIRONMENT_FIELD_CODES answers its -101…-112
 *   code (HTTP 200, like every answer that carries a code of the spec's tables);
 * - otherwise the request is malformed: HTTP 400, code -10000, and a message naming the field
 *   (unknown field, missing parameter, too many ids, invalid parameter).
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: { fieldCodes?: boolean } = {},
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw issueError(result.error.issues, body, options.fieldCodes ?? false);
}

function issueError(issues: readonly Issue[], body: unknown, fieldCodes: boolean): LocalApiError {
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    return fail(
      UNKNOWN_EXCEPTION,
      localApiMessages.unknownField,
      { field: unknown.keys.join(', ') },
      400,
    );
  }
  const issue = issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : '';
  const top = String(issue?.path[0] ?? '');
  if (!issue || !field) {
    return fail(UNKNOWN_EXCEPTION, localApiMessages.invalidParameter, { field: 'body' }, 400);
  }
  if (fieldCodes && top in ENVIRONMENT_FIELD_CODES) {
    const code = ENVIRONMENT_FIELD_CODES[top] as number;
    if (!LENGTH_CODES.has(code) || issue.code === 'too_big') return fieldFailure(code);
  }
  const value =
    body && typeof body === 'object' ? (body as Record<string, unknown>)[top] : undefined;
  if (value === undefined && issue.path.length === 1) {
    return fail(UNKNOWN_EXCEPTION, localApiMessages.missingParameter, { field }, 400);
  }
  const max = arrayMaximum(issue);
  if (max !== undefined && top === 'Session_ID') {
    return fail(UNKNOWN_EXCEPTION, localApiMessages.tooManySessionIds, { max }, 400);
  }
  if (max !== undefined && top === 'Script_ID') {
    return fail(UNKNOWN_EXCEPTION, localApiMessages.scriptsTooMany, { max }, 400);
  }
  return fail(UNKNOWN_EXCEPTION, localApiMessages.invalidParameter, { field }, 400);
}
