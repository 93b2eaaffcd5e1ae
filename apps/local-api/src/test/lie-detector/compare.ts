/** Reading the lie detector's reports: every finding, and values that differ between realms. */

export type LieValue = string | number | boolean | null | string[];

export interface LieFinding {
  api: string;
  check: string;
  detail?: string;
}

export interface LieReport {
  scope: string;
  findings: LieFinding[];
  values: Record<string, LieValue>;
}

export type LieReports = Record<string, LieReport>;

/**
 * Keys whose availability depends on the kind of realm, where null means "not offered here"
 * rather than a different value: Chromium offers OfflineAudioContext in windows only.
 */
const REALM_DEPENDENT = new Set(['audioSum']);

const show = (value: LieValue | undefined) => JSON.stringify(value);

/**
 * For each value key that more than one scope presents, the scopes that differ from the first
 * one presenting it, as `key: scopeA value ≠ scopeB value`.
 */
export function crossScopeMismatches(reports: LieReports): string[] {
  const mismatches: string[] = [];
  const scopes = Object.entries(reports).filter(([, report]) => report && report.values);
  const keys = new Set(scopes.flatMap(([, report]) => Object.keys(report.values)));
  for (const key of keys) {
    const having = scopes.filter(([, report]) => {
      if (!Object.hasOwn(report.values, key)) return false;
      return !(REALM_DEPENDENT.has(key) && report.values[key] === null);
    });
    if (having.length < 2) continue;
    const [first, ...rest] = having;
    const [firstScope, firstReport] = first!;
    const expected = show(firstReport.values[key]);
    for (const [scope, report] of rest) {
      const actual = show(report.values[key]);
      if (actual !== expected)
        mismatches.push(`${key}: ${firstScope} ${expected} ≠ ${scope} ${actual}`);
    }
  }
  return mismatches;
}

/** Every finding of every scope, as `scope: api check detail`. */
export function allFindings(reports: LieReports): string[] {
  return Object.entries(reports).flatMap(([scope, report]) =>
    (report?.findings ?? []).map((finding) =>
      [`${scope}:`, finding.api, finding.check, finding.detail].filter(Boolean).join(' '),
    ),
  );
}
