/**
 * The packaged program's entry (`npm run package`): the service with the same flags as
 * `hainiao-api`. Started with no arguments — a double-click — it opens the manager in the user's
 * browser the first time it runs on a data folder.
 */
import './program-quirks.ts';
import './program-files.ts';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { main } from './cli.ts';

/** The mark of a data folder whose manager was opened once. */
const OPENED_MARK = 'manager-opened';

/** The system's way to open a web address in the user's browser (the address is our own). */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'win32'
      ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  execFile(command, args, { windowsHide: true }, (error) => {
    if (error) console.log(`Open ${url} in your browser to manage environments.`);
  });
}

const argv = process.argv.slice(2);
// No top-level await: a single executable's script is CommonJS in the Node.js it carries.
void main(argv, [], (url, flags) => {
  const mark = path.join(flags.dataDir, OPENED_MARK);
  if (argv.length > 0 || fs.existsSync(mark)) return;
  fs.writeFileSync(mark, '', { mode: 0o600 });
  openInBrowser(`${url}/`);
});
