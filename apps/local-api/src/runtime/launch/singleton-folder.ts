import fs from 'node:fs';
import path from 'node:path';

/**
 * Chromium (and Chrome and Edge) keep their single-instance socket in a folder of their own in the
 * temp folder (`org.chromium.Chromium.XXXXXX`), linked from the profile's `SingletonSocket`, and
 * remove both when they close; a killed or crashed browser leaves them, one folder per start.
 */
const FOLDER =
  /^(org\.chromium\.Chromium|com\.google\.Chrome|com\.microsoft\.Edge)\.[A-Za-z0-9]{6}$/;
const LINKS = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'];

/**
 * Once browser `pid` has exited: removes what it left of its single-instance files. Only when the
 * profile's lock names that very process (`<host>-<pid>`: a browser started since owns them), and
 * only a folder of the browser's own name directly in `tmpDir` holding nothing but those files (the
 * profile's links are read, never trusted).
 */
export function removeSingletonFiles(profile: string, pid: number, tmpDir: string): void {
  const read = (name: string) => {
    try {
      return fs.readlinkSync(path.join(profile, name));
    } catch {
      return undefined;
    }
  };
  if (!read('SingletonLock')?.endsWith(`-${pid}`)) return;
  const socket = read('SingletonSocket');
  if (socket) {
    const folder = path.dirname(path.resolve(profile, socket));
    const own =
      path.dirname(folder) === path.resolve(tmpDir) &&
      FOLDER.test(path.basename(folder)) &&
      fs.lstatSync(folder, { throwIfNoEntry: false })?.isDirectory() === true &&
      fs.readdirSync(folder).every((entry) => LINKS.includes(entry));
    if (own) fs.rmSync(folder, { recursive: true, force: true });
  }
  for (const link of LINKS) fs.rmSync(path.join(profile, link), { force: true });
}
