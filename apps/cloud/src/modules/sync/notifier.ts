/**
 * Tells waiting envwatch calls that something their account sees changed (issue 24: changes
 * arrive live). Each commit of a push, share or unshare names the accounts that see the
 * environment; their watchers on this instance wake at once, and with Redis (REDIS_URL) every
 * other instance hears it through one pub/sub channel. While Redis is away, other instances'
 * watchers fall back to their hold time and the local API's timer.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface SyncNotifier {
  /** The watchers of these accounts (on every instance) re-check now. */
  notify(accountIds: readonly number[]): void;
  /** Calls `wake` on each change for `accountId` until the returned function is called. */
  subscribe(accountId: number, wake: () => void): () => void;
  close(): Promise<void>;
}

function localHub() {
  const watchers = new Map<number, Set<() => void>>();
  return {
    wake(accountIds: readonly number[]) {
      for (const id of new Set(accountIds)) for (const wake of watchers.get(id) ?? []) wake();
    },
    subscribe(accountId: number, wake: () => void) {
      let set = watchers.get(accountId);
      if (!set) watchers.set(accountId, (set = new Set()));
      set.add(wake);
      return () => {
        set.delete(wake);
        if (set.size === 0 && watchers.get(accountId) === set) watchers.delete(accountId);
      };
    },
  };
}

/** Watchers of this instance only (no Redis). */
export function localNotifier(): SyncNotifier {
  const hub = localHub();
  return { notify: hub.wake, subscribe: hub.subscribe, close: async () => {} };
}

/**
 * Watchers of every instance sharing `redis`: published on `<prefix>sync-changes`, heard on a
 * second connection (a subscribed connection takes no other commands).
 */
export async function redisNotifier(
  redis: Redis,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<SyncNotifier> {
  const hub = localHub();
  const channel = `${prefix}sync-changes`;
  const origin = randomUUID();
  const subscriber = redis.duplicate();
  subscriber.on('error', () => {
    // The main client logs Redis going away; this one reconnects on its own.
  });
  // (Re)subscribes on every connect: the first one may fail while Redis is away.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).catch(() => {});
  });
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      const message = JSON.parse(text) as { origin?: string; accounts?: unknown };
      if (message.origin === origin || !Array.isArray(message.accounts)) return;
      hub.wake(message.accounts.filter((id): id is number => typeof id === 'number'));
    } catch {
      // Not ours: ignored.
    }
  });
  await subscriber.connect().catch(() => {});
  return {
    notify(accountIds) {
      if (accountIds.length === 0) return;
      hub.wake(accountIds);
      redis
        .publish(channel, JSON.stringify({ origin, accounts: [...new Set(accountIds)] }))
        .catch((error: Error) =>
          log.debug({ err: { message: error.message } }, 'sync change not published'),
        );
    },
    subscribe: hub.subscribe,
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
