/**
 * Global setup of the browser lane: says once, before any file runs, when there is no Chromium.
 * Its files then skip (each also says so); under CI=true they fail at collection instead
 * (apps/local-api/src/test/browser.ts), so the lane cannot drop out of a green run.
 */
import { execFileSync } from 'node:child_process';

export default function checkChromium(): void {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    execFileSync(chromium, ['--version'], { stdio: 'ignore', timeout: 20_000 });
  } catch {
    const outcome = process.env.CI === 'true' ? 'FAIL (CI=true)' : 'are SKIPPED';
    console.warn(
      `\n*** No Chromium at ${chromium} (CHROMIUM_PATH): the browser tests ${outcome} ***\n`,
    );
  }
}
