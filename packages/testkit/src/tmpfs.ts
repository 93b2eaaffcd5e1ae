/**
 * Real full and read-only disks for fault tests (issue 15): a small tmpfs mounted on a fresh temp
 * folder (as root; this machine's tests run as root). Root ignores file modes, so read-only is a
 * read-only remount; without root it is a folder of mode 0500 and only the full-disk cases skip,
 * loudly (under CI=true they fail instead). `cleanup()` unmounts and removes everything, even after a failed test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const isRoot = process.getuid?.() === 0;

export function diskFixtures(suite: string) {
  const mounts: string[] = [];
  const folders: string[] = [];

  /**
   * A tmpfs mounted on a fresh temp folder, or null (with a warning) when this machine cannot
   * mount for a reason outside the project: not root, or the mount refused (no CAP_SYS_ADMIN in a
   * container). Any other failure throws.
   */
  function mountTmpfs(options: string): string | null {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-disk-'));
    folders.push(dir);
    const cannot = (why: string) => {
      const message = `${suite}: SKIPPED full-disk cases — cannot mount a tmpfs: ${why}`;
      // Under CI nothing skips: a machine that cannot run these cases fails the run.
      if (process.env.CI === 'true') throw new Error(message);
      console.warn(`\n*** ${message} ***\n`);
      return null;
    };
    if (!isRoot) return cannot('the tests do not run as root');
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    } catch (error) {
      const text = String((error as { stderr?: Buffer }).stderr ?? error).trim();
      if (/permission denied|not permitted|must be superuser/i.test(text)) {
        return cannot(`mount refused (${text}); the container lacks CAP_SYS_ADMIN`);
      }
      throw error;
    }
    mounts.push(dir);
    return dir;
  }

  /** A folder that can be switched read-only and back: a remount as root, its mode otherwise. */
  function switchableFolder() {
    const mounted = isRoot ? mountTmpfs('size=256k,mode=0700') : null;
    const dir = mounted ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-disk-ro-'));
    if (!mounted) folders.push(dir);
    const set = (readOnly: boolean) =>
      mounted
        ? execFileSync('mount', ['-o', `remount,${readOnly ? 'ro' : 'rw'}`, dir], { stdio: 'pipe' })
        : fs.chmodSync(dir, readOnly ? 0o500 : 0o700);
    return { dir, mounted: !!mounted, readOnly: () => set(true), writable: () => set(false) };
  }

  /** Fills `dir` until only `free` bytes are left (tmpfs counts whole pages); answers what is free. */
  function fill(dir: string, free: number): number {
    const { bavail, bsize } = fs.statfsSync(dir);
    fs.appendFileSync(path.join(dir, 'filler'), Buffer.alloc(bavail * bsize - free));
    const after = fs.statfsSync(dir);
    return after.bavail * after.bsize;
  }

  /** Unmounts and removes every folder made here. */
  function cleanup(): void {
    for (const dir of mounts.splice(0)) {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
    }
    for (const dir of folders.splice(0)) {
      fs.chmodSync(dir, 0o700);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  return { mountTmpfs, switchableFolder, fill, cleanup };
}
