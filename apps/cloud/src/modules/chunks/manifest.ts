import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The profile chunks a snapshot names: `usage.profile.manifest.files[].chunks` (the contract's
 * snapshot schema). Read leniently: whatever is not a list of strings names nothing, so a
 * malformed manifest can neither break a sweep nor open a chunk.
 */
export function manifestChunks(snapshot: unknown): string[] {
  const usage = (snapshot as { usage?: unknown } | null)?.usage as
    { profile?: { manifest?: { files?: unknown } } | null } | undefined;
  const files = usage?.profile?.manifest?.files;
  if (!Array.isArray(files)) return [];
  const hashes = new Set<string>();
  for (const file of files as { chunks?: unknown }[]) {
    if (!file || !Array.isArray(file.chunks)) continue;
    for (const hash of file.chunks) if (typeof hash === 'string') hashes.add(hash);
  }
  return [...hashes];
}

/** The chunks a stored snapshot's JSON text names (none for a deletion or bad JSON). */
export function manifestChunksOfText(body: string | null): string[] {
  if (body === null) return [];
  try {
    return manifestChunks(JSON.parse(body));
  } catch {
    return [];
  }
}

/** Chunks younger than this are not made young again when named (a write saved per push). */
const TOUCH_AFTER_MS = 3_600_000;

/**
 * Makes the named chunks young again for the sweep (modules/chunks/sweep.ts): a chunk sent again
 * or named by a push is kept for another grace period even if nothing named it before.
 */
export async function touchChunks(
  q: Kysely<Database> | Transaction<Database>,
  hashes: readonly string[],
  at: Date,
): Promise<void> {
  const stale = new Date(at.getTime() - TOUCH_AFTER_MS).toISOString();
  for (const part of slices(hashes)) {
    await q
      .updateTable('chunk')
      .set({ created_at: at.toISOString() })
      .where('hash', 'in', part)
      .where('created_at', '<', stale)
      .execute();
  }
}

/** `items` in slices of at most `size` (an `in (…)` list each, under every database's cap). */
export function* slices<T>(items: readonly T[], size = 500): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
