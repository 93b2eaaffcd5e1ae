/**
 * Where the service keeps its data when no --data or HAINIAO_DATA says: the system's usual place
 * for an application's data (`%APPDATA%\Hainiao` on Windows, `~/Library/Application
 * Support/Hainiao` on macOS, `$XDG_DATA_HOME/hainiao` or `~/.local/share/hainiao` elsewhere),
 * unless the folder of earlier versions (`~/.hainiao`) holds data already: that one stays in use.
 */
import fs from 'node:fs';
import path from 'node:path';

export function defaultDataDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  home: string,
  exists: (folder: string) => boolean = fs.existsSync,
): string {
  const earlier = path.join(home, '.hainiao');
  if (exists(earlier)) return earlier;
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), 'Hainiao');
  }
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Hainiao');
  // XDG: a relative XDG_DATA_HOME is invalid and ignored.
  const xdg = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : '';
  return path.join(xdg || path.join(home, '.local', 'share'), 'hainiao');
}
