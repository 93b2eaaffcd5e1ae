/**
 * Clicks until what the click should do has happened, as a person clicks again. Two causes seen
 * in full runs under load: a click before the page's own chunk has hydrated is lost (the button
 * was there, its handler not yet), and an Ant Design popup still moving when it opens (its list
 * scrolls its choice into view) can take the press and the release on different items.
 */
import { expect } from 'vitest';

/**
 * Runs `click`, then waits up to `settleMs` for `done`; again, at most `attempts` times, and
 * fails saying `what` did not happen.
 */
export async function clickUntil(
  click: () => Promise<void>,
  done: () => Promise<boolean>,
  what: string,
  { attempts = 3, settleMs = 3000 }: { attempts?: number; settleMs?: number } = {},
): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    await click();
    const ok = await expect
      .poll(done, { timeout: settleMs })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (ok) return;
  }
  throw new Error(`${what}: not done after ${attempts} clicks`);
}
