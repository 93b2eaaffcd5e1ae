/**
 * Environment sync (issue 13): the cloud keeps each environment's latest snapshot for its owner,
 * with a version (a write made on an older version is refused: the local API keeps the loser as a
 * conflict copy) and a change sequence that pulls follow. Who sees what:
 *  - an account sees the environments it owns and those shared with it;
 *  - a team's main account also sees (and manages) every environment of its sub-accounts.
 * Who writes what: the owner and its team's main account change anything and delete; an account
 * an environment is shared with may only save what using it changes (the snapshot's `usage`), so
 * that a colleague's settings are never overwritten by a receiver.
 */
import { createHash } from 'node:crypto';
import {
  LEASE_TIMEOUT_MS,
  SYNC_PULL_MAX_BYTES,
  SYNC_PULL_MAX_CHANGES,
  SYNC_WATCH_HOLD_MS,
} from '@hainiao/contract';
import {
  checkEnvSnapshot,
  localApiMessages,
  type EnvChange,
  type EnvPullAnswer,
  type EnvWatchAnswer,
  type SyncAccess,
} from '@hainiao/contract';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { CloudDatabase } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { manifestChunks, manifestChunksOfText, slices, touchChunks } from '../chunks/manifest.ts';
import type { Clock } from '../accounts/service.ts';
import type { Lease } from '../credentials/service.ts';
import { CloudFailure, SyncFailure } from '../domain-errors.ts';
import { localNotifier, type SyncNotifier } from './notifier.ts';
import type { SyncQuotas } from './quotas.ts';
import type { RunLeases } from './run-leases.ts';

/**
 * The one snapshot key a receiver may change: `usage`, where the local API keeps what using an
 * environment changes (its cookies, profile snapshot and last-use time).
 */
const USAGE_KEYS = ['usage'] as const;

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

interface Viewer {
  id: number;
  account: string;
  /** A team's main account: sees its sub-accounts' environments. */
  teamMain: boolean;
}

interface EnvRow {
  env_id: string;
  owner_id: number;
  owner: string;
  owner_team: number | null;
  version: number;
  hash: string;
  body: string | null;
  deleted: number;
  seq: number | string;
  /** The device whose push made this version. */
  updated_device: string;
}

/** Why a snapshot was refused, naming the field the schema's first problem is in. */
function snapshotRefused(reason: string): CloudFailure {
  if (reason === 'not JSON') {
    return new CloudFailure('INVALID_PARAMETER', localApiMessages.cloudSnapshotNotJson);
  }
  const cut = reason.indexOf(': ');
  const values =
    cut > 0
      ? { field: reason.slice(0, cut), detail: reason.slice(cut + 2) }
      : { field: '(snapshot)', detail: reason };
  return new CloudFailure('INVALID_PARAMETER', localApiMessages.cloudSnapshotInvalid, values);
}

/** Snapshot text without the usage keys, for comparing what a receiver changed. */
function settingsPart(body: string | null): string {
  if (body === null) return '';
  const parsed = JSON.parse(body) as Record<string, unknown>;
  for (const key of USAGE_KEYS) delete parsed[key];
  return JSON.stringify(parsed);
}

export interface SyncServiceOptions {
  clock?: Clock | undefined;
  quotas?: SyncQuotas;
  /** Wakes envwatch calls after each change (this instance only by default). */
  notifier?: SyncNotifier;
  /** How long envwatch holds a request at most (SYNC_WATCH_HOLD_MS). */
  watchHoldMs?: number | undefined;
}

/**
 * What `viewer` sees: its own environments, those shared with it and, for a team's main account,
 * its members'. One rule for envpull and envwatch, so a watch wakes exactly for what a pull brings.
 */
const visibleTo = (viewer: Viewer) => (eb: ExpressionBuilder<Database, 'sync_env' | 'account'>) =>
  eb.or([
    eb('sync_env.owner_id', '=', viewer.id),
    eb(
      'sync_env.env_id',
      'in',
      eb.selectFrom('sync_share').select('env_id').where('account_id', '=', viewer.id),
    ),
    ...(viewer.teamMain ? [eb('account.team_id', '=', viewer.id)] : []),
  ]);

