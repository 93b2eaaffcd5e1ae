/**
 * Lighthouse on the production build, as `npm start` serves it: `/`, `/zh`, `/download` and `/faq`
 * in Lighthouse's default mobile preset (Moto G class device, simulated slow 4G, 4x CPU slowdown),
 * with Debian's Chromium. Budgets: every category 100 on every page, and at most 90 KB of
 * JavaScript (gzip -9, like Vite's report) on a first visit to `/`; no schema code (zod) in any
 * script these pages load. A broken budget makes the bench exit with status 1. Also reports what
 * is transferred (the cloud sends Brotli) and which package weighs what in each script of that
 * first visit (apps/web/bundle-report.ts).
 *
 * `npm run bench -- lighthouse`. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildSiteIfStale } from '@hainiao/testkit/build-site';
import { BUNDLE_REPORT, type BundleReport } from '@hainiao/web/bundle-report.ts';
import { startProgram, WEB_DIST } from '../scripts/system.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/zh', '/download', '/faq'];
const BARS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/** JavaScript a first visit to `/` may download, gzip -9. */
const FIRST_VISIT_JS_BUDGET = 90 * 1024;
type Category = keyof typeof BARS;
/** Lighthouse varies from run to run; each page is measured this often and the median kept. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface Measurement {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  scripts: string[];
  scriptTransfer: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function measure(url: string, port: number): Promise<Measurement> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(BARS),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    (Object.keys(BARS) as Category[]).map((key) => [
      key,
      Math.round((lhr.categories[key]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
      ?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    scores,
    lcp: Number(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbt: Number(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN),
    scripts: scripts.map((r) => String(r.url)),
    scriptTransfer: scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
  };
}

/** Packages a public page must not load (the cloud client checks answers only outside production). */
const NOT_ON_PUBLIC_PAGES = ['zod'];

/** The packages of NOT_ON_PUBLIC_PAGES that the scripts of a page hold (apps/web/bundle-report.ts). */
function forbiddenIn(scripts: string[]): string[] {
  const file = path.join(WEB_DIST, BUNDLE_REPORT);
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as BundleReport;
  return scripts.flatMap((url) => {
    const name = new URL(url).pathname.replace(/^\//, '');
    return NOT_ON_PUBLIC_PAGES.filter((pkg) => (report[name]?.[pkg] ?? 0) > 0).map(
      (pkg) => `${pkg} in ${name}`,
    );
  });
}

/** Failing audits of a category, for the report when a bar is missed. */
async function failingAudits(url: string, port: number, category: Category): Promise<string[]> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [category],
  });
  const lhr = result?.lhr;
  if (!lhr) return [];
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
}

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  return zlib.gzipSync(body, { level: 9 }).length;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** For each script: its gzip size and the heaviest owners of its code (apps/web/bundle-report.ts). */
function bundleRows(scripts: string[], sizes: number[]): string[] {
  const file = path.join(WEB_DIST, BUNDLE_REPORT);
  if (!fs.existsSync(file))
    return ['(no bundle report: the build predates apps/web/bundle-report.ts)'];
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as BundleReport;
  const rows = [
    '| script | gzip -9 | what it holds (share of its code before minifying) |',
    '|---|---:|---|',
  ];
  scripts.forEach((url, index) => {
    const name = new URL(url).pathname.replace(/^\//, '');
    const owners = Object.entries(report[name] ?? {}).sort((a, b) => b[1] - a[1]);
    const total = owners.reduce((sum, [, bytes]) => sum + bytes, 0) || 1;
    const shown = owners
      .filter(([, bytes]) => bytes / total >= 0.02)
      .map(([owner, bytes]) => `${owner} ${Math.round((bytes / total) * 100)} %`)
      .join(', ');
    rows.push(`| ${name} | ${kb(sizes[index] ?? 0)} | ${shown || '—'} |`);
  });
  return rows;
}

export async function run(): Promise<string> {
  buildSiteIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-lighthouse-'));
  // The cloud alone, as `npm start` runs it: it serves the site and every call the pages make.
  const cloud = await startProgram(
    'cloud',
    [],
    { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST },
    /Hainiao cloud listening on (\S+)/,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const rows: string[] = [];
    const misses: string[] = [];
    let firstVisit: Measurement | undefined;
    for (const page of PAGES) {
      const url = cloud.url + page;
      const runs: Measurement[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measure(url, chrome.port));
      const scores = Object.fromEntries(
        (Object.keys(BARS) as Category[]).map((key) => [
          key,
          median(runs.map((r) => r.scores[key])),
        ]),
      ) as Record<Category, number>;
      if (page === '/') firstVisit = runs[0];
      for (const found of forbiddenIn(runs[0]?.scripts ?? [])) misses.push(`${page}: ${found}`);
      const cells = (Object.keys(BARS) as Category[]).map((key) => {
        const ok = scores[key] >= BARS[key];
        if (!ok) misses.push(`${page} ${key}`);
        return `${scores[key]}${ok ? '' : ' ✗'}`;
      });
      rows.push(
        `| ${page} | ${cells.join(' | ')} | ${Math.round(median(runs.map((r) => r.lcp)))} ms | ${Math.round(
          median(runs.map((r) => r.tbt)),
        )} ms | ${median(runs.map((r) => r.cls)).toFixed(3)} |`,
      );
      for (const key of Object.keys(BARS) as Category[]) {
        if (scores[key] < BARS[key]) {
          const audits = await failingAudits(url, chrome.port, key);
          misses.push(`  ${page} ${key}: ${audits.join(', ') || 'no single failing audit'}`);
        }
      }
    }

    const scripts = firstVisit?.scripts ?? [];
    const sizes = await Promise.all(scripts.map(gzipSize));
    const gzip = sizes.reduce((a, b) => a + b, 0);
    const overBudget = gzip > FIRST_VISIT_JS_BUDGET;
    if (overBudget)
      misses.push(`/ first visit: ${kb(gzip)} of JavaScript, budget ${kb(FIRST_VISIT_JS_BUDGET)}`);
    // A broken budget fails the bench (npm run bench exits 1), not only the table.
    if (misses.length > 0) process.exitCode = 1;
    const lines = [
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, median of ${RUNS} runs; budgets: every category 100, first visit to / ≤ ${kb(FIRST_VISIT_JS_BUDGET)} of JavaScript.`,
      '',
      '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      '| first visit to / | scripts | JavaScript (gzip -9) | JavaScript transferred (br) |',
      '|---|---|---|---|',
      `| | ${scripts.length} | ${kb(gzip)}${overBudget ? ' ✗' : ''} | ${kb(firstVisit?.scriptTransfer ?? 0)} |`,
      '',
      ...bundleRows(scripts, sizes),
      '',
      misses.length ? `Bars missed:\n${misses.join('\n')}` : 'Every bar met.',
    ];
    return lines.join('\n');
  } finally {
    chrome.kill();
    await new Promise<void>((resolve) => {
      cloud.child.once('exit', () => resolve());
      cloud.child.kill('SIGTERM');
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
