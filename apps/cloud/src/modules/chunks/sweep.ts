/**
 * The sweep of unreferenced profile chunks (issue 24): a chunk that no current snapshot's manifest
 * names, put (or last named by a push) longer ago than the grace period, goes with its holders'
 * rows and its stored object. The grace period keeps chunks uploaded for a push that has not
 * arrived yet; a push naming an old chunk makes it young again (sync service), and the delete
 * re-checks the age, so a chunk named while a sweep runs is kept.
 */
import { SYNC_CHUNK_GRACE_MS, SYNC_CHUNK_SWEEP_INTERVAL_MS } from '@hainiao/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CloudDatabase } from '../../db/database.ts';
import type { Clock } from '../accounts/service.ts';
import { manifestChunksOfText } from './manifest.ts';
import type { ChunkObjects } from './service.ts';

const PAGE = 200;

export interface ChunkSweeperOptions {
  database: CloudDatabase;
  objects: ChunkObjects;
  clock?: Clock;
  graceMs?: number;
  log?: FastifyBaseLogger;
}

export function chunkSweeper(options: ChunkSweeperOptions) {
  const { db } = options.database;
  const clock = options.clock ?? (() => new Date());
  const graceMs = options.graceMs ?? SYNC_CHUNK_GRACE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Every chunk a live snapshot names, read a page of environments at a time. */
  async function referenced(): Promise<Set<string>> {
    const names = new Set<string>();
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('sync_env')
        .select(['env_id', 'body'])
        .where('deleted', '=', 0)
        .where('env_id', '>', after)
        .orderBy('env_id')
        .limit(PAGE)
        .execute();
      for (const row of rows) for (const hash of manifestChunksOfText(row.body)) names.add(hash);
      if (rows.length < PAGE) return names;
      after = rows.at(-1)!.env_id;
    }
  }

  /** One pass: removes what nothing names and is past the grace period; how many chunks went. */
  async function sweepOnce(): Promise<number> {
    const cutoff = new Date(clock().getTime() - graceMs).toISOString();
    const names = await referenced();
    let removed = 0;
    let after = '';
    for (;;) {
      const page = await db
        .selectFrom('chunk')
        .select('hash')
        .where('created_at', '<', cutoff)
        .where('hash', '>', after)
        .orderBy('hash')
        .limit(PAGE)
        .execute();
      const doomed = page.map((row) => row.hash).filter((hash) => !names.has(hash));
      if (doomed.length > 0) {
        const gone = await db.transaction().execute(async (trx) => {
          // Still old: a push that named one of them meanwhile made it young again.
          const stillOld = trx
            .selectFrom('chunk')
            .select('hash')
            .where('hash', 'in', doomed)
            .where('created_at', '<', cutoff);
          await trx.deleteFrom('account_chunk').where('hash', 'in', stillOld).execute();
          const deleted = await trx
            .deleteFrom('chunk')
            .where('hash', 'in', doomed)
            .where('created_at', '<', cutoff)
            .returning('hash')
            .execute();
          return deleted.map((row) => row.hash);
        });
        for (const hash of gone) await options.objects(hash.slice(0, 2)).remove(hash);
        removed += gone.length;
      }
      if (page.length < PAGE) return removed;
      after = page.at(-1)!.hash;
    }
  }

  /** Runs a sweep now (or joins the one running). */
  function sweep(): Promise<number> {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    sweep,
    /** Sweeps every `intervalMs` until stopped; failures are logged and the next run retries. */
    start(intervalMs = SYNC_CHUNK_SWEEP_INTERVAL_MS): void {
      if (timer) return;
      timer = setInterval(() => {
        sweep().then(
          (count) => {
            if (count > 0) options.log?.info({ count }, 'swept unreferenced profile chunks');
          },
          (error: unknown) => options.log?.warn({ err: error }, 'chunk sweep failed'),
        );
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a sweep in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
export type ChunkSweeper = ReturnType<typeof chunkSweeper>;
