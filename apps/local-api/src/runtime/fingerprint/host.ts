/**
 * The machine the service runs on, as an environment's system. A value the engine cannot present
 * identically in pages and workers (navigator.platform, client-hint platform) is only right when
 * the environment's system is the host's, so new environments default to it.
 */
import { PAGE_ONLY_VALUES, type SystemName } from '@hainiao/contract';

export function hostSystem(
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): SystemName {
  if (platform === 'win32') return 'Windows';
  if (platform === 'darwin') return 'MacIntel';
  if (arch === 'arm64') return 'Linux aarch64';
  if (arch === 'arm') return 'Linux armv7l';
  if (arch === 'ia32') return 'Linux i686';
  return 'Linux x86_64';
}

/**
 * What a page shows of a non-host system and a worker does not, measured on Chromium 156: the
 * DevTools override reaches pages and iframes (and the sessions of the user's own DevTools
 * clients get it too, or navigator.platform would turn the machine's once one attaches:
 * devtools-proxy.ts pageSessionSetup); dedicated workers follow their page's client hints but keep the machine's navigator.platform;
 * shared and service workers keep the machine's values and send its hints. No override is sent
 * to a worker (a shared or service worker never answers Network.setUserAgentOverride while it
 * waits for the debugger). Empty on the host's system.
 */
export function pageOnlyValues(system: string, host: SystemName = hostSystem()): string[] {
  return system === host ? [] : [...PAGE_ONLY_VALUES];
}
