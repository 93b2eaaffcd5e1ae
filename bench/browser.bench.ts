/**
 * The browser runtime against a bare Chromium launched by hand, in the same run, pairwise:
 * - a headless start (a window on the service's own Xvfb display of the environment's size): the
 *   start call, the DevTools endpoint answering, the kill call — against a bare Chromium with its
 *   default flags as a window on an Xvfb display started the same way (spawn both, /json/version
 *   answers, both ended); target ≤ 1.0× (the measure). Beside it: against a bare window
 *   with the runtime's own flags (what the service adds to the same browser), what the window
 *   costs (the bare window against a bare `--headless=new`), and the start against that one;
 * - the memory of one running environment with one blank tab (PSS of its whole process tree,
 *   without the display; target ≤ 1.1×);
 * - the cost of instrumenting a page: a new tab until its `load` event in a running environment
 *   (auto-attached, overrides applied before the tab runs) against the same in the bare browser;
 * - the CPU time one start costs (the whole process tree, user and system, until it settles),
 *   against a bare window with Chromium's defaults: on a 2-core machine 50 starts are bound by it;
 * - 50 environments started with one call (target ≤ 40 s) and their memory.
 * `npm run bench -- browser`
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS } from '@hainiao/local-api/model/settings.ts';
import { BASE_FLAGS, settingFlags } from '@hainiao/local-api/runtime/profile/profile.ts';
import { discoverBrowser } from '@hainiao/local-api/runtime/launch/discovery.ts';
import puppeteer from 'puppeteer-core';
import { startBrowserService, startSite } from '@hainiao/local-api/test/browser.ts';

const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 10);
const MANY = 50;
const TAB_ROUNDS = Number(process.env.BENCH_TAB_ROUNDS ?? 10);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** USER_HZ: the clock ticks /proc counts CPU time in, on Linux. */
const TICKS = 100;

/**
 * The sum of `measure` over every process in the process group `pgid` (Linux): it gets a
 * process's /proc folder and its stat fields after the name (fields[0] is the state).
 */
function sumOverGroup(pgid: number, measure: (dir: string, fields: string[]) => number): number {
  let total = 0;
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      total += measure(`/proc/${name}`, fields);
    } catch {
      // gone, or not ours to read
    }
  }
  return total;
}

