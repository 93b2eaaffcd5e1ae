/**
 * The store of profile chunks (issue 13): objects named by the SHA-256 of their raw bytes, kept
 * once whoever sends them (`chunk`), and which account sent which (`account_chunk`). Every read
 * and every question is scoped by the caller's account, so an account cannot learn by hash what
 * another one stores; reading through a shared environment is the injected check's decision.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CHUNK_MAX_BYTES, chunkMessages } from '@hainiao/contract';
import type { CloudDatabase } from '../../db/database.ts';
import type { FileStore } from '../../storage/files.ts';
import type { Clock } from '../accounts/service.ts';
import type { Lease } from '../credentials/service.ts';
import { CloudFailure, MainCodeFailure } from '../domain-errors.ts';
import type { SyncQuotas } from '../sync/quotas.ts';
import { touchChunks } from './manifest.ts';

/** The object store of one shard: the chunks whose hash starts with `shard` (2 hex digits). */
export type ChunkObjects = (shard: string) => FileStore;

/**
 * Whether the lease's account may read `hash` through environment `envId` (shared with it, or
 * of its team) although it did not send the chunk itself.
 */
export type ReadThroughEnvironment = (
  lease: Lease,
  envId: string,
  hash: string,
) => Promise<boolean>;

export interface ChunkServiceOptions {
  database: CloudDatabase;
  objects: ChunkObjects;
  /** Default: never (only the account's own chunks are readable). */
  mayReadThroughEnvironment?: ReadThroughEnvironment;
  /** The account's byte quota (modules/sync/quotas.ts); none without it. */
  quotas?: SyncQuotas;
  clock?: Clock;
}

const unbrotli = promisify(zlib.brotliDecompress);

export function chunkService(options: ChunkServiceOptions) {
  const { db } = options.database;
  const clock = options.clock ?? (() => new Date());
  const mayReadThrough: ReadThroughEnvironment =
    options.mayReadThroughEnvironment ?? (async () => false);
  const shards = new Map<string, FileStore>();
  const storeOf = (hash: string) => {
    const shard = hash.slice(0, 2);
    let store = shards.get(shard);
    if (!store) shards.set(shard, (store = options.objects(shard)));
    return store;
  };

  const owns = async (accountId: number, hash: string) =>
    Boolean(
      await db
        .selectFrom('account_chunk')
        .select('hash')
        .where('account_id', '=', accountId)
        .where('hash', '=', hash)
        .executeTakeFirst(),
    );

  return {
    /** The hashes (in the order asked, each once) the caller's account has not stored. */
    async missing(lease: Lease, hashes: readonly string[]): Promise<string[]> {
      const asked = [...new Set(hashes)];
      if (asked.length === 0) return [];
      const held = await db
        .selectFrom('account_chunk')
        .select('hash')
        .where('account_id', '=', lease.accountId)
        .where('hash', 'in', asked)
        .execute();
      const have = new Set(held.map((row) => row.hash));
      return asked.filter((hash) => !have.has(hash));
    },

    /**
     * Stores a brotli-compressed chunk for the caller's account after checking that it
     * decompresses to at most CHUNK_MAX_BYTES whose SHA-256 is `hash` (else -10, data
     * corrupted). The object is written once; a later sender only gains its row.
     */
    async put(lease: Lease, hash: string, compressed: Buffer) {
      let raw: Buffer;
      try {
        raw = await unbrotli(compressed, { maxOutputLength: CHUNK_MAX_BYTES });
      } catch (error) {
        const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
        throw tooLarge
          ? new CloudFailure('INVALID_PARAMETER', chunkMessages.tooLarge, {
              limit: CHUNK_MAX_BYTES,
            })
          : new CloudFailure('INVALID_PARAMETER', chunkMessages.notCompressed);
      }
      if (createHash('sha256').update(raw).digest('hex') !== hash) {
        throw new MainCodeFailure('DATA_CORRUPTED', chunkMessages.hashMismatch, { hash });
      }
      const known = await db
        .selectFrom('chunk')
        .select(['size', 'stored_size'])
        .where('hash', '=', hash)
        .executeTakeFirst();
      // A chunk counts against the quota of every account that holds it, from its first put.
      if (options.quotas && !(await owns(lease.accountId, hash))) {
        await options.quotas.assertRoom(
          db,
          lease.accountId,
          known?.stored_size ?? compressed.length,
        );
      }
      if (known) await touchChunks(db, [hash], clock());
      if (!known) {
        const store = storeOf(hash);
        try {
          await store.put(hash, compressed);
        } catch (error) {
          // Another sender of the same bytes got there first: its object is as good as ours.
          if (!(await store.has(hash))) throw error;
        }
        await db
          .insertInto('chunk')
          .values({
            hash,
            size: raw.length,
            stored_size: compressed.length,
            created_at: clock().toISOString(),
          })
          .onConflict((oc) => oc.column('hash').doNothing())
          .execute();
      }
      await db
        .insertInto('account_chunk')
        .values({ account_id: lease.accountId, hash })
        .onConflict((oc) => oc.columns(['account_id', 'hash']).doNothing())
        .execute();
      return known ?? { size: raw.length, stored_size: compressed.length };
    },

    /**
     * The compressed chunk, when the caller's account sent it or may read it through `envId`;
     * otherwise 404 (the same answer whether or not someone else holds it).
     */
    async get(lease: Lease, hash: string, envId?: string): Promise<Buffer> {
      const allowed =
        (await owns(lease.accountId, hash)) ||
        (Boolean(envId) && (await mayReadThrough(lease, envId!, hash)));
      const opened = allowed ? await storeOf(hash).read(hash) : null;
      if (!opened) throw new CloudFailure('NOT_FOUND', chunkMessages.notFound, { hash });
      const parts: Buffer[] = [];
      for await (const part of opened) parts.push(part as Buffer);
      return Buffer.concat(parts);
    },
  };
}
export type ChunkService = ReturnType<typeof chunkService>;
