/**
 * The browser runtime against a bare Chromium launched by hand with the same flags, in the same
 * run: start latency (the start call until its answer with a usable DevTools port, against spawn
 * until the bare browser's /json/version answers; target ≤ 1.3×), the memory of one running
 * headless environment with one blank tab (PSS of its whole process tree; target ≤ 1.1×), and
 * 20 environments started with one call, and the cost of instrumenting a page: a new tab until
 * its `load` event in a running environment (auto-attached, overrides applied before the tab runs)
 * against the same in the bare browser. `npm run bench -- browser`
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '../apps/local-api/src/model/settings.ts';
import { BASE_FLAGS, settingFlags } from '../apps/local-api/src/runtime/profile.ts';
import { discoverBrowser } from '../apps/local-api/src/runtime/discovery.ts';
import puppeteer from 'puppeteer-core';
import { startBrowserService, startSite } from '../apps/local-api/src/test/browser.ts';

const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 5);
const MANY = 20;
const TAB_ROUNDS = Number(process.env.BENCH_TAB_ROUNDS ?? 10);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PSS (kB) of every process in the process group `pgid` (Linux). */
function groupPss(pgid: number): number {
  let total = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rollup = fs.readFileSync(`/proc/${name}/smaps_rollup`, 'utf8');
      total += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone, or not ours to read
    }
  }
  return total;
}

async function versionAnswers(port: number): Promise<void> {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return;
    } catch {
      // not yet
    }
    await sleep(5);
  }
}

/** A bare Chromium with the runtime's flags: ms until /json/version answers, and its pid. */
async function bareLaunch(executable: string, dir: string) {
  const started = performance.now();
  const child = spawn(
    executable,
    [
      ...BASE_FLAGS,
      ...settingFlags(DEFAULT_SETTINGS),
      `--user-data-dir=${dir}`,
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      '--headless=new',
      '--window-size=1920,1032',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      '--no-startup-window',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/\S+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`bare chromium exited: ${output}`)));
  });
  child.stderr.resume();
  await versionAnswers(port);
  return { ms: performance.now() - started, pid: child.pid ?? 0, port };
}

