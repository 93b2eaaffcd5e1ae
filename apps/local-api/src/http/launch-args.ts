import { checkLaunchArgs } from '../domain/environment.ts';
import { DomainError } from '../model/errors.ts';
import { toLocalApiError } from './errors.ts';

/**
 * The start calls' `args` (browser/start, AdsPower's launch_args) against the allow-list: the
 * domain's check (domain/environment.ts checkLaunchArgs, which create and update use too) as the
 * whole call's answer, -10000 naming the flags, HTTP 400.
 */
export function assertAllowedArgs(args: readonly string[]): void {
  try {
    checkLaunchArgs(args);
  } catch (error) {
    throw error instanceof DomainError ? toLocalApiError(error) : error;
  }
}
