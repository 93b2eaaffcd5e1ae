/**
 * Plugins as extensions in real Chromium: the ids Chromium gives unpacked extensions, loading over
 * DevTools and with --load-extension, the proofs that each one runs, Chromium's refusals as -4;
 * and through the service: only running extensions counted, -3 for a plugin missing from the
 * library and -4 for a broken one, with no browser left behind either way.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { BrowserCodes } from '@hainiao/contract';
import {
  hasChromium,
  startBrowserService,
  startSite,
  until,
  type BrowserService,
} from '../../test/browser.ts';
import type { EnvironmentRecord } from '../../model/environment.ts';
import { DEFAULT_SETTINGS } from '../../model/settings.ts';
import type { CdpConnection } from '../devtools/cdp.ts';
import { discoverBrowser, type BrowserInstall } from '../launch/discovery.ts';
import {
  checkPluginFolders,
  extensionId,
  extensionPageError,
  hasBackground,
  loadExtensions,
  loadsOverDevTools,
  type CheckedPlugin,
} from './extensions.ts';
import { generateFingerprint } from '../fingerprint/fingerprint.ts';
import { launchCommand } from '../launch/launch.ts';
import { LaunchFailure, spawnBrowser, type BrowserProcess } from '../launch/supervisor.ts';

const B = BrowserCodes.code;

let tmp: string;
const folders: Record<string, string> = {};

/** An unpacked extension folder with these files (manifest.json given as an object or text). */
function extension(name: string, files: Record<string, unknown>): string {
  const dir = path.join(tmp, 'ext', name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    fs.writeFileSync(
      path.join(dir, file),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
  }
  folders[name] = dir;
  return dir;
}

const publicKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');

const checked = (...names: string[]) =>
  checkPluginFolders(names.map((name) => ({ pluginId: `plugin-${name}`, dir: folders[name]! })));

async function failureOf(promise: Promise<unknown>): Promise<LaunchFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LaunchFailure);
    return error as LaunchFailure;
  }
  return expect.unreachable('should have failed');
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-extensions-'));
  extension('worker', {
    'manifest.json': {
      manifest_version: 3,
      name: 'Worker',
      version: '1.0',
      background: { service_worker: 'bg.js' },
    },
    'bg.js': 'self.addEventListener("install", () => {});',
  });
  extension('content', {
    'manifest.json': {
      manifest_version: 3,
      name: 'Content only',
      version: '1.0',
      content_scripts: [{ matches: ['<all_urls>'], js: ['c.js'], run_at: 'document_start' }],
    },
    'c.js': 'document.documentElement.dataset.hainiaoContent = "ran";',
  });
  extension('keyed', {
    'manifest.json': { manifest_version: 3, name: 'Keyed', version: '1.0', key: publicKey() },
  });
  extension('broken', { 'manifest.json': '{"manifest_version": 3, "name":' });
  extension('mv2', {
    'manifest.json': {
      manifest_version: 2,
      name: 'Old',
      version: '1.0',
      background: { scripts: ['bg.js'] },
    },
    'bg.js': '',
  });
  fs.mkdirSync(path.join(tmp, 'ext', 'empty'));
  folders.empty = path.join(tmp, 'ext', 'empty');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('plugin folders and extension ids (no browser)', () => {
  test('a missing folder or manifest is -3, named in both languages', () => {
    for (const dir of [path.join(tmp, 'ext', 'nowhere'), folders.empty!]) {
      let thrown: unknown;
      try {
        checkPluginFolders([{ pluginId: 'gone', dir }]);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LaunchFailure);
      expect((thrown as LaunchFailure).status).toBe(B.PLUGIN_DOWNLOAD_FAILED);
      expect((thrown as LaunchFailure).message).toContain(
        `Plugin download failed: plugin gone is not in the local library (${path.join(dir, 'manifest.json')}`,
      );
      expect((thrown as LaunchFailure).message).toContain(
        '插件下载失败：插件 gone 不在本地插件库中',
      );
    }
  });

  test('a manifest that is not JSON passes the library check: Chromium says what is wrong', () => {
    const [broken] = checked('broken');
    expect(broken).toMatchObject({ pluginId: 'plugin-broken', manifest: undefined });
  });

  test('backgrounds: an MV3 service worker, MV2 scripts or page; none otherwise', () => {
    expect(hasBackground({ background: { service_worker: 'bg.js' } })).toBe(true);
    expect(hasBackground({ background: { scripts: ['a.js'] } })).toBe(true);
    expect(hasBackground({ background: { page: 'bg.html' } })).toBe(true);
    expect(hasBackground({ content_scripts: [] })).toBe(false);
    expect(hasBackground(undefined)).toBe(false);
  });

  test('a Windows path hashes with its drive letter upper-cased', () => {
    expect(extensionId('c:\\Plugins\\x', undefined, 'win32')).toBe(
      extensionId('C:\\Plugins\\x', undefined, 'win32'),
    );
    expect(extensionId('C:\\Plugins\\x', undefined, 'win32')).not.toBe(
      extensionId('C:\\Plugins\\x', undefined, 'linux'),
    );
    expect(extensionId('/x', undefined)).toMatch(/^[a-p]{32}$/);
  });
});