/** Median ms from a new tab until its page fired `load`, through the browser on `port`. */
async function newTabToLoad(port: number, url: string, rounds: number): Promise<number> {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${port}`,
    defaultViewport: null,
  });
  try {
    const times: number[] = [];
    for (let round = 0; round < rounds + 1; round++) {
      const started = performance.now();
      const page = await browser.newPage();
      await page.goto(`${url}/?round=${round}`, { waitUntil: 'load' });
      // The first round warms the connection and the page cache on both sides.
      if (round > 0) times.push(performance.now() - started);
      await page.close();
    }
    return median(times);
  } finally {
    await browser.disconnect();
  }
}

const kill = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone
  }
};

export async function run(): Promise<string> {
  const install = await discoverBrowser();
  const api = await startBrowserService();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-bare-'));
  const site = await startSite({
    '/': '<!doctype html><title>bench</title><p>A page with a script.</p><script>document.title += 1</script>',
  });
  try {
    // Warm both paths once (disk cache, the service's browser discovery).
    const warm = await bareLaunch(install.path, path.join(scratch, 'warm'));
    kill(warm.pid);
    const warmId = await api.create();
    await api.startOne(warmId);
    await api.kill([warmId]);

    // First starts: a fresh profile on both sides (and, for Hainiao, a new fingerprint).
    const bareFresh: number[] = [];
    const oursFresh: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const launched = await bareLaunch(install.path, path.join(scratch, `fresh${round}`));
      bareFresh.push(launched.ms);
      kill(launched.pid);
      const id = await api.create({ resolution: '1920x1080' });
      const started = performance.now();
      const item = await api.startOne(id);
      oursFresh.push(performance.now() - started);
      await versionAnswers(item.browser_CDP_Port);
      await api.kill([id]);
    }
    // Restarts: the same profile (and environment) again, the everyday case; memory at the end.
    const bare: number[] = [];
    const ours: number[] = [];
    let barePss = 0;
    let oursPss = 0;
    let bareTab = 0;
    let oursTab = 0;
    const id = await api.create({ resolution: '1920x1080' });
    await api.startOne(id);
    await api.kill([id]);
    for (let round = 0; round < ROUNDS; round++) {
      const launched = await bareLaunch(install.path, path.join(scratch, 'again'));
      bare.push(launched.ms);
      const started = performance.now();
      const item = await api.startOne(id);
      ours.push(performance.now() - started);
      await versionAnswers(item.browser_CDP_Port);
      if (round === ROUNDS - 1) {
        bareTab = await newTabToLoad(launched.port, site.url, TAB_ROUNDS);
        oursTab = await newTabToLoad(item.browser_CDP_Port, site.url, TAB_ROUNDS);
        for (const target of [launched.port, item.browser_CDP_Port]) {
          // Back to one tab each for the memory measure.
          const tabs = (await (await fetch(`http://127.0.0.1:${target}/json/list`)).json()) as {
            id: string;
            type: string;
          }[];
          for (const tab of tabs.filter((t) => t.type === 'page').slice(1)) {
            await fetch(`http://127.0.0.1:${target}/json/close/${tab.id}`);
          }
        }
        // One blank tab in each, as the runtime opens one.
        await fetch(`http://127.0.0.1:${launched.port}/json/new?about:blank`, { method: 'PUT' });
        await sleep(3000);
        barePss = groupPss(launched.pid);
        oursPss = groupPss(item.Session_ProcessID);
      }
      kill(launched.pid);
      await api.kill([id]);
    }

    const ids: string[] = [];
    for (let i = 0; i < MANY; i++) ids.push(await api.create());
    const manyStart = performance.now();
    const items = await api.start(ids);
    const manyMs = performance.now() - manyStart;
    const ok = items.filter((item) => item.status === 0).length;
    await sleep(3000);
    const manyPss = items.reduce((sum, item) => sum + groupPss(item.Session_ProcessID), 0);
    await api.kill(ids);

    const bareMs = median(bare);
    const oursMs = median(ours);
    const bareFreshMs = median(bareFresh);
    const oursFreshMs = median(oursFresh);
    const mb = (kb: number) => (kb / 1024).toFixed(0);
    return [
      `Chromium ${install.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, medians of ${ROUNDS} runs.`,
      '',
      '| measure | bare Chromium | Hainiao | ratio | target |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| start → usable CDP port, same profile again (ms) | ${bareMs.toFixed(0)} | ${oursMs.toFixed(0)} | ${(oursMs / bareMs).toFixed(2)}× | ≤ 1.3× |`,
      `| start → usable CDP port, first start of a fresh profile (ms) | ${bareFreshMs.toFixed(0)} | ${oursFreshMs.toFixed(0)} | ${(oursFreshMs / bareFreshMs).toFixed(2)}× | ≤ 1.3× |`,
      `| memory of one headless browser (PSS, MB) | ${mb(barePss)} | ${mb(oursPss)} | ${(oursPss / barePss).toFixed(2)}× | ≤ 1.1× |`,
      `| new tab → \`load\`, instrumented against bare (ms, median of ${TAB_ROUNDS}) | ${bareTab.toFixed(0)} | ${oursTab.toFixed(0)} | ${(oursTab / bareTab).toFixed(2)}× | — |`,
      `| ${MANY} environments, one start call (ms) | — | ${manyMs.toFixed(0)} | ${ok}/${MANY} started | all start |`,
      `| ${MANY} environments running (PSS, MB, total) | ${mb(barePss * MANY)} (×${MANY}) | ${mb(manyPss)} | ${(manyPss / (barePss * MANY)).toFixed(2)}× | — |`,
    ].join('\n');
  } finally {
    await site.close();
    await api.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