/** PSS (kB) of every process in the process group `pgid`. */
const groupPss = (pgid: number): number =>
  sumOverGroup(pgid, (dir) => {
    const rollup = fs.readFileSync(`${dir}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  });

/** CPU seconds (user and system) spent so far by every process in the process group `pgid`. */
const groupCpuSeconds = (pgid: number): number =>
  // utime, stime, and those of its ended children (a zygote's short-lived helpers).
  sumOverGroup(pgid, (_dir, fields) =>
    [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0),
  ) / TICKS;

/** CPU seconds the whole machine has spent busy (all cores, user and system), from /proc/stat. */
function machineBusySeconds(): number {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle, iowait
  return (ticks.reduce((sum, value) => sum + value, 0) - idle) / TICKS;
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

/** An Xvfb display of 1920×1080 as the service starts one; resolves once it takes clients. */
async function startXvfb(): Promise<{ display: string; pid: number }> {
  const child = spawn(
    'Xvfb',
    [
      '-displayfd',
      '3',
      '-screen',
      '0',
      '1920x1080x24',
      '-nolisten',
      'tcp',
      '-nolisten',
      'unix',
      '-noreset',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const display = await new Promise<string>((resolve, reject) => {
    let written = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      const match = /^(\d+)\n/.exec(written);
      if (match) resolve(`:${match[1]}`);
    });
    child.once('exit', () => reject(new Error('Xvfb exited')));
  });
  return { display, pid: child.pid ?? 0 };
}

/** Resolves once process `pid` is gone. */
async function waitGone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(5);
  }
}

/**
 * A bare Chromium showing one blank tab, as a start does: with the runtime's flags as a window on
 * its own Xvfb display (`window`) or in Chromium's headless mode (`headless`), or with Chromium's
 * default flags as a window (`default`, as a user would start it by hand). Answers the ms until
 * /json/version answers, its pid and port, and `end` (both ended, waited).
 */
async function bareLaunch(
  executable: string,
  dir: string,
  mode: 'window' | 'headless' | 'default' = 'window',
) {
  const started = performance.now();
  const xvfb = mode === 'headless' ? undefined : await startXvfb();
  const child = spawn(
    executable,
    [
      // `default`: Chromium's own defaults, as a user would start it by hand.
      ...(mode === 'default' ? [] : [...BASE_FLAGS, ...settingFlags(DEFAULT_SETTINGS)]),
      `--user-data-dir=${dir}`,
      '--remote-debugging-port=0',
      '--remote-debugging-address=127.0.0.1',
      ...(mode === 'headless' ? ['--headless=new'] : ['--window-position=0,0']),
      '--window-size=1920,1032',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      'about:blank',
    ],
    {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(xvfb ? { DISPLAY: xvfb.display } : {}) },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
  const ms = performance.now() - started;
  const end = async () => {
    kill(child.pid ?? 0);
    await exited;
    if (xvfb) {
      kill(xvfb.pid);
      await waitGone(xvfb.pid);
    }
  };
  return { ms, pid: child.pid ?? 0, port, end };
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

function kill(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone
  }
}

export async function run(): Promise<string> {
  const install = await discoverBrowser();
  const api = await startBrowserService();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-bench-bare-'));
  const site = await startSite({
    '/': '<!doctype html><title>bench</title><p>A page with a script.</p><script>document.title += 1</script>',
  });
  try {
    // Warm both paths once (disk cache, the service's browser discovery).
    await (await bareLaunch(install.path, path.join(scratch, 'warm'))).end();
    const warmId = await api.create({ resolution: '1920x1080' });
    await api.startOne(warmId);
    await api.kill([warmId]);

    // Start → DevTools endpoint answering → ended, pairwise, the same profile again each round
    // (the everyday case): the service's headless start, a bare window, a bare headless one.
    const bareDefault: number[] = [];
    const bareWindow: number[] = [];
    const bareHeadless: number[] = [];
    const ours: number[] = [];
    const id = await api.create({ resolution: '1920x1080' });
    await api.startOne(id);
    await api.kill([id]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [mode, times] of [
        ['default', bareDefault],
        ['window', bareWindow],
        ['headless', bareHeadless],
      ] as const) {
        const started = performance.now();
        const launched = await bareLaunch(install.path, path.join(scratch, mode), mode);
        await launched.end();
        times.push(performance.now() - started);
      }
      const started = performance.now();
      const item = await api.startOne(id);
      await versionAnswers(item.browser_CDP_Port);
      await api.kill([id]);
      ours.push(performance.now() - started);
    }

    // Memory and the cost of a new tab, once more each, side by side.
    const launched = await bareLaunch(install.path, path.join(scratch, 'window'));
    const item = await api.startOne(id);
    const bareTab = await newTabToLoad(launched.port, site.url, TAB_ROUNDS);
    const oursTab = await newTabToLoad(item.browser_CDP_Port, site.url, TAB_ROUNDS);
    for (const target of [launched.port, item.browser_CDP_Port]) {
      // Back to the one blank tab each started with, for the memory measure.
      const tabs = (await (await fetch(`http://127.0.0.1:${target}/json/list`)).json()) as {
        id: string;
        type: string;
      }[];
      for (const tab of tabs.filter((t) => t.type === 'page').slice(1)) {
        await fetch(`http://127.0.0.1:${target}/json/close/${tab.id}`);
      }
    }
    await sleep(3000);
    const barePss = groupPss(launched.pid);
    const oursPss = groupPss(item.Session_ProcessID);
    await launched.end();
    await api.kill([id]);

    // What one start costs the CPU once it has settled (3 s): a bare window with Chromium's default
    // flags on its own Xvfb, and a start through the service (the displays not counted).
    const bareCpu: number[] = [];
    const oursCpu: number[] = [];
    for (let round = 0; round < 3; round++) {
      const bare = await bareLaunch(install.path, path.join(scratch, 'default'), 'default');
      await sleep(3000);
      bareCpu.push(groupCpuSeconds(bare.pid));
      await bare.end();
      const started = await api.startOne(id);
      await sleep(3000);
      oursCpu.push(groupCpuSeconds(started.Session_ProcessID));
      await api.kill([id]);
    }

    const ids: string[] = [];
    for (let i = 0; i < MANY; i++) ids.push(await api.create());
    const busyBefore = machineBusySeconds();
    const manyStart = performance.now();
    const items = await api.start(ids);
    const manyMs = performance.now() - manyStart;
    // How much of the machine the call kept busy: near 100 % means the cores, not waits, set its time.
    const busyShare =
      (machineBusySeconds() - busyBefore) / ((manyMs / 1000) * os.availableParallelism());
    const ok = items.filter((item) => item.status === 0).length;
    await sleep(3000);
    const manyPss = items.reduce((sum, item) => sum + groupPss(item.Session_ProcessID), 0);
    await api.kill(ids);

    const byHand = median(bareDefault);
    const window = median(bareWindow);
    const headless = median(bareHeadless);
    const oursMs = median(ours);
    const mb = (kb: number) => (kb / 1024).toFixed(0);
    return [
      `Chromium ${install.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, medians of ${ROUNDS} rounds.`,
      '',
      '| measure | baseline | Hainiao | ratio | target |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| start → DevTools endpoint answering → ended (ms): headless start against a bare window on its own Xvfb, default flags | ${byHand.toFixed(0)} | ${oursMs.toFixed(0)} | ${(oursMs / byHand).toFixed(2)}× | ≤ 1.0× |`,
      `| the same: against a bare window on its own Xvfb with the runtime's flags | ${window.toFixed(0)} | ${oursMs.toFixed(0)} | ${(oursMs / window).toFixed(2)}× | — |`,
      `| the same: headless start against a bare \`--headless=new\` | ${headless.toFixed(0)} | ${oursMs.toFixed(0)} | ${(oursMs / headless).toFixed(2)}× | — |`,
      `| the same: a bare window on Xvfb against a bare \`--headless=new\` | ${headless.toFixed(0)} | ${window.toFixed(0)} | ${(window / headless).toFixed(2)}× | — |`,
      `| memory of one environment with one tab (PSS, MB, without the display) | ${mb(barePss)} | ${mb(oursPss)} | ${(oursPss / barePss).toFixed(2)}× | ≤ 1.1× |`,
      `| new tab → \`load\`, instrumented against bare (ms, median of ${TAB_ROUNDS}) | ${bareTab.toFixed(0)} | ${oursTab.toFixed(0)} | ${(oursTab / bareTab).toFixed(2)}× | — |`,
      `| CPU time of one start, whole process tree until settled (s, median of 3): against a bare window, default flags | ${median(bareCpu).toFixed(2)} | ${median(oursCpu).toFixed(2)} | ${(median(oursCpu) / median(bareCpu)).toFixed(2)}× | — |`,
      `| ${MANY} environments, one start call (s; the machine ${(busyShare * 100).toFixed(0)} % busy meanwhile) | — | ${(manyMs / 1000).toFixed(1)} | ${ok}/${MANY} started | ≤ 40 s |`,
      `| ${MANY} environments running (PSS, MB, total) | ${mb(barePss * MANY)} (×${MANY}) | ${mb(manyPss)} | ${(manyPss / (barePss * MANY)).toFixed(2)}× | — |`,
    ].join('\n');
  } finally {
    await site.close();
    await api.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
