/**
 * Ids of the cloud's script library: derived from a script's slug, so the cloud's seed and anyone
 * naming a seeded script (a test of the local API adding `scroll-to-bottom`, say) agree without a
 * lookup.
 */
import { createHash } from 'node:crypto';

/** A script's id: stable for its slug, 16 hex characters. */
export function scriptId(slug: string): string {
  return createHash('sha256').update(`hainiao-script:${slug}`).digest('hex').slice(0, 16);
}
