/**
 * Tags of environments (our extension, issue 27). They live in the settings (`tags`), so they
 * travel with the environment through the cloud like every other setting, and a share's receiver
 * sees but cannot change them (the cloud refuses a receiver's settings change).
 */
import type SQLite from 'better-sqlite3';
import type { EnvironmentRecord } from '../model/environment.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { resolveAll } from './access.ts';
import { assertStorable } from './storable.ts';

/** Trimmed, empty ones dropped, each once (the first spelling wins), in the order given. */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      out.push(tag);
    }
  }
  return out;
}

export interface TagDeps {
  db: SQLite.Database;
  envs: EnvironmentStore;
}

/**
 * Adds `add` to and removes `remove` from each environment the account owns: all of them change
 * or none (an environment it cannot change, or one that would hold more than
 * the contract's tag limit, refuses the whole call). Answers each environment's tags.
 */
export function retagEnvironments(
  deps: TagDeps,
  account: string,
  ids: readonly string[],
  add: readonly string[],
  remove: readonly string[],
): Map<string, string[]> {
  const removed = new Set(uniqueTags(remove));
  const added = uniqueTags(add).filter((tag) => !removed.has(tag));
  const records: EnvironmentRecord[] = [];
  for (const { record } of resolveAll(deps.envs, account, ids, 'write')) {
    const before = structuredClone(record);
    const current = record.settings.tags ?? [];
    const tags = uniqueTags([...current.filter((tag) => !removed.has(tag)), ...added]);
    record.settings = { ...record.settings, tags };
    // Too many tags (or one too long) is refused as the snapshot schema says.
    assertStorable(record, {}, before);
    records.push(record);
  }
  deps.db.transaction(() => {
    for (const record of records) deps.envs.save(record);
  })();
  return new Map(records.map((record) => [record.id, record.settings.tags]));
}
