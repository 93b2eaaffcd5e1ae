/**
 * The environment's plugins as unpacked extensions: checked in the library before anything starts
 * (-3), loaded into the browser and confirmed running through DevTools after it started (-4),
 * codes of the start and status table (BrowserCodes).
 *
 * Loading: `Extensions.loadUnpacked` over the service's pipe (it needs `--remote-debugging-pipe`
 * and `--enable-unsafe-extension-debugging`, both given). It works on Chromium, Chrome and Edge
 * from 126 on and answers Chromium's own reason when an extension is refused, while branded
 * Google Chrome 137+ ignores `--load-extension` (and from 142 also its
 * `--disable-features=DisableLoadExtensionCommandLineSwitch` escape). Older browsers, which
 * lack the DevTools method, still honour `--load-extension` in every brand: launch.ts passes it
 * to them instead.
 *
 * Running: the extension is listed enabled by `Extensions.getExtensions`, and one with a
 * background has its service worker (or background page) target; without that listing (older
 * browsers), one without a background must open chrome-extension://<id>/manifest.json in a
 * throwaway tab. A successful loadUnpacked alone is no proof: with extensions disabled it still
 * answers an id (measured on Chromium 156).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BrowserCodes, format, localApiMessages, type Localized } from '@hainiao/contract';
import { CdpError, type CdpConnection } from '../devtools/cdp.ts';
import { LaunchFailure } from '../launch/supervisor.ts';

const B = BrowserCodes.code;

/** The first major with Extensions.loadUnpacked (older ones get `--load-extension`). */
export const DEVTOOLS_EXTENSIONS_MIN_MAJOR = 126;

/** How long a start waits for its extensions to be running. */
export const EXTENSIONS_TIMEOUT_MS = 5000;

export const loadsOverDevTools = (major: number) => major >= DEVTOOLS_EXTENSIONS_MIN_MAJOR;

/** A plugin of the start plan: its id in the library and its unpacked folder. */
export interface PluginFolder {
  pluginId: string;
  dir: string;
}

export interface CheckedPlugin extends PluginFolder {
  /** The folder as Chromium resolves it (symbolic links followed). */
  realDir: string;
  /** manifest.json parsed, or undefined when it is not JSON (Chromium then says why). */
  manifest: Record<string, unknown> | undefined;
}

/** A start failure with its message in both languages (the start answer carries it as is). */
function failure(status: number, message: Localized, values: Record<string, string | number>) {
  return new LaunchFailure(status, `${format(message.en, values)} | ${format(message.zh, values)}`);
}

/**
 * Every plugin's folder is in the library with a readable manifest.json, or the start is -3
 * (plugin download failed) before anything runs.
 */
export function checkPluginFolders(plugins: readonly PluginFolder[]): CheckedPlugin[] {
  return plugins.map((plugin) => {
    const file = path.join(plugin.dir, 'manifest.json');
    let text: string;
    let realDir: string;
    try {
      text = fs.readFileSync(file, 'utf8');
      realDir = fs.realpathSync(plugin.dir);
    } catch {
      throw failure(B.PLUGIN_DOWNLOAD_FAILED, localApiMessages.pluginMissingFromLibrary, {
        id: plugin.pluginId,
        file,
      });
    }
    let manifest: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') manifest = parsed as Record<string, unknown>;
    } catch {
      manifest = undefined;
    }
    return { ...plugin, realDir, manifest };
  });
}

const toLetters = (hex: string) =>
  hex.replace(/[0-9a-f]/g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));

/**
 * Chromium's id of an unpacked extension: the first 128 bits of SHA-256 of the manifest's `key`
 * (base64-decoded), else of the absolute path (UTF-8 bytes; on Windows UTF-16LE with the drive
 * letter upper-cased), written with the letters a–p (components/crx_file/id_util.cc).
 */
export function extensionId(
  absoluteDir: string,
  manifest: Record<string, unknown> | undefined,
  platform: NodeJS.Platform = process.platform,
): string {
  const key = typeof manifest?.key === 'string' ? manifest.key : undefined;
  const bytes = key
    ? Buffer.from(key, 'base64')
    : platform === 'win32'
      ? Buffer.from(
          absoluteDir.replace(/^[a-z]:/, (drive) => drive.toUpperCase()),
          'utf16le',
        )
      : Buffer.from(absoluteDir, 'utf8');
  return toLetters(createHash('sha256').update(bytes).digest('hex').slice(0, 32));
}

/** Whether the manifest declares a background (MV3 service worker, MV2 scripts or page). */
export function hasBackground(manifest: Record<string, unknown> | undefined): boolean {
  const background = manifest?.background as Record<string, unknown> | undefined;
  return Boolean(background?.service_worker || background?.scripts || background?.page);
}

