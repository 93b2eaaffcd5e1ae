/**
 * The data the documentation pages are built from: every call of the contract is on a page, in
 * the search index, in the OpenAPI document and in the Postman collection; every hand-written page
 * exists in both languages with the same sections; every link of the copy leads to a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  ADSPOWER_COMPAT_ROUTES,
  API_DOC_SLUGS,
  LOCAL_API_ROUTES,
  MCP_TOOLS,
  apiDocSlugOf,
  type ApiDocSlug,
} from '@hainiao/contract';
import { apiDocCopy } from '../../../locales/pages/api-doc.ts';
import { apiDocPages, type ProseSlug } from '../../../locales/pages/api-doc-pages.ts';
import type { Block } from '../types.ts';
import { EXAMPLE_FILES, REPO_ROOT, pageData, publishedFiles, searchIndex } from './model.ts';

const paths = LOCAL_API_ROUTES.map((route) => route.path).sort();

describe('documentation data', () => {
  test('every call of the contract is on a page, in the search, in OpenAPI and in Postman', () => {
    const onPages = API_DOC_SLUGS.flatMap((slug) =>
      (pageData(slug).calls ?? []).map((c) => c.path),
    );
    // postman-example repeats a few calls of the reference pages as examples.
    expect([...new Set(onPages)].sort()).toEqual(paths);
    expect(
      pageData('overview')
        .callIndex?.map((c) => c.path)
        .sort(),
    ).toEqual(paths);

    const search = searchIndex();
    for (const path of paths) {
      expect(
        search.some((entry) => entry.title.en.endsWith(` — ${path}`)),
        path,
      ).toBe(true);
    }

    const files = publishedFiles('https://hainiao.example');
    const openapi = JSON.parse(files['openapi.json']!) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(paths));
    const collection = files['hainiao-local-api.postman_collection.json']!;
    for (const path of paths) expect(collection, path).toContain(`{{port}}${path}"`);
    expect(JSON.parse(files['hainiao-local-api.postman_environment.json']!)).toHaveProperty(
      'values',
    );
  });

  test('call pages carry their answers in both languages', () => {
    const session = pageData('session').calls!;
    const create = session.find((c) => c.path === '/api/v1/session/create')!;
    expect(create.answer.en).toMatchObject({ message: 'Session Create Success', code: 0 });
    expect(create.answer.zh).toMatchObject({ message: '环境创建成功', code: 0 });
    expect(create.fields.map((f) => f.name)).toContain('Automatic_Configure');
  });

  test('hand-written pages: both languages, same sections, generated blocks the data fills', () => {
    for (const slug of Object.keys(apiDocPages.en) as ProseSlug[]) {
      expect(API_DOC_SLUGS).toContain(slug);
      const en = apiDocPages.en[slug];
      const zh = apiDocPages.zh[slug];
      expect(
        zh.sections.map((s) => s.id),
        slug,
      ).toEqual(en.sections.map((s) => s.id));
      zh.sections.forEach((section, index) => {
        const kinds = (blocks: readonly Block[]) => blocks.map((b) => Object.keys(b)[0]);
        expect(kinds(section.blocks), `${slug} ${section.id}`).toEqual(
          kinds(en.sections[index]!.blocks),
        );
      });
      const data = pageData(slug as ApiDocSlug);
      for (const block of en.sections.flatMap((s) => s.blocks)) {
        if (!('generated' in block)) continue;
        const kind = block.generated;
        const present =
          kind === 'call-index'
            ? data.callIndex
            : kind === 'limits'
              ? data.limits
              : kind === 'flags'
                ? data.flags
                : kind === 'http-statuses' || kind === 'rate-limits'
                  ? data.http
                  : kind === 'downloads' || kind.startsWith('postman')
                    ? data.postman
                    : kind === 'adspower-calls'
                      ? data.adspower?.calls.length
                      : kind === 'mcp-tools'
                        ? data.mcp?.tools.length
                        : kind.startsWith('example:')
                          ? data.examples?.find((e) => `example:${e.id}` === kind)
                          : data.calls?.find((c) => `call-example:${c.path}` === kind);
        expect(present, `${slug}: ${kind}`).toBeTruthy();
      }
    }
    expect(Object.keys(apiDocCopy.zh.pageDescriptions).sort()).toEqual([...API_DOC_SLUGS].sort());
  });

  test('every link of the copy leads to a documentation page (or /api), anchors included', () => {
    const ids = new Map<string, Set<string>>();
    for (const slug of API_DOC_SLUGS) {
      const data = pageData(slug);
      const anchors = new Set<string>([
        ...(data.calls ?? []).map((c) => c.anchor),
        ...(apiDocPages.en[slug as ProseSlug]?.sections.map((s) => s.id) ?? []),
        ...(data.codeTables ?? []).map((t) => t.table),
      ]);
      ids.set(slug, anchors);
    }
    for (const lang of ['en', 'zh'] as const) {
      const text = JSON.stringify(apiDocPages[lang]);
      const hrefs = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map(([, href]) => href!);
      // The copy does link its pages, with anchors: the check below has links to check.
      expect(hrefs.filter((href) => href !== '/api').length, lang).toBeGreaterThan(0);
      expect(hrefs.filter((href) => href.includes('#')).length, lang).toBeGreaterThan(0);
      for (const href of hrefs) {
        if (href === '/api') continue;
        const [pathPart = '', anchor] = href.split('#');
        const slug = apiDocSlugOf(pathPart);
        expect(slug, `${lang} ${href}`).toBeDefined();
        if (anchor) expect(ids.get(slug!)?.has(anchor), `${lang} ${href}`).toBe(true);
      }
    }
  });

  test('the pages beyond the spec: every AdsPower call with its parameters, every MCP tool', () => {
    const adspower = pageData('adspower').adspower!;
    expect(adspower.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      ADSPOWER_COMPAT_ROUTES.map((r) => `${r.method} ${r.path}`),
    );
    const start = adspower.calls.find(
      (c) => c.method === 'GET' && c.path === '/api/v1/browser/start',
    )!;
    expect(start.input).toBe('query');
    expect(start.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['user_id', 'headless', 'launch_args', 'open_tabs']),
    );
    const remove = adspower.calls.find((c) => c.path === '/api/v1/user/delete')!;
    expect(remove.parameters).toEqual([{ name: 'user_ids', required: true }]);
    expect(adspower.compatPort).toBe(50325);
    expect(pageData('adspower').flags?.map((f) => f.flag)).toContain('--compat-port');
    expect(pageData('mcp').mcp?.tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));

    // Their sections, tools and calls are found by the search in both languages.
    const search = searchIndex();
    expect(search.some((e) => e.slug === 'adspower' && e.anchor === 'fields')).toBe(true);
    expect(
      search.find((e) => e.slug === 'mcp' && e.title.en === 'MCP — snapshot')?.text.zh,
    ).toContain('无障碍树');
  });

  test('self_check is documented with the session calls, in OpenAPI and in Postman', () => {
    const path = '/api/v1/session/self_check';
    const call = pageData('session').calls!.find((c) => c.path === path)!;
    expect(call.title.en && call.title.zh).toBeTruthy();
    const files = publishedFiles('https://hainiao.example');
    expect(Object.keys(JSON.parse(files['openapi.json']!).paths)).toContain(path);
    expect(files['hainiao-local-api.postman_collection.json']).toContain(`{{port}}${path}"`);
  });

  test('the example page shows the runnable files of docs/examples', () => {
    const examples = pageData('example').examples!;
    expect(examples.map((e) => e.id)).toEqual(EXAMPLE_FILES.map((e) => e.id));
    for (const example of examples) {
      expect(example.source).toBe(fs.readFileSync(path.join(REPO_ROOT, example.file), 'utf8'));
    }
  });
});
