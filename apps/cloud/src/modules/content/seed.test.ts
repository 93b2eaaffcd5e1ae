import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { LANGS } from '@hainiao/contract';
import { siteContent } from '@hainiao/content';
import { describeEachDatabase } from '../../test/databases.ts';
import { seedContent } from './seed.ts';
import { contentService } from './service.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A FAQ folder with the given files (paths relative to it). */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-faq-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const categories = JSON.stringify([
  { ename: 'setup', sort: 2, name: { en: 'Setup', zh: '安装' } },
  { ename: 'proxies', sort: 1, name: { en: 'Proxies', zh: '代理' } },
]);

const article = (
  title: string,
  category = 'setup',
  body = 'First paragraph.\n\n## More\n\nText.',
) => `---\ntitle: ${title}\ncategory: ${category}\nsort: 3\n---\n\n${body}\n`;

describeEachDatabase('FAQ seed', (ctx) => {
  test('stores the folder and follows later edits of untouched articles', async () => {
    const dir = fixture({
      'categories.json': categories,
      'articles/install.en.md': article('Install'),
      'articles/install.zh.md': article('安装'),
    });
    await seedContent(ctx.database, { faqDir: dir });
    const content = contentService(ctx.database);
    expect((await content.categories('zh')).map((c) => [c.name, c.count])).toEqual([
      ['代理', 0],
      ['安装', 1],
    ]);
    fs.writeFileSync(path.join(dir, 'articles/install.en.md'), article('Install, updated'));
    fs.writeFileSync(path.join(dir, 'articles/extra.en.md'), article('Extra', 'proxies'));
    fs.writeFileSync(path.join(dir, 'articles/extra.zh.md'), article('额外', 'proxies'));
    await seedContent(ctx.database, { faqDir: dir });
    expect((await content.article('en', 'install'))?.title).toBe('Install, updated');
    expect((await content.articles('zh')).map((a) => a.title)).toEqual(['额外', '安装']);
    expect(await content.articleExists('extra')).toBe(true);
    expect(await content.articleExists('missing')).toBe(false);
  });
});

// The site's build prerenders the download and FAQ pages from @hainiao/content without a database;
// a freshly seeded cloud must answer exactly that, or the hydrated pages would disagree with the
// cloud's answers (ids, order, summaries, dates).
describeEachDatabase('a fresh install', (ctx) => {
  test('answers what the site prerenders, call for call', async () => {
    await seedContent(ctx.database);
    const cloud = contentService(ctx.database);
    const site = siteContent();
    // As JSON text: the prerendered pages embed the answers, so even the order of fields counts.
    const same = async (fromCloud: Promise<unknown>, fromSite: Promise<unknown>) =>
      expect(JSON.stringify(await fromCloud)).toBe(JSON.stringify(await fromSite));
    await same(cloud.clientVersion(), site.clientVersion());
    await same(cloud.history(), site.history());
    for (const lang of LANGS) {
      await same(cloud.coreList(lang), site.coreList(lang));
      await same(cloud.categories(lang), site.categories(lang));
      const articles = await cloud.articles(lang);
      expect(articles.length).toBeGreaterThan(0);
      await same(Promise.resolve(articles), site.articles(lang));
      for (const { id, ename } of articles) {
        await same(cloud.article(lang, ename), site.article(lang, ename));
        await same(cloud.article(lang, String(id)), site.article(lang, String(id)));
      }
    }
  });
});

// Earlier installs were seeded with demo cores, a demo version 2.8.1 and demo history files,
// demonstration zips in the release store; the client programs are published now, and nothing
// stands in for them.
describeEachDatabase('an install seeded by an earlier release', (ctx) => {
  const earlierCores = [106, 104, 102, 100, 98, 95].map((version, sort) => ({
    name: `Hainiao Browser ${version}`,
    name_zh: `海鸟浏览器 ${version}`,
    version: String(version),
    core: 100 + version - 70,
    path: `/downloads/hainiao-2.8.1-browser${version}-chromium${100 + version - 70}.zip`,
    sort,
  }));
  const earlierHistory = ['2.8.0', '2.7.3'].map((version, sort) => ({
    name: `hainiao-${version}.zip`,
    size: '1.4 KB',
    date: '2026-10-27',
    url: `/downloads/hainiao-${version}.zip`,
    sort,
  }));

  test('loses the demo version, rows and zips, gets the twelve cores; an operator’s rows are kept', async () => {
    const { db } = ctx.database;
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-releases-'));
    dirs.push(releasesDir);
    const demoFiles = [...earlierCores.map((c) => c.path), ...earlierHistory.map((h) => h.url)];
    for (const url of demoFiles)
      fs.writeFileSync(path.join(releasesDir, path.basename(url)), 'zip');
    fs.writeFileSync(path.join(releasesDir, 'mine.exe'), 'an operator’s file');
    await db.insertInto('setting').values({ key: 'client_version', value: '2.8.1' }).execute();
    await db.insertInto('browser_core').values(earlierCores).execute();
    await db.insertInto('release_history').values(earlierHistory).execute();
    await seedContent(ctx.database, { releasesDir });
    const content = contentService(ctx.database);
    const cores = await content.coreList('en');
    expect(cores.map((core) => Number(core.version))).toEqual([
      106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96, 95,
    ]);
    expect(new Set(cores.map((core) => core.path))).toEqual(new Set(['']));
    expect(await content.history()).toEqual([]);
    expect(await content.clientVersion()).toBeUndefined();
    expect(fs.readdirSync(releasesDir)).toEqual(['mine.exe']);

    // An operator's own core (another file) keeps the table as it is, restart after restart; so
    // does a version an operator set.
    await db.updateTable('browser_core').set({ path: '/downloads/mine.exe' }).execute();
    await db.insertInto('release_history').values(earlierHistory).execute();
    await db
      .insertInto('release_history')
      .values({ ...earlierHistory[0]!, url: 'https://cdn.example.com/hainiao-2.6.zip', sort: 5 })
      .execute();
    await db.insertInto('setting').values({ key: 'client_version', value: '2.9.0' }).execute();
    await seedContent(ctx.database, { releasesDir });
    expect(new Set((await content.coreList('en')).map((core) => core.path))).toEqual(
      new Set(['/downloads/mine.exe']),
    );
    const history = await content.history();
    expect(history).toHaveLength(3);
    // Files that name no kernel are the client alone: all four Windows versions.
    expect(history.map((file) => file.os)).toEqual(
      Array(3).fill(['Windows 7', 'Windows 8', 'Windows 10', 'Windows 11']),
    );
    expect(await content.clientVersion()).toBe('2.9.0');
  });
});
