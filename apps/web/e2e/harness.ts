import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startSystem } from '../../../scripts/system.ts';

/** Debian's Chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // The flags this machine needs: no sandbox as root, no calls home on a closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The whole system as `npm start` runs it, on free ports with a throw-away data folder. */
export async function startTestSystem() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-e2e-'));
  const system = await startSystem({ cloudPort: 0, localApiPort: 0, dataDir });
  return {
    ...system,
    /** The system's data folder, for the operators' command (`runAdmin` with DATA_DIR). */
    dataDir,
    async stop() {
      await system.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
