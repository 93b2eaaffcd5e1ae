import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readFaqSource } from './faq-source.ts';
import { fileSystems, kernelOfFile, releases } from './releases.ts';
import { siteContent } from './site-content.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-faq-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const article = (title: string, category: string, sort: number, extra = '') =>
  `---\ntitle: ${title}\ncategory: ${category}\nsort: ${sort}\n${extra}---\n\nAbout ${title}.\n\nMore.\n`;

// Categories listed setup (sort 2) before proxies (sort 1); files in name order: a-, b-, c-.
const faq = readFaqSource(
  fixture({
    'categories.json': JSON.stringify([
      { ename: 'setup', sort: 2, name: { en: 'Setup', zh: '安装' } },
      { ename: 'proxies', sort: 1, name: { en: 'Proxies', zh: '代理' } },
    ]),
    'articles/a-install.en.md': article('Install', 'setup', 1, 'updated: 2026-03-04\n'),
    'articles/a-install.zh.md': article('安装', 'setup', 1),
    'articles/b-socks.en.md': article('SOCKS', 'proxies', 2),
    'articles/b-socks.zh.md': article('SOCKS 代理', 'proxies', 2),
    'articles/c-http.en.md': article('HTTP', 'proxies', 1),
    'articles/c-http.zh.md': article('HTTP 代理', 'proxies', 1),
  }),
);
const content = siteContent({ faq, today: '2026-05-06' });

describe('the content of a fresh install, without a database', () => {
  test('categories in their sort order, with the ids the seed gives them and their counts', async () => {
    expect(await content.categories('zh')).toEqual([
      { id: 2, ename: 'proxies', name: '代理', count: 2 },
      { id: 1, ename: 'setup', name: '安装', count: 1 },
    ]);
  });

  test('articles by category, then their own sort; summary, category name and date', async () => {
    const list = await content.articles('en');
    expect(list.map((a) => [a.id, a.ename])).toEqual([
      [3, 'c-http'],
      [2, 'b-socks'],
      [1, 'a-install'],
    ]);
    expect(list[2]).toEqual({
      id: 1,
      ename: 'a-install',
      title: 'Install',
      summary: 'About Install.',
      article_category_id: 1,
      category_name: 'Setup',
      updated_at: '2026-03-04',
    });
    // Without an `updated` date an article carries the day it was seeded (here: built).
    expect(list[0]?.updated_at).toBe('2026-05-06');
  });

  test('one article by ename or by id, in its language, with the category list', async () => {
    const byName = await content.article('zh', 'b-socks');
    expect(byName?.title).toBe('SOCKS 代理');
    expect(byName?.content).toBe('About SOCKS 代理.\n\nMore.\n');
    expect(byName?.category_list.map((c) => c.name)).toEqual(['代理', '安装']);
    expect(await content.article('zh', '2')).toEqual(byName);
    expect(await content.article('en', 'missing')).toBeUndefined();
    expect(await content.article('en', '99')).toBeUndefined();
  });

  test('the download page: cores in either language; no version and no history published', async () => {
    const { cores } = releases();
    // The programs are published into the cloud's release store, never part of a fresh install.
    expect(await content.clientVersion()).toBeUndefined();
    expect(await content.history()).toEqual([]);
    const en = await content.coreList('en');
    expect(en.map((c) => c.name)).toEqual(cores.map((c) => c.name));
    expect((await content.coreList('zh')).map((c) => c.name)).toEqual(cores.map((c) => c.name_zh));
    expect(en[0]).toEqual({
      name: cores[0]!.name,
      version: cores[0]!.version,
      core: cores[0]!.core,
      path: '',
    });
    // Every browser version 95–106, once each.
    expect(cores.map((c) => Number(c.version))).toEqual([
      106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96, 95,
    ]);
  });

  test("a file's systems follow the kernel its name carries; none named means all four", () => {
    expect(kernelOfFile('/downloads/hainiao-2.8.0-chromium132.zip')).toBe(132);
    expect(kernelOfFile('https://cdn.example.com/v2/hainiao-chromium128-setup.exe')).toBe(128);
    expect(kernelOfFile('/downloads/hainiao-2.8.0.zip')).toBeUndefined();
    expect(kernelOfFile('/chromium-132/hainiao.zip')).toBeUndefined();
    expect(fileSystems('hainiao-chromium129.zip')).toEqual(['Windows 10', 'Windows 11']);
    expect(fileSystems('hainiao-chromium128.zip')).toEqual([
      'Windows 7',
      'Windows 8',
      'Windows 10',
      'Windows 11',
    ]);
    expect(fileSystems('hainiao-2.4.zip')).toHaveLength(4);
  });
});
