import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Checks the FAQ seed files the cloud loads on first start: categories.json plus one markdown file
 * per article and language (articles/<ename>.<en|zh>.md) with a small front matter block.
 */
const dir = import.meta.dirname;
const articlesDir = path.join(dir, 'articles');
const LANGS = ['en', 'zh'] as const;
type Lang = (typeof LANGS)[number];

interface Category {
  ename: string;
  sort: number;
  name: Record<Lang, string>;
}

interface Article {
  file: string;
  ename: string;
  lang: Lang;
  meta: Record<string, string>;
  body: string;
}

const categories = JSON.parse(
  readFileSync(path.join(dir, 'categories.json'), 'utf8'),
) as Category[];

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;
const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(en|zh)\.md$/;

function parse(file: string): Article {
  const match = FILE_NAME.exec(file);
  if (!match) throw new Error(`unexpected file name: ${file}`);
  const text = readFileSync(path.join(articlesDir, file), 'utf8');
  const fm = FRONT_MATTER.exec(text);
  if (!fm) throw new Error(`${file}: missing front matter`);
  const meta: Record<string, string> = {};
  for (const line of (fm[1] ?? '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) meta[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return {
    file,
    ename: match[1] ?? '',
    lang: match[2] as Lang,
    meta,
    body: text.slice(fm[0].length),
  };
}

const files = readdirSync(articlesDir).filter((f) => !f.startsWith('.'));
const articles = files.map(parse);
const enames = [...new Set(articles.map((a) => a.ename))].sort();

/** The body with fenced code blocks removed. */
function prose(body: string): string {
  return body.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');
}

/** The outline that both languages must share: heading levels and code fence languages. */
function outline(body: string): string[] {
  return [...body.matchAll(/^(#{2,6}) |^```(\w*)$/gm)].map((m) => m[1] ?? `fence:${m[2]}`);
}

describe('FAQ seed files', () => {
  test('categories.json is well formed', () => {
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const seen = new Set<string>();
    for (const c of categories) {
      expect(c.ename).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(seen.has(c.ename), `duplicate category ${c.ename}`).toBe(false);
      seen.add(c.ename);
      expect(Number.isInteger(c.sort)).toBe(true);
      expect(c.name.en.trim()).not.toBe('');
      expect(c.name.zh).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  test('every file is an article in a known language', () => {
    for (const f of files) expect(f).toMatch(FILE_NAME);
  });

  test('at least 14 articles spread over at least 5 categories', () => {
    expect(enames.length).toBeGreaterThanOrEqual(14);
    const used = new Set(articles.map((a) => a.meta.category));
    expect(used.size).toBeGreaterThanOrEqual(5);
  });

  test('every article has both an .en.md and a .zh.md file', () => {
    for (const ename of enames) {
      for (const lang of LANGS) {
        expect(files, `${ename}.${lang}.md`).toContain(`${ename}.${lang}.md`);
      }
    }
  });

  test('front matter has title, category and sort; category exists in categories.json', () => {
    const known = new Set(categories.map((c) => c.ename));
    for (const a of articles) {
      expect(a.meta.title, `${a.file}: title`).toBeTruthy();
      expect(a.meta.category, `${a.file}: category`).toBeTruthy();
      expect(a.meta.sort, `${a.file}: sort`).toMatch(/^\d+$/);
      expect(
        known.has(a.meta.category ?? ''),
        `${a.file}: unknown category ${a.meta.category}`,
      ).toBe(true);
    }
  });

  test('both languages of an article agree on category, sort and outline', () => {
    for (const ename of enames) {
      const [en, zh] = LANGS.map((lang) =>
        articles.find((a) => a.ename === ename && a.lang === lang),
      );
      if (!en || !zh) continue; // reported by the pairing test
      expect(zh.meta.category, ename).toBe(en.meta.category);
      expect(zh.meta.sort, ename).toBe(en.meta.sort);
      expect(outline(zh.body), ename).toEqual(outline(en.body));
    }
  });

  test('Chinese titles and bodies contain CJK characters', () => {
    for (const a of articles.filter((x) => x.lang === 'zh')) {
      expect(a.meta.title, a.file).toMatch(/[\u4e00-\u9fff]/);
      expect(prose(a.body), a.file).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  test('no raw HTML outside code fences', () => {
    for (const a of articles) {
      expect(prose(a.body), a.file).not.toMatch(/<[a-z][^>]*>/i);
    }
  });

  test('links point only to site paths', () => {
    for (const a of articles) {
      const text = prose(a.body);
      for (const m of text.matchAll(/\]\(([^)]*)\)/g)) {
        expect(m[1], `${a.file}: link ${m[1]}`).toMatch(/^\/[^\s]*$/);
      }
      expect(text, `${a.file}: image`).not.toMatch(/!\[/);
    }
  });
});
