/**
 * Browser discovery (discovery.ts) on a made-up install: a distribution's wrapper script is
 * skipped for the binary it runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { discoverBrowser } from './discovery.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-discovery-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** An executable that answers `--version` like Chromium. */
function fakeBrowser(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '#!/bin/sh\necho "Chromium 156.0.8078.73 built on Debian"\n', {
    mode: 0o755,
  });
  return file;
}

test("Debian's wrapper script is skipped: the binary it names is launched", async () => {
  const binary = fakeBrowser(path.join(root, 'lib/chromium/chromium'));
  const wrapper = path.join(root, 'bin/chromium');
  fs.mkdirSync(path.dirname(wrapper), { recursive: true });
  fs.writeFileSync(
    wrapper,
    `#!/bin/sh\n# Chromium launcher\nLIBDIR=${root}/lib/$APPNAME\nAPPNAME=chromium\nexec $LIBDIR/$APPNAME "$@"\n`,
    { mode: 0o755 },
  );
  const install = await discoverBrowser(wrapper, {});
  expect(install).toMatchObject({ path: binary, version: '156.0.8078.73', major: 156 });
});
