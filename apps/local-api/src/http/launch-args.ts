import { localApiMessages } from '@hainiao/contract';
import { ALLOWED_ARG_LIST, refuseArgs } from '../runtime/profile.ts';
import { fail, UNKNOWN_EXCEPTION } from './envelope.ts';

/**
 * Refuses browser arguments outside the allow-list (runtime/profile.ts), or repeated, as the whole
 * call's answer: -10000 naming the flags, HTTP 400, as every other bad field of a body. Used by
 * browser/start (`args`) and by create (`Session_Args`, the arguments a start uses when it gives
 * none), so that an environment never stores arguments a start would refuse.
 */
export function assertAllowedArgs(args: readonly string[]): void {
  const refusal = refuseArgs(args);
  if (refusal?.refused.length) {
    throw fail(
      UNKNOWN_EXCEPTION,
      localApiMessages.browserArgsNotAllowed,
      { flags: refusal.refused.join(', '), allowed: ALLOWED_ARG_LIST },
      400,
    );
  }
  if (refusal) {
    throw fail(
      UNKNOWN_EXCEPTION,
      localApiMessages.browserArgsRepeated,
      { flags: refusal.repeated.join(', ') },
      400,
    );
  }
}
