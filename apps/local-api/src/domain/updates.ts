/**
 * Whether a newer client is published (issue 31): once the service listens, and every
 * UPDATE_CHECK_INTERVAL_MS while it runs, it asks the cloud's `version` call; the manager shows a
 * notice with the download page when the cloud's version is newer than this one.
 *
 * Nothing waits for the answer and nothing fails with it: a cloud that says it publishes nothing
 * (NOT_FOUND) means no update is known; a cloud that cannot be reached or answers something else
 * leaves what the last answer said (at first: nothing known), since a published version does not
 * go away with the network. Each outcome is logged when it changes, not at every check (a run of
 * failures is logged once, by its first).
 */
import { CloudCodes, compareVersions } from '@hainiao/contract';
import { CloudCallError, type CloudClient } from '../cloud/client.ts';
import { CLIENT_VERSION } from '../version.ts';

/** How often a running service asks again. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface UpdateStatus {
  /** This client's version. */
  current: string;
  /** The newest version the cloud publishes; null while none is known. */
  latest: string | null;
  /** Whether `latest` is newer than `current`. */
  newer: boolean;
  /**
   * The site's download page: the cloud serves the site on the origin the service is configured
   * with (--cloud), so it is that origin's /download (the Chinese page is /zh/download).
   */
  downloadUrl: string;
  /** When the last check ended, whatever it found (ISO time); null before the first one. */
  checkedAt: string | null;
}

export interface UpdateCheckOptions {
  cloud: Pick<CloudClient, 'base' | 'version'>;
  log: (line: string) => void;
  /** This client's version (CLIENT_VERSION by default). */
  current?: string;
  intervalMs?: number;
}

export function updateCheck(options: UpdateCheckOptions) {
  const current = options.current ?? CLIENT_VERSION;
  const intervalMs = options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
  // Built from the configured cloud only, never from a request's Host or Origin.
  const downloadUrl = `${new URL(options.cloud.base).origin}/download`;
  let latest: string | null = null;
  let checkedAt: string | null = null;
  let said = '';
  let timer: NodeJS.Timeout | undefined;
  let running: AbortController | undefined;
  let stopped = false;

  /** Logs an outcome when it differs from the last one (`kind`: a failure streak is one). */
  const say = (kind: string, line: string) => {
    if (kind === said) return;
    said = kind;
    options.log(`update check: ${line}`);
  };

  async function check(): Promise<void> {
    if (stopped || running) return;
    const abort = new AbortController();
    running = abort;
    try {
      latest = await options.cloud.version('en', abort.signal);
      say(
        `published ${latest}`,
        compareVersions(latest, current) > 0
          ? `Hainiao ${latest} is available (this is ${current}): ${downloadUrl}`
          : `${current} is the newest version (the cloud publishes ${latest})`,
      );
    } catch (error) {
      if (abort.signal.aborted) return;
      if (
        error instanceof CloudCallError &&
        error.kind === 'answer' &&
        error.code === CloudCodes.code.NOT_FOUND
      ) {
        latest = null;
        say('none', 'the cloud publishes no version');
      } else {
        say('failed', `no answer (${(error as Error).message}); asking again later`);
      }
    } finally {
      running = undefined;
      if (!abort.signal.aborted) checkedAt = new Date().toISOString();
    }
  }

  return {
    /** Asks now (in the background) and every `intervalMs` after; a second call does nothing. */
    start(): void {
      if (stopped || timer) return;
      void check();
      timer = setInterval(() => void check(), intervalMs);
      // The check never keeps the process alive on its own.
      timer.unref();
    },
    /** Stops asking; a question under way is abandoned. */
    stop(): void {
      stopped = true;
      clearInterval(timer);
      running?.abort();
    },
    status(): UpdateStatus {
      return {
        current,
        latest,
        newer: latest !== null && compareVersions(latest, current) > 0,
        downloadUrl,
        checkedAt,
      };
    },
  };
}
export type UpdateCheck = ReturnType<typeof updateCheck>;