describe('the command line for plugins', () => {
  const record: EnvironmentRecord = {
    id: 'e1',
    owner: 'alice',
    name: 'n',
    description: '',
    group: 'default',
    system: 'Windows',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/156.0.0.0 Safari/537.36',
    proxyType: 'noproxy',
    proxyIp: '',
    settings: { ...DEFAULT_SETTINGS },
    cookies: [],
    createdAt: 0,
    updatedAt: 0,
  };
  const argsFor = (pluginDirs: string[], pluginsOverDevTools: boolean) =>
    launchCommand({
      record,
      fingerprint: generateFingerprint(record),
      headless: true,
      mode: 'headless',
      profile: '/data/sessions/e1/profile',
      userAgent: record.userAgent,
      language: 'en-US',
      languages: ['en-US', 'en'],
      timezone: '',
      pluginDirs,
      pluginsOverDevTools,
      extraArgs: [],
      env: {},
    }).args.filter((arg) => /extension/.test(arg));

  test('126+: only DevTools extension debugging (loadUnpacked over the pipe)', () => {
    expect(argsFor(['/lib/a', '/lib/b'], true)).toEqual(['--enable-unsafe-extension-debugging']);
  });

  test('before 126: --load-extension and --disable-extensions-except name the folders', () => {
    expect(argsFor(['/lib/a', '/lib/b'], false)).toEqual([
      '--load-extension=/lib/a,/lib/b',
      '--disable-extensions-except=/lib/a,/lib/b',
      '--enable-unsafe-extension-debugging',
    ]);
  });

  test('no plugins: no extension flag at all', () => {
    expect(argsFor([], true)).toEqual([]);
    expect(argsFor([], false)).toEqual([]);
  });
});

