/**
 * The login kept across restarts of the service (--remember-login, on by default): the credential
 * of the last successful /login (Account, APP_ID, APP_KEY and the cloud it was for) in
 * <data>/remembered-login.json, the user's only (0600, written to a 0600 temp file and renamed
 * over, so it is never seen half-written or looser). A sign-out, or a lease or credential the
 * cloud refuses, removes it. A file that is a symlink, not the user's own or readable by others
 * is not read (said once, then ignored). The key is never logged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REMEMBERED_LOGIN_FILE = 'remembered-login.json';

export interface RememberedLogin {
  account: string;
  appId: string;
  appKey: string;
  /** The cloud the credential was for (another cloud is never sent it). */
  cloud: string;
}

/** A credential file is a few hundred bytes: larger ones are refused. */
const MAX_BYTES = 16 * 1024;

export function rememberedLogin(dataDir: string, log: (line: string) => void) {
  const file = path.join(dataDir, REMEMBERED_LOGIN_FILE);
  return {
    file,

    /** Keeps `login` (replacing the one kept before); a failure is logged, never thrown. */
    save(login: RememberedLogin): void {
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        const fd = fs.openSync(temp, 'wx', 0o600);
        try {
          fs.fchmodSync(fd, 0o600);
          fs.writeFileSync(fd, `${JSON.stringify(login)}\n`);
          fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
        fs.renameSync(temp, file);
      } catch (error) {
        fs.rmSync(temp, { force: true });
        log(
          `cannot keep the login for restarts: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
        );
      }
    },

    /** Removes the kept login (there or not). */
    forget(): void {
      try {
        fs.rmSync(file, { force: true });
      } catch (error) {
        log(`cannot remove ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
      }
    },

    /**
     * The kept login, when there is a safe one: a regular file of the user's own with no
     * permission for group or others, holding the four fields. Otherwise undefined (and why, said
     * once: the file is left as it is).
     */
    read(): RememberedLogin | undefined {
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(file);
      } catch {
        return undefined; // none kept
      }
      const refuse = (why: string) => {
        log(`the kept login ${file} is ignored: ${why}`);
        return undefined;
      };
      if (stat.isSymbolicLink()) return refuse('it is a symbolic link');
      if (!stat.isFile()) return refuse('it is not a regular file');
      if (process.platform !== 'win32') {
        const uid = process.getuid?.();
        if (uid !== undefined && stat.uid !== uid) return refuse('it is not owned by this user');
        if ((stat.mode & 0o077) !== 0)
          return refuse(`its permissions ${(stat.mode & 0o777).toString(8)} are not 600`);
      }
      if (stat.size > MAX_BYTES) return refuse('it is too large');
      let parsed: unknown;
      try {
        // O_NOFOLLOW: a symlink swapped in after the check is not followed.
        const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
        try {
          parsed = JSON.parse(fs.readFileSync(fd, 'utf8'));
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        return refuse('it cannot be read');
      }
      const value = parsed as Partial<Record<keyof RememberedLogin, unknown>> | null;
      const text = (field: unknown) => typeof field === 'string' && field.length > 0;
      if (
        !value ||
        !text(value.account) ||
        !text(value.appId) ||
        !text(value.appKey) ||
        !text(value.cloud)
      ) {
        return refuse('it does not hold a credential');
      }
      return value as RememberedLogin;
    },
  };
}
export type RememberedLoginFile = ReturnType<typeof rememberedLogin>;
