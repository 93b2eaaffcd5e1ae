/**
 * A copy pulled from the cloud is untrusted input (issue 24): another account may have written it
 * through a share. Before the sync engine applies it, it passes what a create on this machine
 * would demand: the contract's snapshot schema (shape, enums, limits), then the rules that need
 * the machine — the launch-argument allow-list, a user agent of the environment's system, a
 * fingerprint of known values (its fontconfig and overrides come from it), a profile manifest
 * whose paths stay inside the profile. A copy that fails is skipped and recorded,
 * never applied in part.
 */
import { checkEnvSnapshot, isSystem } from '@hainiao/contract';
import { DomainError } from '../model/errors.ts';
import type { EnvSnapshot } from '../model/sync.ts';
import { parseStoredFingerprint } from '../runtime/fingerprint/fingerprint-schema.ts';
import { checkManifest } from '../runtime/profile/profile-manifest.ts';
import { refuseArgs } from '../runtime/profile/profile.ts';
import { isUserAgentOf } from '../runtime/fingerprint/user-agent.ts';

export type RemoteCheck = { ok: true; snapshot: EnvSnapshot } | { ok: false; reason: string };

export function checkRemoteSnapshot(body: string): RemoteCheck {
  const checked = checkEnvSnapshot(body);
  if (!checked.ok) return checked;
  const snapshot = checked.snapshot as EnvSnapshot;
  const args = snapshot.settings.launchArgs;
  const refusal = Array.isArray(args) ? refuseArgs(args as string[]) : undefined;
  if (refusal) {
    const flags = refusal.refused.length ? refusal.refused : refusal.repeated;
    return { ok: false, reason: `settings.launchArgs: not allowed here (${flags.join(', ')})` };
  }
  const { system, userAgent } = snapshot.env;
  if (!isSystem(system) || !isUserAgentOf(userAgent, system)) {
    return { ok: false, reason: `env.userAgent: not a user agent of ${system}` };
  }
  const fingerprint = snapshot.usage.fingerprint;
  if (fingerprint !== null && !parseStoredFingerprint(fingerprint)) {
    return { ok: false, reason: 'usage.fingerprint: not a fingerprint of known values' };
  }
  if (snapshot.usage.profile) {
    try {
      checkManifest(snapshot.usage.profile.manifest);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { ok: false, reason: `usage.profile: ${error.message}` };
    }
  }
  return { ok: true, snapshot };
}
