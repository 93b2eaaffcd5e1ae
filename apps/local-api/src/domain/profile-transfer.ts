/**
 * When an environment's Sync_Profile is 1, its profile folder travels with it (issue 13): after a
 * stop the folder's changed chunks go up (domain/profile-sync.ts) and the environment's snapshot
 * names the new manifest; a start on another machine restores that manifest first. Each machine
 * keeps the manifest it last uploaded or restored beside the profile, so an unchanged profile is
 * neither uploaded nor restored again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChunkClient } from '../cloud/chunks.ts';
import { DomainError } from '../model/errors.ts';
import type { EnvSnapshot } from '../model/sync.ts';
import {
  checkManifest,
  manifestHash,
  type ProfileManifest,
} from '../runtime/profile/profile-manifest.ts';
import { downloadProfile, uploadProfile } from './profile-sync.ts';
import type { ProfileTransfer } from './sync.ts';
import { environmentFolder } from './environment.ts';

type Profile = NonNullable<EnvSnapshot['usage']['profile']>;

export function profileTransfer(deps: {
  chunks: ChunkClient;
  dataDir: string;
  travels: (envId: string) => boolean;
}): ProfileTransfer {
  const folder = (envId: string) => environmentFolder(deps.dataDir, envId);
  const profileDir = (envId: string) => path.join(folder(envId), 'profile');
  const localFile = (envId: string) => path.join(folder(envId), 'profile-manifest.json');

  function readLocal(envId: string): ProfileManifest | undefined {
    try {
      return checkManifest(JSON.parse(fs.readFileSync(localFile(envId), 'utf8')));
    } catch {
      return undefined;
    }
  }
  function writeLocal(envId: string, manifest: ProfileManifest): void {
    fs.mkdirSync(folder(envId), { recursive: true, mode: 0o700 });
    const temporary = `${localFile(envId)}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(manifest), { mode: 0o600 });
    fs.renameSync(temporary, localFile(envId));
  }

  return {
    travels: deps.travels,

    async upload(envId, previous): Promise<Profile | null> {
      // A profile never started here has nothing to give: an empty snapshot would clear others.
      if (!fs.existsSync(profileDir(envId))) return previous;
      const local = readLocal(envId);
      const sent = await uploadProfile(deps.chunks, profileDir(envId), local);
      writeLocal(envId, sent.manifest);
      return { hash: sent.hash, manifest: sent.manifest };
    },

    async download(envId, profile): Promise<void> {
      const manifest = checkManifest(profile.manifest);
      if (manifestHash(manifest) !== profile.hash) throw new DomainError('DATA_CORRUPTED');
      const local = readLocal(envId);
      if (local && manifestHash(local) === profile.hash) return;
      fs.mkdirSync(folder(envId), { recursive: true, mode: 0o700 });
      await downloadProfile(deps.chunks, envId, manifest, profileDir(envId), local);
      writeLocal(envId, manifest);
    },
  };
}
