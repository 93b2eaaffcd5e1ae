/**
 * Cloud sync of the account's environments (issue 13). Every local change is queued by the store
 * (store/sync.ts) and pushed; what changed in the cloud is pulled on login, as soon as the cloud's
 * watch call says something changed (issue 24), on a timer as the fallback, and before a start
 * when the cloud holds a newer version. The rules:
 *  - A push names the cloud version it was made on. If the cloud moved on meanwhile (another
 *    machine wrote first), nothing is lost: the local change becomes a new environment named
 *    "<name> (conflict <time>)", and the original takes the cloud's version. A deletion made on an
 *    old version is dropped instead (the environment comes back as the cloud has it).
 *  - Offline, changes wait in the queue (it survives restarts) and go when the cloud answers.
 *  - One machine at a time runs an environment: a start takes the environment's run lease in the
 *    cloud; another machine's running browser answers -7, its unfinished upload -7 Login_Uping,
 *    a newer version that cannot be fetched -9, a copy whose checksum fails -10. A cloud that
 *    cannot be reached at all does not stop a start (offline work), it only skips the lease.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_NAME_MAX, SyncCodes, localApiMessages, type Lang } from '@hainiao/contract';
import type { AccountAuth, Login } from '../account/auth.ts';
import { CloudCallError, type CloudClient } from '../cloud/client.ts';
import { cloudReason, withReason } from './cloud-reason.ts';
import { checkRemoteSnapshot } from './remote-snapshot.ts';
import { DomainError } from '../model/errors.ts';
import type { CloudEnvChange, EnvSnapshot } from '../model/sync.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import type { OutboxEntry, SyncStore } from '../store/sync.ts';

const S = SyncCodes.code;
const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** How often a logged-in service pushes, pulls and renews its run leases. */
export const SYNC_INTERVAL_MS = 30_000;
/** The longest wait between two watches of a cloud that fails them (the timer still syncs). */
const WATCH_BACKOFF_MAX_MS = 30_000;
/** Uploads in flight at once. */
const PUSH_PARALLEL = 6;
/** How long a start waits for a newer version (and profile) from the cloud before -9. */
export const SYNC_START_TIMEOUT_MS = 60_000;

/** The profile folder's transfer (domain/profile-sync.ts), when an environment's profile travels. */
export interface ProfileTransfer {
  /** Uploads the profile after a stop: its new snapshot, or null when it does not travel. */
  upload(
    envId: string,
    previous: EnvSnapshot['usage']['profile'],
  ): Promise<EnvSnapshot['usage']['profile']>;
  /** Restores `profile` into the environment's folder unless it is there already. */
  download(envId: string, profile: NonNullable<EnvSnapshot['usage']['profile']>): Promise<void>;
  /** Whether the environment's profile travels (its setting). */
  travels(envId: string): boolean;
}

export interface SyncDeps {
  store: SyncStore;
  envs: EnvironmentStore;
  cloud: CloudClient;
  auth: AccountAuth;
  isRunning: (envId: string) => boolean;
  log: (line: string) => void;
  intervalMs?: number;
  startTimeoutMs?: number;
  profiles?: ProfileTransfer;
  /**
   * Learns the library's hashes of its script versions (a start of a pulled environment whose
   * library script this machine never assigned needs them to run it: store `runnableScript`).
   */
  refreshLibrary?: (login: Login) => Promise<void>;
  /** Whether the environment's active script waits for the library's hash (see above). */
  scriptUnverified?: (envId: string) => boolean;
}

const isOffline = (error: unknown) =>
  error instanceof CloudCallError && (error.kind === 'timeout' || error.kind === 'unreachable');
