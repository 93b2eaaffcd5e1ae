import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  BROWSER_VERSION_MAX,
  BROWSER_VERSION_MIN,
  siteMessages,
  type FaqArticle,
  type FaqArticleSummary,
  type FaqCategory,
} from '@hainiao/contract';
import { buildTestApp, form, post } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { readFaqSource } from '@hainiao/content';
import { diskStore } from '../../storage/files.ts';
import { publishRelease } from './publish.ts';
import { DEMO_CORES, seedContent } from './seed.ts';

describeEachDatabase('content calls', (ctx) => {
  let app: FastifyInstance;
  // A data folder of its own: the library folder goes beside the releases (app.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-releases-'));
  const releasesDir = path.join(dataDir, 'releases');
  const faq = readFaqSource();

  const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  /** A program of `size` bytes on disk, as `npm run package` would have built it. */
  const program = (name: string, size: number) => {
    const file = path.join(dataDir, name);
    fs.writeFileSync(file, Buffer.alloc(size, name));
    return file;
  };

  beforeAll(async () => {
    await seedContent(ctx.database, { releasesDir });
    await seedContent(ctx.database, { releasesDir }); // seeding twice must not duplicate anything
    app = await buildTestApp(ctx.database, { releasesDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('with no client published, version answers not found and nothing is offered', async () => {
    const version = await post(app, 'version');
    expect(version.body).toEqual({ code: 404, msg: 'Not found' });
    const cores = await post(app, 'corelist');
    expect(cores.body.data.map((core: { path: string }) => core.path)).toEqual(
      DEMO_CORES.map(() => ''),
    );
    const history = await app.inject({ method: 'GET', url: '/historylist.php' });
    expect(history.json()).toEqual({ code: 0, msg: 'ok', data: [] });
    // No demonstration file stands in for the programs.
    expect(fs.existsSync(releasesDir) ? fs.readdirSync(releasesDir) : []).toEqual([]);
  });

  test('a call without inweb=1 fails with code 1 and a message in its language', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ lang: 'zh-CHS' }),
    });
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.msg).toMatch(/参数无效/);
  });

  test('corelist lists each core once, in the stored order and the requested language', async () => {
    const en = await post(app, 'corelist');
    expect(en.body.code).toBe(0);
    expect(en.body.data).toEqual(
      DEMO_CORES.map(({ name, version, core, path }) => ({ name, version, core, path })),
    );
    const zh = await post(app, 'corelist', {}, 'zh-CHS');
    expect(zh.body.data.map((c: { name: string }) => c.name)).toEqual(
      DEMO_CORES.map((c) => c.name_zh),
    );
    for (const core of en.body.data as { version: string }[]) {
      expect(Number(core.version)).toBeGreaterThanOrEqual(BROWSER_VERSION_MIN);
      expect(Number(core.version)).toBeLessThanOrEqual(BROWSER_VERSION_MAX);
    }
  });

  test('downloads refuse missing files and anything outside the store', async () => {
    for (const url of [
      '/downloads/nope.zip',
      '/downloads/..%2Fcloud.sqlite',
      '/downloads/.hidden',
      '/downloads/%2E%2E',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      // `%2E%2E` resolves to the site root, which this app (built without the site) refuses too.
      expect([404, 503], url).toContain(res.statusCode);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
  });

  test('published programs: the newest version, its Windows program behind every core, the history with sizes and checksums', async () => {
    const store = diskStore(releasesDir);
    await publishRelease(store, {
      version: '0.9.2',
      date: '2026-10-01',
      files: [{ system: 'linux-x64', path: program('old-linux', 2000) }],
    });
    await publishRelease(store, {
      version: '0.10.0',
      date: '2026-11-20',
      files: [
        { system: 'linux-x64', path: program('linux', 3000) },
        { system: 'windows-x64', path: program('windows', 1500) },
      ],
    });
    // 0.10.0 is newer than 0.9.2 (numbers, not text).
    expect((await post(app, 'version')).body).toEqual({ code: 0, msg: 'ok', data: '0.10.0' });
    const cores = (await post(app, 'corelist')).body.data as { path: string }[];
    expect(new Set(cores.map((core) => core.path))).toEqual(
      new Set(['/downloads/hainiao-0.10.0-windows-x64.exe']),
    );

    const res = await app.inject({ method: 'GET', url: '/historylist.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        name: 'hainiao-0.10.0-windows-x64.exe',
        size: '1.5 KB',
        date: '2026-11-20',
        url: '/downloads/hainiao-0.10.0-windows-x64.exe',
        os: ['Windows 10', 'Windows 11'],
        version: '0.10.0',
        system: 'windows-x64',
        bytes: 1500,
        sha256: sha(fs.readFileSync(path.join(dataDir, 'windows'))),
      },
      expect.objectContaining({ name: 'hainiao-0.10.0-linux-x64', version: '0.10.0', bytes: 3000 }),
      expect.objectContaining({ name: 'hainiao-0.9.2-linux-x64', date: '2026-10-01' }),
    ]);
    // Every listed file downloads as the bytes its checksum names.
    for (const file of res.json().data as { url: string; sha256: string; system: string }[]) {
      // As a browser asks: the bytes come as stored, with their length (no compression on the fly).
      const download = await app.inject({
        method: 'GET',
        url: file.url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(download.statusCode, file.url).toBe(200);
      expect(download.headers['content-encoding'], file.url).toBeUndefined();
      expect(download.headers['content-length'], file.url).toBe(String(download.rawPayload.length));
      expect(sha(download.rawPayload), file.url).toBe(file.sha256);
      expect(download.headers['content-type'], file.url).toBe(
        file.system === 'windows-x64'
          ? 'application/vnd.microsoft.portable-executable'
          : 'application/octet-stream',
      );
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${path.basename(file.url)}"`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('publishing a version again replaces its files; a version with a file gone is not offered', async () => {
    const store = diskStore(releasesDir);
    await publishRelease(store, {
      version: '0.10.0',
      date: '2026-11-21',
      files: [
        { system: 'linux-x64', path: program('linux', 3100) },
        { system: 'windows-x64', path: program('windows', 1600) },
      ],
    });
    const history = async () =>
      (await app.inject({ method: 'GET', url: '/historylist.php' })).json().data as {
        name: string;
        bytes: number;
      }[];
    expect((await history()).map((file) => [file.name, file.bytes])).toEqual([
      ['hainiao-0.10.0-windows-x64.exe', 1600],
      ['hainiao-0.10.0-linux-x64', 3100],
      ['hainiao-0.9.2-linux-x64', 2000],
    ]);
    // An operator deleted a program by hand: its version is left out whole, no dead link.
    fs.rmSync(path.join(releasesDir, 'hainiao-0.10.0-linux-x64'));
    expect((await post(app, 'version')).body.data).toBe('0.9.2');
    expect((await history()).map((file) => file.name)).toEqual(['hainiao-0.9.2-linux-x64']);
    // 0.9.2 has no Windows program: the cores point nowhere rather than at a Linux file.
    const cores = (await post(app, 'corelist')).body.data as { path: string }[];
    expect(new Set(cores.map((core) => core.path))).toEqual(new Set(['']));
  });

  test('a damaged release index offers nothing, and the calls still answer', async () => {
    fs.writeFileSync(path.join(releasesDir, 'releases.json'), '{"releases": [{"version": 1}]}');
    expect((await post(app, 'version')).body.code).toBe(404);
    const res = await app.inject({ method: 'GET', url: '/historylist.php' });
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: [] });
  });

  test('document mod=category lists the categories in order with their article counts', async () => {
    const en = await post(app, 'document', { mod: 'category' });
    expect(en.body.code).toBe(0);
    const categories = en.body.data as FaqCategory[];
    expect(categories.map((c) => c.name)).toEqual(
      [...faq.categories].sort((a, b) => a.sort - b.sort).map((c) => c.name.en),
    );
    const total = categories.reduce((sum, c) => sum + c.count, 0);
    expect(total).toBe(faq.articles.length);
    const zh = await post(app, 'document', { mod: 'category' }, 'zh-CHS');
    expect((zh.body.data as FaqCategory[]).map((c) => c.name)).toEqual(
      [...faq.categories].sort((a, b) => a.sort - b.sort).map((c) => c.name.zh),
    );
  });

  test('document mod=list answers every article, or those of one category', async () => {
    const all = await post(app, 'document', { mod: 'list' });
    const list = all.body.data as FaqArticleSummary[];
    expect(list).toHaveLength(faq.articles.length);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      ename: expect.any(String),
      title: expect.any(String),
      summary: expect.any(String),
      article_category_id: expect.any(Number),
      category_name: expect.any(String),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const categoryId = list[0]!.article_category_id;
    const one = await post(app, 'document', { mod: 'list', category_id: String(categoryId) });
    const filtered = one.body.data as FaqArticleSummary[];
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((a) => a.article_category_id === categoryId)).toBe(true);
    const empty = await post(app, 'document', { mod: 'list', category_id: '99999' });
    expect(empty.body).toEqual({ code: 0, msg: 'ok', data: [] });
  });

  test('document mod=article answers one article by id or ename, in the requested language', async () => {
    const source = faq.articles[0]!;
    const byName = await post(app, 'document', { mod: 'article', id: source.ename });
    const article = byName.body.data as FaqArticle;
    expect(article.title).toBe(source.text.en.title);
    expect(article.content).toBe(source.text.en.content);
    expect(article.category_list.length).toBe(faq.categories.length);
    // Beside its content and the categories, an article is its line of the list.
    const list = (await post(app, 'document', { mod: 'list' })).body.data as FaqArticleSummary[];
    const { content: _content, category_list: _categories, ...summary } = article;
    expect(summary).toEqual(list.find((line) => line.id === article.id));
    expect(summary.category_name).not.toBe('');
    const byId = await post(app, 'document', { mod: 'article', id: String(article.id) }, 'zh-CHS');
    expect(byId.body.data.title).toBe(source.text.zh.title);
    expect(byId.body.data.content).toBe(source.text.zh.content);
    expect(byId.body.data.category_list[0].name).toMatch(/[\u4e00-\u9fff]/);
  });

  test('a missing article fails with "article not found" in the caller language', async () => {
    const en = await post(app, 'document', { mod: 'article', id: 'no-such-article' });
    expect(en.body).toEqual({ code: 404, msg: siteMessages.faq.articleNotFound.en });
    const zh = await post(app, 'document', { mod: 'article', id: '987654' }, 'zh-CHS');
    expect(zh.body).toEqual({ code: 404, msg: siteMessages.faq.articleNotFound.zh });
    const missing = await post(app, 'document', { mod: 'article' });
    expect(missing.body.code).toBe(1);
    const badMod = await post(app, 'document', { mod: 'other' });
    expect(badMod.body.code).toBe(1);
  });

  test('an operator edit survives a new seed; untouched articles follow the files', async () => {
    const source = faq.articles[1]!;
    const { db } = ctx.database;
    const row = await db
      .selectFrom('faq_article')
      .select('id')
      .where('ename', '=', source.ename)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('faq_article_text')
      .set({ title: 'Edited by an operator' })
      .where('article_id', '=', row.id)
      .where('lang', '=', 'en')
      .execute();
    await seedContent(ctx.database, { releasesDir });
    const after = await post(app, 'document', { mod: 'article', id: source.ename });
    expect(after.body.data.title).toBe('Edited by an operator');
    const zh = await post(app, 'document', { mod: 'article', id: source.ename }, 'zh-CHS');
    expect(zh.body.data.title).toBe(source.text.zh.title);
  });

  test('an unknown call answers 404 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/nope',
      ...form({ inweb: '1' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  test('with nothing published, version answers what an operator stored by hand', async () => {
    // The index of the test above is damaged: nothing is published.
    await ctx.database.db
      .insertInto('setting')
      .values({ key: 'client_version', value: '3.0.0' })
      .execute();
    const res = await post(app, 'version', {}, 'zh-CHS');
    expect(res.body.data).toBe('3.0.0');
  });
});
