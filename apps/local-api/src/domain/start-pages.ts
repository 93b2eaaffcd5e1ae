/**
 * An environment's auto-open pages (POST /api/v1/session/auto_open/add, update, delete): the
 * pages it opens on start, the same list as HomePage_url. Each change is one transaction over the
 * environments it touches, so a failure leaves no list half-changed.
 */
import type SQLite from 'better-sqlite3';
import { localApiMessages } from '@hainiao/contract';
import type { StartPage } from '../model/environment.ts';
import { DomainError } from '../model/errors.ts';
import type { EnvironmentStore } from '../store/environments.ts';
import { resolveAll } from './access.ts';

export interface StartPagesDeps {
  db: SQLite.Database;
  envs: EnvironmentStore;
}

/** Adds `url` (opened on start) to each of `ids` that does not list it yet; answers the ids. */
export function addStartPage(
  deps: StartPagesDeps,
  owner: string,
  ids: readonly string[],
  url: string,
): string[] {
  const targets = resolveAll(deps.envs, owner, ids, 'write');
  deps.db.transaction(() => {
    for (const { record } of targets) {
      const pages = deps.envs.startPages(record.id);
      if (!pages.some((p) => p.url === url)) {
        deps.envs.setStartPages(record.id, [...pages, { url, flag: 1 }]);
      }
    }
  })();
  return targets.map((t) => t.record.id);
}

/** The owner's environments among `ids` (or all of them) that list `url`; none is a failure. */
function holding(
  deps: StartPagesDeps,
  owner: string,
  ids: readonly string[] | undefined,
  url: string,
): string[] {
  const candidates = ids
    ? resolveAll(deps.envs, owner, ids, 'write').map((v) => v.record.id)
    : deps.envs.idsWithStartPage(owner, url);
  const matching = candidates.filter((id) => deps.envs.startPages(id).some((p) => p.url === url));
  if (!matching.length) {
    throw new DomainError('UNKNOWN_EXCEPTION', localApiMessages.startPageNotFound, { url });
  }
  return matching;
}

/** Applies `edit` to the list of each environment that lists `url`; answers the ids changed. */
function editWhereListed(
  deps: StartPagesDeps,
  owner: string,
  ids: readonly string[] | undefined,
  url: string,
  edit: (pages: StartPage[]) => StartPage[],
): string[] {
  const changed = holding(deps, owner, ids, url);
  deps.db.transaction(() => {
    for (const id of changed) deps.envs.setStartPages(id, edit(deps.envs.startPages(id)));
  })();
  return changed;
}

/** Puts `newUrl` in `oldUrl`'s place wherever it is listed; answers the ids changed. */
export function replaceStartPage(
  deps: StartPagesDeps,
  owner: string,
  ids: readonly string[] | undefined,
  oldUrl: string,
  newUrl: string,
): string[] {
  return editWhereListed(deps, owner, ids, oldUrl, (pages) => {
    const replaced = pages.map((p) => (p.url === oldUrl ? { ...p, url: newUrl } : p));
    // The new page may already be there: keep its first place only.
    const seen = new Set<string>();
    return replaced.filter((p) => !seen.has(p.url) && seen.add(p.url));
  });
}

/** Takes `url` out wherever it is listed; answers the ids changed. */
export function removeStartPage(
  deps: StartPagesDeps,
  owner: string,
  ids: readonly string[] | undefined,
  url: string,
): string[] {
  return editWhereListed(deps, owner, ids, url, (pages) => pages.filter((p) => p.url !== url));
}
