/**
 * Cloning an environment (issue 27): copies with the original's settings, proxy, start pages,
 * plugins, scripts and tags. A copy is a new environment to the platforms: its own id, its own
 * fingerprint made at its first start, an empty profile, and no cookies unless asked (copied
 * cookies sign the copy in wherever the original is, which links the two accounts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { format, localApiMessages, type Lang } from '@hainiao/contract';
import type SQLite from 'better-sqlite3';
import type { EnvironmentStore } from '../store/environments.ts';
import type { SyncStore } from '../store/sync.ts';
import { resolve } from './access.ts';
import { environmentFolder } from './environment.ts';
import { assertStorable } from './storable.ts';

export interface CloneDeps {
  db: SQLite.Database;
  envs: EnvironmentStore;
  rows: Pick<SyncStore, 'snapshot' | 'insertLocal'>;
  dataDir: string;
}

export interface CloneRequest {
  lang: Lang;
  /** The copies' name; absent: the original's with "(copy)", numbered when several. */
  name?: string | undefined;
  count: number;
  copyCookies: boolean;
}

/** The copies, in order, each with its id and name. */
export function cloneEnvironment(
  deps: CloneDeps,
  account: string,
  id: string,
  request: CloneRequest,
): { id: string; name: string }[] {
  const { record } = resolve(deps.envs, account, id, 'write');
  const original = deps.rows.snapshot(id)!.snapshot;
  const nameOf = (n: number) => {
    if (request.name) return request.count > 1 ? `${request.name} ${n}` : request.name;
    const template =
      request.count > 1 ? localApiMessages.cloneNameNumbered : localApiMessages.cloneName;
    return format(template[request.lang], { name: record.name, n });
  };
  const copies = Array.from({ length: request.count }, (_, index) => ({
    id: randomBytes(16).toString('hex'),
    name: nameOf(index + 1),
  }));
  for (const copy of copies) {
    // A name the original's limit would refuse ("… (copy 12)" past the limit) answers that code.
    assertStorable({ ...record, name: copy.name }, {});
  }
  deps.db.transaction(() => {
    for (const copy of copies) {
      const at = deps.envs.tick();
      deps.rows.insertLocal(copy.id, account, {
        ...original,
        env: { ...original.env, name: copy.name, createdAt: at },
        usage: {
          cookies: request.copyCookies ? original.usage.cookies : [],
          fingerprint: null,
          updatedAt: at,
          profile: null,
        },
      });
    }
  })();
  for (const copy of copies) {
    fs.mkdirSync(environmentFolder(deps.dataDir, copy.id), { recursive: true });
  }
  return copies;
}