describe.skipIf(!hasChromium)('extensions in a bare Chromium', () => {
  let install: BrowserInstall;
  let site: Awaited<ReturnType<typeof startSite>>;
  const started: { proc: BrowserProcess; profile: string }[] = [];

  beforeAll(async () => {
    install = await discoverBrowser();
    site = await startSite();
  }, 60_000);
  // After each test's browser is gone: their keep-alive connections would hold the site open.
  afterAll(() => site?.close());
  afterEach(async () => {
    for (const { proc, profile } of started.splice(0)) {
      proc.dispose();
      await proc.exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });

  /** Chromium with only the service's own DevTools pipe (and auto-attach, as the runtime has). */
  async function bare(args: string[] = []): Promise<CdpConnection> {
    const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
    const proc = spawnBrowser({
      executable: install.path,
      args: [
        '--headless=new',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        `--user-data-dir=${profile}`,
        '--remote-debugging-pipe',
        '--enable-unsafe-extension-debugging',
        '--no-startup-window',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
        ...args,
      ],
      env: process.env,
      stateFile: path.join(profile, 'state.json'),
      marker: `--user-data-dir=${profile}`,
      profile,
    });
    started.push({ proc, profile });
    const cdp = proc.cdp;
    cdp.on('event', (event: { method: string; params: Record<string, unknown> }) => {
      if (event.method === 'Target.attachedToTarget' && event.params.waitingForDebugger) {
        void cdp.quiet('Runtime.runIfWaitingForDebugger', {}, event.params.sessionId as string);
      }
    });
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
    });
    return cdp;
  }

  test('this Chromium loads over DevTools and gives the ids we compute (key, else path)', async () => {
    expect(loadsOverDevTools(install.major)).toBe(true);
    const cdp = await bare();
    for (const plugin of checked('worker', 'keyed')) {
      const { id } = await cdp.send<{ id: string }>('Extensions.loadUnpacked', {
        path: plugin.realDir,
      });
      expect(id).toBe(extensionId(plugin.realDir, plugin.manifest));
    }
  }, 60_000);

  test('a service-worker extension and a content-script-only one load and run', async () => {
    const cdp = await bare();
    expect(await loadExtensions(cdp, checked('worker', 'content'), { overDevTools: true })).toEqual(
      ['plugin-worker', 'plugin-content'],
    );
    // The content script really runs in a page.
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
    });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    await cdp.send('Page.navigate', { url: `${site.url}/page` }, sessionId);
    const mark = () =>
      cdp
        .send<{ result: { value?: string } }>(
          'Runtime.evaluate',
          { expression: 'document.documentElement.dataset.hainiaoContent', returnByValue: true },
          sessionId,
        )
        .then(({ result }) => result.value)
        .catch(() => undefined); // while the page navigates
    expect(await until(mark, 10_000, 'the content script')).toBe('ran');
  }, 60_000);

  test("Chromium's refusals are -4 with its reason: a broken manifest, manifest version 2", async () => {
    const cdp = await bare();
    const broken = await failureOf(
      loadExtensions(cdp, checked('worker', 'broken'), { overDevTools: true }),
    );
    expect(broken.status).toBe(B.PLUGIN_LOAD_FAILED);
    expect(broken.message).toMatch(
      /^Plugin load failed: the browser refused plugin plugin-broken \(.*broken\): Manifest is not valid JSON/,
    );
    expect(broken.message).toContain('插件加载失败：浏览器拒绝加载插件 plugin-broken');
    const old = await failureOf(loadExtensions(cdp, checked('mv2'), { overDevTools: true }));
    expect(old.message).toContain('unsupported manifest version');
  }, 60_000);

  test('an id from loadUnpacked is no proof: with extensions disabled it is -4', async () => {
    const cdp = await bare(['--disable-extensions']);
    const { id } = await cdp.send<{ id: string }>('Extensions.loadUnpacked', {
      path: checked('content')[0]!.realDir,
    });
    expect(id).toMatch(/^[a-p]{32}$/);
    const failure = await failureOf(
      loadExtensions(cdp, checked('content'), { overDevTools: true, timeoutMs: 500 }),
    );
    expect(failure.status).toBe(B.PLUGIN_LOAD_FAILED);
    expect(failure.message).toContain("is not among the browser's enabled extensions");
  }, 60_000);

  test('--load-extension (browsers before 126): the same proofs, a skipped folder is -4', async () => {
    const plugins: CheckedPlugin[] = checked('worker', 'content', 'broken');
    const cdp = await bare([`--load-extension=${plugins.map((p) => p.realDir).join(',')}`]);
    expect(await loadExtensions(cdp, plugins.slice(0, 2), { overDevTools: false })).toEqual([
      'plugin-worker',
      'plugin-content',
    ]);
    const skipped = await failureOf(
      loadExtensions(cdp, plugins.slice(2), { overDevTools: false, timeoutMs: 500 }),
    );
    expect(skipped.status).toBe(B.PLUGIN_LOAD_FAILED);
  }, 60_000);

  test('without a listing, a page of the extension proves it (blocked when not running)', async () => {
    const cdp = await bare();
    const [content] = checked('content');
    const { id } = await cdp.send<{ id: string }>('Extensions.loadUnpacked', {
      path: content!.realDir,
    });
    expect(await extensionPageError(cdp, id)).toBeUndefined();
    expect(await extensionPageError(cdp, 'a'.repeat(32))).toBe('net::ERR_BLOCKED_BY_CLIENT');
    // The throwaway tabs go away again.
    const pages = async () =>
      (await cdp.send<{ targetInfos: { type: string }[] }>('Target.getTargets')).targetInfos.filter(
        (t) => t.type === 'page',
      ).length;
    await until(async () => (await pages()) === 0, 10_000, 'the throwaway tabs closed');
  }, 60_000);
});

