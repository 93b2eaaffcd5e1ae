import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
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
import { DEMO_CORES, DEMO_HISTORY, DEMO_VERSION, seedContent } from './seed.ts';

describeEachDatabase('content calls', (ctx) => {
  let app: FastifyInstance;
  // A data folder of its own: the library folder goes beside the releases (app.ts).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-releases-'));
  const releasesDir = path.join(dataDir, 'releases');
  const faq = readFaqSource();

  beforeAll(async () => {
    await seedContent(ctx.database, { releasesDir });
    await seedContent(ctx.database, { releasesDir }); // seeding twice must not duplicate anything
    app = await buildTestApp(ctx.database, { releasesDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('version answers code 0 with the stored version string', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ inweb: '1', lang: 'en' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: DEMO_VERSION });
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
    for (const core of en.body.data as { version: string; path: string }[]) {
      expect(Number(core.version)).toBeGreaterThanOrEqual(BROWSER_VERSION_MIN);
      expect(Number(core.version)).toBeLessThanOrEqual(BROWSER_VERSION_MAX);
      expect(core.path).toMatch(/^\/downloads\/[\w.-]+\.zip$/);
    }
  });

  test('every core and history entry is a real file the cloud serves as an attachment', async () => {
    const urls = [...DEMO_CORES.map((c) => c.path), ...DEMO_HISTORY.map((h) => h.url)];
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${path.basename(url)}"`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const readme = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['README.txt']!);
      expect(readme).toContain('NOT the Windows');
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

  test('historylist.php is a GET answering code 0 with name, size, date, url and systems', async () => {
    const res = await app.inject({ method: 'GET', url: '/historylist.php' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toEqual(
      DEMO_HISTORY.map(({ name, size, date, url }) => ({
        name,
        size,
        date,
        url,
        os: expect.any(Array),
      })),
    );
    // Each file's systems follow from the kernel its name carries (KERNEL_WIN10_ONLY_FROM).
    expect(
      body.data.map((file: { name: string; os: string[] }) => [file.name, file.os.join('/')]),
    ).toEqual(
      DEMO_HISTORY.map(({ name }) => [
        name,
        Number(/chromium(\d+)/.exec(name)?.[1]) >= 129
          ? 'Windows 10/Windows 11'
          : 'Windows 7/Windows 8/Windows 10/Windows 11',
      ]),
    );
    // The size is the stored file's real size.
    const first = DEMO_HISTORY[0]!;
    const bytes = fs.statSync(path.join(releasesDir, path.basename(first.url))).size;
    expect(first.size).toMatch(bytes < 1024 ? /B$/ : /KB$/);
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

  test('version reflects what the operator stored', async () => {
    await ctx.database.db
      .updateTable('setting')
      .set({ value: '3.0.0' })
      .where('key', '=', 'client_version')
      .execute();
    const res = await post(app, 'version', {}, 'zh-CHS');
    expect(res.body.data).toBe('3.0.0');
  });
});