interface Loaded {
  plugin: CheckedPlugin;
  id: string;
  background: boolean;
  /** Confirmed by opening one of its pages (only without Extensions.getExtensions). */
  opened?: boolean;
}

const BACKGROUND_TYPES = new Set(['service_worker', 'background_page']);

/** The host of a chrome-extension:// URL (the extension id), or ''. */
const extensionOf = (url: string) => /^chrome-extension:\/\/([a-p]{32})\//.exec(url)?.[1] ?? '';

const methodReason = (error: CdpError) => error.message.slice(error.method.length + 2);

/**
 * Opens chrome-extension://<id>/manifest.json in a throwaway background tab: undefined when it
 * opened, else the browser's error (net::ERR_BLOCKED_BY_CLIENT for an extension not running).
 */
export async function extensionPageError(
  cdp: CdpConnection,
  id: string,
): Promise<string | undefined> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
    background: true,
  });
  try {
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const { errorText } = await cdp.send<{ errorText?: string }>(
      'Page.navigate',
      { url: `chrome-extension://${id}/manifest.json` },
      sessionId,
    );
    return errorText || undefined;
  } finally {
    await cdp.quiet('Target.closeTarget', { targetId });
  }
}

/**
 * Loads the plugins (over DevTools, or already loaded by `--load-extension`) and waits until each
 * is running, at most `timeoutMs`: answers their plugin ids, or throws -4 (plugin load failed)
 * naming the first that is not.
 */
export async function loadExtensions(
  cdp: CdpConnection,
  plugins: readonly CheckedPlugin[],
  options: { overDevTools: boolean; timeoutMs?: number },
): Promise<string[]> {
  if (plugins.length === 0) return [];
  const timeoutMs = options.timeoutMs ?? EXTENSIONS_TIMEOUT_MS;
  const loaded: Loaded[] = [];
  for (const plugin of plugins) {
    let id = extensionId(plugin.realDir, plugin.manifest);
    if (options.overDevTools) {
      try {
        ({ id } = await cdp.send<{ id: string }>('Extensions.loadUnpacked', {
          path: plugin.realDir,
        }));
      } catch (error) {
        if (!(error instanceof CdpError) || cdp.closed) throw error;
        throw failure(B.PLUGIN_LOAD_FAILED, localApiMessages.pluginRefused, {
          id: plugin.pluginId,
          dir: plugin.dir,
          reason: methodReason(error),
        });
      }
    }
    loaded.push({ plugin, id, background: hasBackground(plugin.manifest) });
  }

  const deadline = Date.now() + timeoutMs;
  let listing = true;
  for (;;) {
    let enabled: Set<string> | undefined;
    if (listing) {
      try {
        const { extensions } = await cdp.send<{ extensions: { id: string; enabled: boolean }[] }>(
          'Extensions.getExtensions',
        );
        enabled = new Set(extensions.filter((e) => e.enabled).map((e) => e.id));
      } catch (error) {
        if (!(error instanceof CdpError) || cdp.closed) throw error;
        listing = false; // a browser before the method: the other proofs
      }
    }
    const { targetInfos } = await cdp.send<{ targetInfos: { type: string; url: string }[] }>(
      'Target.getTargets',
    );
    const backgrounds = new Set(
      targetInfos.filter((t) => BACKGROUND_TYPES.has(t.type)).map((t) => extensionOf(t.url)),
    );
    let first: LaunchFailure | undefined;
    for (const item of loaded) {
      const values = { id: item.plugin.pluginId, dir: item.plugin.dir };
      if (enabled && !enabled.has(item.id)) {
        first ??= failure(B.PLUGIN_LOAD_FAILED, localApiMessages.pluginNotEnabled, values);
      } else if (item.background && !backgrounds.has(item.id)) {
        first ??= failure(B.PLUGIN_LOAD_FAILED, localApiMessages.pluginBackgroundNotStarted, {
          ...values,
          seconds: timeoutMs / 1000,
        });
      } else if (!enabled && !item.background && !item.opened) {
        const error = await extensionPageError(cdp, item.id);
        if (error) {
          first ??= failure(B.PLUGIN_LOAD_FAILED, localApiMessages.pluginPageNotOpened, {
            ...values,
            url: `chrome-extension://${item.id}/manifest.json`,
            reason: error,
          });
        } else item.opened = true;
      }
    }
    if (!first) return loaded.map((item) => item.plugin.pluginId);
    if (Date.now() >= deadline) throw first;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