/** Chromium processes of one environment (its profile on their command line). */
function browsersOfEnvironment(dataDir: string, id: string): number[] {
  const marker = path.join(dataDir, 'sessions', id, 'profile');
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker) &&
          !/\) Z /.test(fs.readFileSync(`/proc/${name}/stat`, 'utf8'))
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(!hasChromium)('plugins at browser/start', () => {
  let api: BrowserService;
  let library: Record<string, { id: string; version: string }>;

  beforeAll(async () => {
    api = await startBrowserService();
    const list = (await api.service.post('/api/v1/plugin/list')).json().data.Plugin_list as {
      Plugin_Id: string;
      Plugin_Name: string;
      Plugin_Ver: string;
    }[];
    library = Object.fromEntries(
      list.map((p) => [p.Plugin_Name, { id: p.Plugin_Id, version: p.Plugin_Ver }]),
    );
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
  }, 60_000);

  const folderOf = (name: string) =>
    path.join(api.service.dataDir, 'library', 'plugins', library[name]!.id, library[name]!.version);

  async function install(id: string, ...names: string[]) {
    const res = await api.service.post('/api/v1/session/plugin_install', {
      Session_ID: id,
      Plugin_ID: names.map((name) => library[name]!.id),
    });
    expect(res.json().code).toBe(0);
  }

  const runningIds = async () =>
    (await api.status()).listcontainer.map((item: { Session_ID: string }) => item.Session_ID);

  test('running plugins are counted: a service worker one and one without a background', async () => {
    const id = await api.create();
    await install(id, 'Dark Mode Lite', 'Copy Tab URLs');
    const ids = [library['Dark Mode Lite']!.id, library['Copy Tab URLs']!.id];
    // The library's ids are the extension ids Chromium gives them (from the manifest's key).
    for (const name of ['Dark Mode Lite', 'Copy Tab URLs']) {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(folderOf(name), 'manifest.json'), 'utf8'),
      );
      expect(extensionId(folderOf(name), manifest)).toBe(library[name]!.id);
    }
    const item = await api.startOne(id);
    try {
      expect(item).toMatchObject({ Plugins_Count: 2 });
      expect([...item.Plugin_Id].sort()).toEqual([...ids].sort());
      const [status] = (await api.status([id])).listcontainer;
      expect(status).toMatchObject({ status: 0, Session_Actived: 1, Plugins_Count: 2 });
      const browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      });
      try {
        const worker = await browser.waitForTarget(
          (t) => t.type() === 'service_worker' && t.url().includes(ids[0]!),
          { timeout: 10_000 },
        );
        expect(worker.url()).toBe(`chrome-extension://${ids[0]}/background.js`);
      } finally {
        await browser.disconnect();
      }
    } finally {
      await api.kill([id]);
    }
  }, 90_000);

  test('a plugin missing from the library is -3 and nothing starts', async () => {
    const id = await api.create();
    await install(id, 'Auto Refresh');
    fs.rmSync(folderOf('Auto Refresh'), { recursive: true, force: true });
    const [item] = await api.start([id]);
    expect(item).toMatchObject({ Session_ID: id, status: B.PLUGIN_DOWNLOAD_FAILED });
    expect(item.message).toContain(
      `Plugin download failed: plugin ${library['Auto Refresh']!.id} is not in the local library`,
    );
    expect(item.message).toContain('插件下载失败');
    expect(item).not.toHaveProperty('Plugins_Count');
    expect(browsersOfEnvironment(api.service.dataDir, id)).toEqual([]);
    expect(fs.existsSync(path.join(api.service.dataDir, 'sessions', id, 'profile'))).toBe(false);
    expect(await runningIds()).not.toContain(id);
    expect((await api.status([id])).listcontainer[0]).toMatchObject({
      status: 0,
      Session_Actived: 0,
    });
  }, 60_000);

  test('a plugin the browser refuses is -4: the started browser is closed again', async () => {
    const id = await api.create();
    // Installing again downloads the folder the test above removed.
    await install(id, 'Auto Refresh');
    const manifest = path.join(folderOf('Auto Refresh'), 'manifest.json');
    fs.writeFileSync(manifest, '{"manifest_version": 3, "name": ');
    try {
      const [item] = await api.start([id]);
      expect(item).toMatchObject({ Session_ID: id, status: B.PLUGIN_LOAD_FAILED });
      expect(item.message).toContain(
        `Plugin load failed: the browser refused plugin ${library['Auto Refresh']!.id}`,
      );
      expect(item.message).toContain('Manifest is not valid JSON');
      // The browser existed (its profile was written) and is gone, with its state file.
      expect(fs.existsSync(path.join(api.service.dataDir, 'sessions', id, 'profile'))).toBe(true);
      await until(
        () => browsersOfEnvironment(api.service.dataDir, id).length === 0,
        10_000,
        'no browser of the environment',
      );
      expect(fs.existsSync(path.join(api.service.dataDir, 'run', `${id}.json`))).toBe(false);
      expect(await runningIds()).not.toContain(id);
      expect((await api.status([id])).listcontainer[0]).toMatchObject({
        status: 0,
        Session_Actived: 0,
      });
    } finally {
      fs.rmSync(folderOf('Auto Refresh'), { recursive: true, force: true });
    }
  }, 60_000);
});