export function syncService(
  database: CloudDatabase,
  leases: RunLeases,
  options: SyncServiceOptions = {},
) {
  const { db } = database;
  const { clock, quotas } = options;
  const notifier = options.notifier ?? localNotifier();
  const watchHoldMs = options.watchHoldMs ?? SYNC_WATCH_HOLD_MS;
  const now = () => (clock ? clock() : new Date());
  /** Ends every waiting envwatch (graceful shutdown): they answer what they have. */
  const closing = new AbortController();
  let watching = 0;

  async function viewerOf(lease: Lease): Promise<Viewer> {
    const row = await db
      .selectFrom('account')
      .select(['id', 'account', 'type', 'is_team'])
      .where('id', '=', lease.accountId)
      .executeTakeFirstOrThrow();
    return { id: row.id, account: row.account, teamMain: row.type === 0 && row.is_team === 1 };
  }

  async function nextSeq(trx: Transaction<Database>): Promise<number> {
    const row = await trx
      .updateTable('sync_counter')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('id', '=', 1)
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  function envQuery(q: Kysely<Database> | Transaction<Database>) {
    return q
      .selectFrom('sync_env')
      .innerJoin('account', 'account.id', 'sync_env.owner_id')
      .select([
        'sync_env.env_id',
        'sync_env.owner_id',
        'account.account as owner',
        'account.team_id as owner_team',
        'sync_env.version',
        'sync_env.hash',
        'sync_env.body',
        'sync_env.deleted',
        'sync_env.seq',
        'sync_env.updated_device',
      ]);
  }

  async function accessOf(
    q: Kysely<Database> | Transaction<Database>,
    viewer: Viewer,
    row: EnvRow,
  ): Promise<SyncAccess | undefined> {
    if (row.owner_id === viewer.id) return 'owner';
    if (viewer.teamMain && row.owner_team === viewer.id) return 'team';
    const shared = await q
      .selectFrom('sync_share')
      .select('env_id')
      .where('env_id', '=', row.env_id)
      .where('account_id', '=', viewer.id)
      .executeTakeFirst();
    return shared ? 'shared' : undefined;
  }

  /** The environment as `viewer` may manage it (owner or team main), or the failure. */
  async function managed(viewer: Viewer, envId: string): Promise<EnvRow> {
    const row = await envQuery(db).where('sync_env.env_id', '=', envId).executeTakeFirst();
    const access = row && !row.deleted ? await accessOf(db, viewer, row) : undefined;
    if (!row || !access) throw new SyncFailure('ENV_NOT_FOUND');
    if (access === 'shared') throw new SyncFailure('NOT_OWNER');
    return row;
  }

  /**
   * Refuses a snapshot naming chunks its pusher neither put (`account_chunk`) nor can already read
   * through the environment's current version (issue 24: otherwise naming a hash would open
   * another account's bytes through chunkget).
   */
  async function assertChunksHeld(
    trx: Transaction<Database>,
    accountId: number,
    named: readonly string[],
    readable: ReadonlySet<string>,
  ): Promise<void> {
    const rest = named.filter((hash) => !readable.has(hash));
    let held = 0;
    for (const part of slices(rest)) {
      const rows = await trx
        .selectFrom('account_chunk')
        .select('hash')
        .where('account_id', '=', accountId)
        .where('hash', 'in', part)
        .execute();
      held += rows.length;
    }
    if (held < rest.length) throw new SyncFailure('CHUNK_NOT_HELD');
  }

  /** Every account that sees the environment: its owner, the owner's team main, its receivers. */
  async function audienceOf(envId: string): Promise<number[]> {
    const row = await envQuery(db).where('sync_env.env_id', '=', envId).executeTakeFirst();
    if (!row) return [];
    const shares = await db
      .selectFrom('sync_share')
      .select('account_id')
      .where('env_id', '=', envId)
      .execute();
    return [
      row.owner_id,
      ...(row.owner_team === null ? [] : [row.owner_team]),
      ...shares.map((s) => s.account_id),
    ];
  }

  /** Wakes the watchers of everyone who sees `envId` now, plus `also` (a revoked receiver). */
  async function announce(envId: string, also: number[] = []): Promise<void> {
    try {
      notifier.notify([...(await audienceOf(envId)), ...also]);
    } catch {
      // Watchers still answer at the end of their hold; the change itself is committed.
    }
  }

  /** The newest change `viewer` would pull after `since` (a revocation counts), or `since`. */
  async function latestVisible(viewer: Viewer, since: number): Promise<number> {
    const change = await db
      .selectFrom('sync_env')
      .innerJoin('account', 'account.id', 'sync_env.owner_id')
      .select((eb) => eb.fn.max('sync_env.seq').as('seq'))
      .where('sync_env.seq', '>', since)
      .where(visibleTo(viewer))
      .executeTakeFirst();
    const revoke = await db
      .selectFrom('sync_revoke')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('account_id', '=', viewer.id)
      .where('seq', '>', since)
      .executeTakeFirst();
    return Math.max(since, Number(change?.seq ?? since), Number(revoke?.seq ?? since));
  }

  async function accountNamed(name: string) {
    const target = await db
      .selectFrom('account')
      .select(['id', 'account'])
      .where('account', '=', name)
      .executeTakeFirst();
    if (!target) throw new SyncFailure('UNKNOWN_ACCOUNT');
    return target;
  }

  return {
    /**
     * Stores a snapshot (or a deletion) made on `baseVersion`. The body's SHA-256 must be `hash`
     * (-10 data corrupted otherwise: the bytes changed on the way).
     */
    async push(
      lease: Lease,
      input: { envId: string; baseVersion: number; hash?: string | undefined; deleted: boolean },
      body: Buffer | undefined,
    ): Promise<{ env_id: string; version: number; hash: string }> {
      const viewer = await viewerOf(lease);
      const { envId, baseVersion, deleted } = input;
      let text: string | null = null;
      let named: string[] = [];
      let hash = sha256Hex('');
      if (!deleted) {
        if (!body || !input.hash) throw new CloudFailure('INVALID_PARAMETER');
        if (sha256Hex(body) !== input.hash) throw new SyncFailure('DATA_CORRUPTED');
        text = body.toString('utf8');
        // Untrusted input (issue 24): another account may pull it, so it must be a snapshot the
        // contract's schema accepts.
        const checked = checkEnvSnapshot(text);
        if (!checked.ok) throw snapshotRefused(checked.reason);
        named = manifestChunks(checked.snapshot);
        hash = input.hash;
      }
      const at = now().toISOString();
      const pushed = await db.transaction().execute(async (trx) => {
        await touchChunks(trx, named, new Date(at));
        const row = await envQuery(trx).where('sync_env.env_id', '=', envId).executeTakeFirst();
        if (!row) {
          // Nothing to delete is done already; a change based on a version the cloud never had
          // names an environment that is not ours to create.
          if (deleted) return { env_id: envId, version: 0, hash };
          if (baseVersion !== 0) throw new SyncFailure('ENV_NOT_FOUND');
          await assertChunksHeld(trx, viewer.id, named, new Set());
          await quotas?.assertRoom(trx, viewer.id, Buffer.byteLength(text ?? ''));
          const inserted = await trx
            .insertInto('sync_env')
            .values({
              env_id: envId,
              owner_id: viewer.id,
              version: 1,
              hash,
              body: text,
              deleted: 0,
              seq: await nextSeq(trx),
              updated_at: at,
              updated_device: lease.device,
            })
            .onConflict((oc) => oc.column('env_id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
            throw new SyncFailure('VERSION_STALE');
          }
          return { env_id: envId, version: 1, hash };
        }
        const access = await accessOf(trx, viewer, row);
        if (!access) throw new SyncFailure('ENV_NOT_FOUND');
        if (row.deleted && deleted) return { env_id: envId, version: row.version, hash: row.hash };
        // The same bytes again (a retry whose answer was lost): nothing to write.
        if (!deleted && !row.deleted && row.hash === hash) {
          return { env_id: envId, version: row.version, hash };
        }
        // A retry of this device's own push whose answer never arrived (the service died or timed
        // out meanwhile): the cloud's newest version is that push, which the device's copy
        // already holds, so this change goes on top of it instead of becoming a conflict copy.
        const ownLostAnswer =
          row.version === baseVersion + 1 && row.updated_device === lease.device;
        // The owner (or its team's main account) brings back an environment it deleted, from a
        // machine's recycle bin: a copy that no longer knows any cloud version (base 0) goes on
        // top as the next version. A stale edit of a deleted environment is still a conflict.
        const revive = row.deleted === 1 && !deleted && baseVersion === 0 && access !== 'shared';
        if (!revive && ((row.version !== baseVersion && !ownLostAnswer) || row.deleted)) {
          throw new SyncFailure('VERSION_STALE');
        }
        if (access === 'shared') {
          if (deleted) throw new SyncFailure('NOT_OWNER');
          if (settingsPart(row.body) !== settingsPart(text)) {
            throw new SyncFailure('SETTINGS_READ_ONLY');
          }
        }
        await assertChunksHeld(trx, viewer.id, named, new Set(manifestChunksOfText(row.body)));
        // A snapshot's bytes count against its owner's quota, whoever saves it.
        await quotas?.assertRoom(
          trx,
          row.owner_id,
          Buffer.byteLength(text ?? '') - Buffer.byteLength(row.body ?? ''),
        );
        const updated = await trx
          .updateTable('sync_env')
          .set({
            version: row.version + 1,
            hash,
            body: text,
            deleted: deleted ? 1 : 0,
            seq: await nextSeq(trx),
            updated_at: at,
            updated_device: lease.device,
          })
          .where('env_id', '=', envId)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw new SyncFailure('VERSION_STALE');
        return { env_id: envId, version: row.version + 1, hash };
      });
      await announce(envId);
      return pushed;
    },

    /** What changed after `since` among what the caller sees, oldest change first. */
    async pull(lease: Lease, since: number): Promise<EnvPullAnswer> {
      const viewer = await viewerOf(lease);
      const rows = await envQuery(db)
        .where('sync_env.seq', '>', since)
        .where(visibleTo(viewer))
        .orderBy('sync_env.seq')
        .limit(SYNC_PULL_MAX_CHANGES + 1)
        .execute();
      const page: EnvRow[] = [];
      let bytes = 0;
      for (const row of rows.slice(0, SYNC_PULL_MAX_CHANGES)) {
        if (page.length > 0 && bytes + (row.body?.length ?? 0) > SYNC_PULL_MAX_BYTES) break;
        bytes += row.body?.length ?? 0;
        page.push(row);
      }
      const more = page.length < rows.length;
      const last = page.at(-1);
      // With more to come, the cursor stops at the last change sent; revocations up to it go now.
      const revokes = await db
        .selectFrom('sync_revoke')
        .select(['env_id', 'seq'])
        .where('account_id', '=', viewer.id)
        .where('seq', '>', since)
        .$if(more, (q) => q.where('seq', '<=', Number(last!.seq)))
        .execute();
      const cursor = Math.max(
        since,
        last ? Number(last.seq) : since,
        ...(more ? [] : revokes.map((r) => Number(r.seq))),
      );
      const managedIds: string[] = [];
      const changes: EnvChange[] = [];
      for (const row of page) {
        const access: SyncAccess =
          row.owner_id === viewer.id
            ? 'owner'
            : viewer.teamMain && row.owner_team === viewer.id
              ? 'team'
              : 'shared';
        if (access !== 'shared') managedIds.push(row.env_id);
        changes.push({
          env_id: row.env_id,
          owner: row.owner,
          version: row.version,
          hash: row.hash,
          deleted: row.deleted === 1,
          body: row.body,
          access,
          shares: [],
        });
      }
      if (managedIds.length > 0) {
        const shares = await db
          .selectFrom('sync_share')
          .innerJoin('account', 'account.id', 'sync_share.account_id')
          .select(['sync_share.env_id', 'account.account'])
          .where('sync_share.env_id', 'in', managedIds)
          .orderBy('sync_share.created_at')
          .orderBy('account.account')
          .execute();
        for (const change of changes) {
          change.shares = shares.filter((s) => s.env_id === change.env_id).map((s) => s.account);
        }
      }
      return { changes, revoked: revokes.map((r) => r.env_id), cursor, more };
    },

    /** Shares an environment the caller manages with another account (by name). */
    async share(lease: Lease, envId: string, to: string): Promise<void> {
      const viewer = await viewerOf(lease);
      const target = await accountNamed(to);
      if (target.id === viewer.id) throw new SyncFailure('SHARE_TO_SELF');
      const row = await managed(viewer, envId);
      if (target.id === row.owner_id) throw new SyncFailure('SHARE_TO_SELF');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sync_share')
          .values({ env_id: envId, account_id: target.id, created_at: now().toISOString() })
          .onConflict((oc) => oc.columns(['env_id', 'account_id']).doNothing())
          .execute();
        await trx
          .deleteFrom('sync_revoke')
          .where('account_id', '=', target.id)
          .where('env_id', '=', envId)
          .execute();
        // A new change: the receiver's next pull brings the environment, the owner's its shares.
        await trx
          .updateTable('sync_env')
          .set({ seq: await nextSeq(trx) })
          .where('env_id', '=', envId)
          .execute();
      });
      await announce(envId);
    },

    /**
     * Ends a share; the receiver's next pull removes its copy. Its manager ends any share; a
     * receiver ends its own (it leaves: the owner keeps the environment).
     */
    async unshare(lease: Lease, envId: string, to: string): Promise<void> {
      const viewer = await viewerOf(lease);
      const target = await accountNamed(to);
      if (target.id !== viewer.id) await managed(viewer, envId);
      await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('sync_share')
          .where('env_id', '=', envId)
          .where('account_id', '=', target.id)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) return;
        const seq = await nextSeq(trx);
        await trx
          .insertInto('sync_revoke')
          .values({ account_id: target.id, env_id: envId, seq })
          .onConflict((oc) => oc.columns(['account_id', 'env_id']).doUpdateSet({ seq }))
          .execute();
        await trx
          .updateTable('sync_env')
          .set({ seq: await nextSeq(trx) })
          .where('env_id', '=', envId)
          .execute();
      });
      await announce(envId, [target.id]);
    },

    /**
     * Answers as soon as a change the caller would pull after `since` exists: at once, or when
     * one is committed (on any instance) within the hold time; `changed: false` at its end, when
     * the client goes (`signal`), or when the cloud shuts down.
     */
    async watch(lease: Lease, since: number, signal?: AbortSignal): Promise<EnvWatchAnswer> {
      const viewer = await viewerOf(lease);
      let wake: (() => void) | undefined;
      let woken = false;
      // Subscribed before the first look, so that a change committed in between is not missed.
      const unsubscribe = notifier.subscribe(viewer.id, () => {
        woken = true;
        wake?.();
      });
      const deadline = Date.now() + watchHoldMs;
      watching += 1;
      try {
        for (;;) {
          woken = false;
          const cursor = await latestVisible(viewer, since);
          if (cursor > since) return { cursor, changed: true };
          const left = deadline - Date.now();
          if (left <= 0 || signal?.aborted || closing.signal.aborted) {
            return { cursor: since, changed: false };
          }
          if (woken) continue;
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', done);
              closing.signal.removeEventListener('abort', done);
              wake = undefined;
              resolve();
            };
            const timer = setTimeout(done, left);
            signal?.addEventListener('abort', done, { once: true });
            closing.signal.addEventListener('abort', done, { once: true });
            wake = done;
          });
        }
      } finally {
        watching -= 1;
        unsubscribe();
      }
    },

    /** envwatch calls waiting now (the metrics' gauge; tests check none is left behind). */
    watching: () => watching,

    /** Answers every waiting envwatch now (the cloud is shutting down). */
    closeWatches(): void {
      closing.abort();
    },

    /** Whether closeWatches was called. */
    closing: () => closing.signal.aborted,

    /**
     * Takes the run lease of an environment for the caller's device. Another device's lease
     * answers ENV_IN_USE (running) or ENV_UPLOADING (its stop still uploads).
     */
    async lease(
      lease: Lease,
      envId: string,
      state: 'running' | 'uploading',
    ): Promise<{ env_id: string; version: number; hash: string; expires_in_ms: number }> {
      const viewer = await viewerOf(lease);
      const row = await envQuery(db).where('sync_env.env_id', '=', envId).executeTakeFirst();
      if (row && (row.deleted || !(await accessOf(db, viewer, row)))) {
        throw new SyncFailure('ENV_NOT_FOUND');
      }
      const held = await leases.acquire(
        envId,
        { accountId: viewer.id, device: lease.device, state },
        LEASE_TIMEOUT_MS,
      );
      if (held) throw new SyncFailure(held.state === 'uploading' ? 'ENV_UPLOADING' : 'ENV_IN_USE');
      return {
        env_id: envId,
        version: row?.version ?? 0,
        hash: row?.hash ?? '',
        expires_in_ms: LEASE_TIMEOUT_MS,
      };
    },

    /**
     * Whether the caller may fetch a profile chunk through an environment it sees (shared with
     * it, or its team's): the chunk must belong to the environment's current profile snapshot,
     * and (should a snapshot ever name a chunk its pusher did not hold) to an account that sees
     * the environment: its owner, the owner's team main account, or one it is shared with.
     */
    async mayReadChunk(lease: Lease, envId: string, hash: string): Promise<boolean> {
      const viewer = await viewerOf(lease);
      const row = await envQuery(db).where('sync_env.env_id', '=', envId).executeTakeFirst();
      if (!row || row.deleted || !row.body || !(await accessOf(db, viewer, row))) return false;
      if (!manifestChunksOfText(row.body).includes(hash)) return false;
      const holder = await db
        .selectFrom('account_chunk')
        .select('account_id')
        .where('hash', '=', hash)
        .where((eb) =>
          eb.or([
            eb('account_id', '=', row.owner_id),
            ...(row.owner_team === null ? [] : [eb('account_id', '=', row.owner_team)]),
            eb(
              'account_id',
              'in',
              eb.selectFrom('sync_share').select('account_id').where('env_id', '=', envId),
            ),
          ]),
        )
        .executeTakeFirst();
      return Boolean(holder);
    },

    async release(lease: Lease, envId: string): Promise<void> {
      await leases.release(envId, { accountId: lease.accountId, device: lease.device });
    },
  };
}
export type SyncService = ReturnType<typeof syncService>;