const codeOf = (error: unknown) => (error instanceof CloudCallError ? error.code : undefined);

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CloudCallError('timeout', `${what}: no answer in ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** A share or unshare the cloud refused, as the local call answers it. */
function shareFailure(error: unknown, to: string): DomainError {
  const code = codeOf(error);
  const values = { account: to };
  if (code === S.UNKNOWN_ACCOUNT) {
    return new DomainError('UNKNOWN_EXCEPTION', localApiMessages.shareUnknownUser, values);
  }
  if (code === S.SHARE_TO_SELF)
    return new DomainError('UNKNOWN_EXCEPTION', localApiMessages.shareToSelf);
  // Re-sharing what one does not own is a missing right (-11); an unreachable cloud a server
  // access error (-5), both main codes.
  if (code === S.NOT_OWNER || code === S.ENV_NOT_FOUND) {
    return new DomainError('NO_WRITE_PERMISSION', localApiMessages.shareNotOwner);
  }
  return new DomainError(
    'LOGIN_SERVER_ERROR',
    withReason(localApiMessages.shareNeedsCloud, cloudReason(error)),
  );
}

/** "<name> (conflict 2026-11-24 10:30)", within the name's limit. */
function conflictName(name: string, at: Date): string {
  const suffix = ` (conflict ${at.toISOString().slice(0, 16).replace('T', ' ')})`;
  return name.slice(0, Math.max(0, SESSION_NAME_MAX - suffix.length)) + suffix;
}

export function syncEngine(deps: SyncDeps) {
  const { store, envs, cloud, auth } = deps;
  const interval = deps.intervalMs ?? SYNC_INTERVAL_MS;
  const startTimeout = deps.startTimeoutMs ?? SYNC_START_TIMEOUT_MS;
  const lang: Lang = 'en';
  /** Environments whose cloud copy failed its checksum (a start answers -10). */
  const corrupted = new Set<string>();
  /** Cloud changes not applied because the browser was running: pulled again once it stops. */
  const deferred = new Set<string>();
  /** Run leases this machine holds (renewed on every tick). */
  const leased = new Set<string>();
  /**
   * Environments started while the cloud could not be reached (no run lease) whose stop has not
   * uploaded yet: retried on every tick until the cloud answers, so a profile used offline is not
   * left behind on this machine.
   */
  const unsent = new Set<string>();
  /** Uploads after a stop still in flight, by environment (`ended`). */
  const ending = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let kickTimer: NodeJS.Timeout | undefined;
  /** The live watch of the current login (watch), ended by a logout, a switch or a stop. */
  let watching: AbortController | undefined;
  let inFlight: Promise<void> | undefined;
  /** The round that starts once the one in flight ends, shared by the calls made meanwhile. */
  let queued: Promise<void> | undefined;
  let lastError: string | undefined;
  /** When the last round that ended well began: every cloud change made before it is here. */
  let syncedAt: Date | undefined;

  const device = () => auth.device;
  // Changes made from now on are this login's (mayPush).
  auth.onChange((login) => {
    store.setAuthor(login?.account ?? '');
    syncedAt = undefined;
    // The watch belongs to one login: a new one starts with `started`.
    watching?.abort();
    watching = undefined;
  });
  store.setAuthor(auth.current?.account ?? '');

  /**
   * Whether `login` may upload this queued change (the cloud checks again): a change goes up
   * under the account that made it, never under another account logged in later.
   */
  function mayPush(login: Login, entry: OutboxEntry): boolean {
    if (entry.author) return entry.author === login.account;
    if (entry.owner === login.account) return true;
    if (entry.deleted) return login.type === 0;
    return envs.visible(login.account, entry.envId) !== undefined;
  }

  async function pushOne(login: Login, entry: OutboxEntry): Promise<void> {
    const base = store.state(entry.envId).version;
    try {
      if (entry.deleted) {
        await cloud.envPush(
          login.token,
          { device: device(), env_id: entry.envId, base_version: base },
          null,
          lang,
        );
        store.uploaded(entry);
        store.dropState(entry.envId);
        return;
      }
      const current = store.snapshot(entry.envId);
      if (!current) {
        store.discard(entry.envId);
        return;
      }
      // An environment shared with this account goes back with its owner's settings as the
      // cloud has them, and this machine's usage (cookies, fingerprint, profile): the receiver may
      // change only those, and whatever the browser wrote meanwhile must not cost the cookies.
      let snapshot = current.snapshot;
      const ownerPart =
        envs.visible(login.account, entry.envId)?.owned === false && store.baseOf(entry.envId);
      if (ownerPart) snapshot = { ...ownerPart, usage: current.snapshot.usage };
      const body = Buffer.from(JSON.stringify(snapshot));
      const answer = await cloud.envPush(
        login.token,
        { device: device(), env_id: entry.envId, base_version: base, hash: sha256(body) },
        body,
        lang,
      );
      store.setState(entry.envId, answer.version, answer.hash);
      store.uploaded(entry);
    } catch (error) {
      const code = codeOf(error);
      if (code === S.VERSION_STALE) return resolveConflict(login, entry);
      const refused =
        code === S.SETTINGS_READ_ONLY ||
        code === S.NOT_OWNER ||
        // Not found for another owner's change: it waits for that owner's login.
        (code === S.ENV_NOT_FOUND && entry.owner === login.account);
      if (refused) {
        // The cloud's copy wins for good; the next full pull brings it back as it is there.
        deps.log(
          `sync: ${entry.envId} refused by the cloud (${(error as Error).message}); its cloud copy is kept`,
        );
        store.discard(entry.envId);
        store.setCursor(login.account, 0);
        return;
      }
      store.failed(entry.envId);
      throw error;
    }
  }

  /** Another machine wrote first: keep ours as a conflict copy, take the cloud's. */
  function resolveConflict(login: Login, entry: OutboxEntry): void {
    const current = entry.deleted ? undefined : store.snapshot(entry.envId);
    if (current) {
      const copyId = randomBytes(16).toString('hex');
      const snapshot: EnvSnapshot = {
        ...current.snapshot,
        env: { ...current.snapshot.env, name: conflictName(current.snapshot.env.name, new Date()) },
        // A new environment: its own fingerprint at its first start, no profile yet.
        usage: { ...current.snapshot.usage, fingerprint: null, profile: null },
      };
      // The copy is the author's: the account whose change it holds.
      store.insertLocal(copyId, login.account, snapshot);
      deps.log(
        `sync: ${entry.envId} changed on another machine first; this machine's change is kept as ${copyId}`,
      );
    }
    store.discard(entry.envId);
    store.dropState(entry.envId);
    // The next pull starts over, so that the cloud's version replaces ours.
    store.setCursor(login.account, 0);
  }

  /** Pushes what waits, PUSH_PARALLEL at a time (environments are independent of each other). */
  async function pushAll(login: Login): Promise<void> {
    const queue = store.outbox().filter((entry) => mayPush(login, entry));
    let failure: unknown;
    const worker = async () => {
      for (let entry = queue.shift(); entry && failure === undefined; entry = queue.shift()) {
        if (auth.current !== login) return;
        await pushOne(login, entry).catch((error: unknown) => (failure ??= error));
      }
    };
    await Promise.all(Array.from({ length: PUSH_PARALLEL }, worker));
    if (failure !== undefined) throw failure;
  }

  /** A pulled copy refused here: recorded (the manager shows it) and logged; the pull goes on. */
  function skip(login: Login, change: CloudEnvChange, reason: string): void {
    store.skip(login.account, change, reason);
    deps.log(
      `sync: ${change.envId} of ${change.owner} (version ${change.version}) skipped: ${reason}`,
    );
  }

  function applyChange(login: Login, change: CloudEnvChange): void {
    if (store.pending(change.envId)) return; // ours goes up first; a conflict resets the cursor
    const local = store.state(change.envId);
    if (change.deleted) {
      if (deps.isRunning(change.envId)) return void deferred.add(change.envId);
      if (envs.visible(login.account, change.envId) || local.version > 0)
        store.removeLocal(change.envId);
      store.unskip(login.account, change.envId);
      return;
    }
    if (change.body === null || sha256(change.body) !== change.hash) {
      corrupted.add(change.envId);
      deps.log(`sync: the cloud copy of ${change.envId} fails its checksum; not used`);
      return;
    }
    corrupted.delete(change.envId);
    if (local.version !== change.version || local.hash !== change.hash) {
      // A running browser keeps its copy; the change is pulled again once it stops.
      if (deps.isRunning(change.envId)) return void deferred.add(change.envId);
      const checked = checkRemoteSnapshot(change.body);
      if (!checked.ok) return skip(login, change, checked.reason);
      try {
        store.apply(change.envId, change.owner, checked.snapshot, change.version, change.hash);
      } catch (error) {
        // One copy the store cannot take must not stop every later change from arriving.
        return skip(login, change, (error as Error).message);
      }
    }
    store.unskip(login.account, change.envId);
    const shares = change.access === 'shared' ? [login.account] : change.shares;
    store.setAudience(change.envId, shares, change.access === 'team' ? login.account : undefined);
  }

  async function pullAll(login: Login): Promise<void> {
    for (;;) {
      const since = store.cursor(login.account);
      const answer = await cloud.envPull(login.token, since, lang);
      if (auth.current !== login) return;
      for (const change of answer.changes) applyChange(login, change);
      for (const envId of answer.revoked) {
        const visible = envs.visible(login.account, envId);
        if (visible && visible.record.owner !== login.account && !deps.isRunning(envId)) {
          store.removeLocal(envId);
        }
        store.unskip(login.account, envId);
      }
      store.setCursor(login.account, answer.cursor);
      if (!answer.more) return;
    }
  }

  async function renewLeases(login: Login): Promise<void> {
    for (const envId of leased) {
      if (!deps.isRunning(envId)) continue;
      await cloud
        .envLease(login.token, device(), envId, 'running', lang)
        .catch((error: unknown) => {
          if (!isOffline(error))
            deps.log(`sync: run lease of ${envId}: ${(error as Error).message}`);
        });
    }
  }

  /** One round: push what waits, pull what changed (one at a time; a call meanwhile runs after). */
  function syncNow(): Promise<void> {
    // A round already running may have read the queue before this call's change: the caller
    // waits for a round that starts after it (one for every call made meanwhile), so a share,
    // a switch's flush or a stop's upload always covers what was changed before it.
    if (inFlight) {
      queued ??= inFlight
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return syncNow();
        });
      return queued;
    }
    const login = auth.current;
    if (!login) return Promise.resolve();
    inFlight = (async () => {
      const began = new Date();
      try {
        await pushAll(login);
        // A change deferred while its browser ran: a full pull brings it now it has stopped.
        if ([...deferred].some((id) => !deps.isRunning(id))) {
          deferred.clear();
          store.setCursor(login.account, 0);
        }
        // (A conflict in the push reset the cursor: this pull brings the cloud's version.)
        await pullAll(login);
        await renewLeases(login);
        lastError = undefined;
        if (auth.current === login) syncedAt = began;
      } catch (error) {
        lastError = (error as Error).message;
        if (!isOffline(error)) deps.log(`sync: ${lastError}`);
        throw error;
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  }

  /** What `ended` does: upload while holding the lease as "uploading", then release it. */
  async function uploadAfterStop(envId: string): Promise<void> {
    const login = auth.current;
    if (!login || (!leased.has(envId) && !unsent.has(envId))) return;
    try {
      await cloud.envLease(login.token, device(), envId, 'uploading', lang);
      // Held now (a start made offline took none): the finally gives it back.
      leased.add(envId);
      unsent.delete(envId);
      if (deps.profiles?.travels(envId)) {
        const previous = store.profileOf(envId);
        const profile = await deps.profiles.upload(envId, previous);
        if (profile && profile.hash !== previous?.hash) store.setProfile(envId, profile);
      }
      await syncNow();
    } catch (error) {
      const code = codeOf(error);
      // Another machine took it meanwhile: its copy wins, nothing of ours to send.
      if (code === S.ENV_IN_USE || code === S.ENV_UPLOADING || code === S.ENV_NOT_FOUND) {
        unsent.delete(envId);
      }
      deps.log(`sync: upload after stop of ${envId}: ${(error as Error).message}`);
    } finally {
      await engine.release(envId);
    }
  }

  /** The stops of offline starts that could not upload yet (see `unsent`). */
  async function uploadUnsent(): Promise<void> {
    for (const envId of [...unsent]) {
      if (!deps.isRunning(envId)) await engine.ended(envId);
    }
  }

  /** Resolves after `ms`, or at once when `signal` ends the wait. */
  const pause = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const wait = setTimeout(resolve, ms);
      wait.unref();
      signal.addEventListener('abort', () => (clearTimeout(wait), resolve()), { once: true });
    });

  /**
   * Changes arrive live: the cloud holds a watch call open until something this account sees
   * changes after its cursor (a share, an unshare, another machine's push), then this machine
   * pulls at once. A cloud that fails the watch (away, older) is watched again later, with the
   * timer as the fallback.
   */
  async function watch(login: Login, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted && auth.current === login) {
      const since = store.cursor(login.account);
      try {
        const answer = await cloud.envWatch(login.token, device(), since, lang, signal);
        failures = 0;
        if (!answer.changed) continue;
        await syncNow().catch(() => undefined);
        // A pull that could not move the cursor (it failed): do not ask again at once.
        if (store.cursor(login.account) <= since) await pause(1_000, signal);
      } catch {
        if (signal.aborted) return;
        failures += 1;
        await pause(Math.min(WATCH_BACKOFF_MAX_MS, 500 * 2 ** failures), signal);
      }
    }
  }

  function startWatch(): void {
    watching?.abort();
    const login = auth.current;
    if (!login) return;
    const controller = new AbortController();
    watching = controller;
    void watch(login, controller.signal);
  }

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      void syncNow()
        .catch(() => undefined)
        .then(uploadUnsent)
        .finally(() => {
          if (auth.current) schedule();
        });
    }, interval);
    timer.unref();
  }

  const engine = {
    syncNow,
    get lastError() {
      return lastError;
    },

    /**
     * For the manager: the current login's changes not yet in the cloud, and since when this
     * machine holds everything the cloud had (the start of the last round that ended well).
     */
    status(): { pending: number; syncedAt: string | null } {
      const login = auth.current;
      if (!login) return { pending: 0, syncedAt: null };
      return {
        pending: store.outbox().filter((entry) => mayPush(login, entry)).length,
        syncedAt: syncedAt?.toISOString() ?? null,
      };
    },

    /** After a login: sync at once, then on the timer. Never throws (offline works). */
    async started(): Promise<void> {
      schedule();
      startWatch();
      await syncNow().catch(() => undefined);
    },

    stopped(): void {
      if (timer) clearTimeout(timer);
      if (kickTimer) clearTimeout(kickTimer);
      timer = kickTimer = undefined;
      watching?.abort();
      watching = undefined;
      leased.clear();
      unsent.clear();
    },

    /**
     * Before a logout: push what waits, send what offline runs left, and give back every run
     * lease this machine holds.
     */
    async flush(): Promise<void> {
      await syncNow().catch(() => undefined);
      // A browser stopped just before the logout may still be uploading: its profile must go.
      await Promise.all(ending.values());
      await uploadUnsent();
      for (const envId of [...leased]) await this.release(envId);
    },

    /** A change was made: push it soon (changes made together go in one round). */
    kick(): void {
      if (!auth.current || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        // Only what this login may push: another account's queued changes wait for its login.
        const login = auth.current;
        if (login && store.outbox().some((entry) => mayPush(login, entry))) {
          void syncNow().catch(() => undefined);
        }
      }, 200);
      kickTimer.unref();
    },

    /**
     * Before a start: the run lease, and the cloud's newer version (and profile) if there is one.
     * Throws the start's failure (a DomainError) when the environment may not start here now.
     */
    async beforeStart(envId: string): Promise<void> {
      const login = auth.current;
      if (corrupted.has(envId))
        throw new DomainError('DATA_CORRUPTED', localApiMessages.syncCorrupted);
      if (!login) return;
      let cloudVersion;
      try {
        cloudVersion = await withTimeout(
          cloud.envLease(login.token, device(), envId, 'running', lang),
          startTimeout,
          'envlease',
        );
      } catch (error) {
        const code = codeOf(error);
        if (code === S.ENV_IN_USE)
          throw new DomainError('ENV_RUNNING', localApiMessages.syncRunningElsewhere);
        if (code === S.ENV_UPLOADING)
          throw new DomainError('LOGIN_UPING', localApiMessages.syncUploading);
        if (code === S.ENV_NOT_FOUND)
          throw new DomainError('SESSION_NOT_FOUND', localApiMessages.syncGone);
        deps.log(`sync: no run lease for ${envId} (${(error as Error).message}); starting offline`);
        unsent.add(envId);
        return;
      }
      leased.add(envId);
      const local = store.state(envId);
      const behind =
        cloudVersion.version > local.version ||
        (cloudVersion.version === local.version &&
          cloudVersion.version > 0 &&
          cloudVersion.hash !== local.hash);
      try {
        if (behind) {
          await withTimeout(syncNow(), startTimeout, 'sync');
          if (corrupted.has(envId))
            throw new DomainError('DATA_CORRUPTED', localApiMessages.syncCorrupted);
          if (store.state(envId).version < cloudVersion.version) {
            throw new DomainError(
              'SYNC_TIMEOUT',
              withReason(localApiMessages.syncTimeout, localApiMessages.reasonNewerNotArrived),
            );
          }
        }
        if (deps.scriptUnverified?.(envId)) {
          // Without the library's hash the script does not run; the start goes on either way.
          await withTimeout(deps.refreshLibrary!(login), startTimeout, 'library').catch(
            (error: unknown) => deps.log(`sync: library of ${envId}: ${(error as Error).message}`),
          );
        }
        const profile = store.profileOf(envId);
        if (profile && deps.profiles?.travels(envId)) {
          await withTimeout(
            deps.profiles.download(envId, profile),
            startTimeout,
            'profile download',
          );
        }
      } catch (error) {
        await this.release(envId);
        if (error instanceof DomainError) throw error;
        throw new DomainError(
          'SYNC_TIMEOUT',
          withReason(localApiMessages.syncTimeout, cloudReason(error)),
        );
      }
    },

    /**
     * After a browser ended (cookies saved): upload while holding the lease as "uploading", so
     * another machine waits (-7) rather than starting an old copy; then release it.
     */
    ended(envId: string): Promise<void> {
      // One upload per environment at a time; a logout waits for those in flight (flush).
      const running = ending.get(envId);
      if (running) return running;
      const work = uploadAfterStop(envId).finally(() => ending.delete(envId));
      ending.set(envId, work);
      return work;
    },

    /**
     * Shares an environment the account manages through the cloud (uploaded first if it waits).
     * The cloud's refusals come back as the call's messages.
     */
    async share(envId: string, to: string): Promise<void> {
      const login = auth.current;
      if (!login) return;
      try {
        if (store.pending(envId) || store.state(envId).version === 0) await syncNow();
        if (store.state(envId).version === 0) {
          const reason = localApiMessages.reasonNotInCloud;
          throw new CloudCallError('refused', reason.en, undefined, reason);
        }
        await cloud.envShare(login.token, envId, to, lang);
      } catch (error) {
        throw shareFailure(error, to);
      }
      await syncNow().catch(() => undefined);
    },

    async unshare(envId: string, to: string): Promise<void> {
      const login = auth.current;
      if (!login) return;
      try {
        await cloud.envUnshare(login.token, envId, to, lang);
      } catch (error) {
        throw shareFailure(error, to);
      }
      await syncNow().catch(() => undefined);
    },

    /** Copies pulled for the current login that this machine refused, and why. */
    skipped() {
      const login = auth.current;
      return login ? store.skipped(login.account) : [];
    },

    /**
     * Leaves an environment another account shares with this one (its delete, for a receiver):
     * the share ends in the cloud, so the copy goes from every machine of the receiver and stays
     * with its owner. Refused copies (skipped here) can be left the same way.
     */
    async leave(envId: string): Promise<void> {
      const login = auth.current;
      if (!login) return;
      try {
        await cloud.envUnshare(login.token, envId, login.account, lang);
      } catch (error) {
        throw shareFailure(error, login.account);
      }
      if (!deps.isRunning(envId)) store.removeLocal(envId);
      store.unskip(login.account, envId);
      await syncNow().catch(() => undefined);
    },

    async release(envId: string): Promise<void> {
      const login = auth.current;
      if (!leased.delete(envId) || !login) return;
      await cloud.envRelease(login.token, device(), envId, lang).catch(() => undefined);
    },
  };
  return engine;
}
export type SyncEngine = ReturnType<typeof syncEngine>;
