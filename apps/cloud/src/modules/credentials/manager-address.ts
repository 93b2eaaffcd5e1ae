/**
 * Where the API console sends a user to open the environment manager (issue 27): the address the
 * local service reported when it last logged in with the credential (apilogin's manager_url), or,
 * before any did, the cloud's MANAGER_URL setting. Both pass the contract's managerAddress check
 * (loopback http only), since the console shows them as a link.
 */
import { LOCAL_API_HOST, LOCAL_API_PORT, managerAddress } from '@hainiao/contract';

/** The manager of a local service started with its defaults (`hainiao-api` on 8186). */
export const DEFAULT_MANAGER_URL = `http://${LOCAL_API_HOST}:${LOCAL_API_PORT}/`;

/** `MANAGER_URL`: unset or empty is the default; anything managerAddress refuses stops the start. */
export function parseManagerUrl(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_MANAGER_URL;
  const address = managerAddress(value);
  if (!address) {
    throw new Error(
      `MANAGER_URL must be http://127.0.0.1:PORT/ (or localhost, or [::1]), not ${value}`,
    );
  }
  return address;
}

/** A stored report: where and when a service said its manager was. */
export interface ManagerReport {
  manager_url: string | null;
  manager_reported_at: string | null;
}

/**
 * The manager address the console shows for `own` (a credential of the account whose credentials
 * are `all`): its own report, else the account's newest (most likely the same computer), else
 * the setting. Reports are checked again on the way out (a row written by hand stays unshown).
 */
export function managerFor(
  own: ManagerReport,
  all: readonly ManagerReport[],
  fallback: string,
): { manager_url: string; manager_reported_at: string | null } {
  const valid = (report: ManagerReport) =>
    report.manager_reported_at !== null && managerAddress(report.manager_url) !== null;
  let chosen = valid(own) ? own : undefined;
  for (const report of chosen ? [] : all.filter(valid)) {
    if (!chosen || report.manager_reported_at! > chosen.manager_reported_at!) chosen = report;
  }
  return chosen
    ? {
        manager_url: managerAddress(chosen.manager_url)!,
        manager_reported_at: chosen.manager_reported_at,
      }
    : { manager_url: fallback, manager_reported_at: null };
}
