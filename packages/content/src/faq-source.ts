/**
 * Reads the FAQ as the repository keeps it (this package's faq/ folder):
 *
 * - `categories.json`: `[{ ename, sort, name: { en, zh } }]`
 * - `articles/<ename>.en.md` and `articles/<ename>.zh.md`: markdown with front matter `title`,
 *   `category` (a category's ename) and `sort` (optional `updated`, YYYY-MM-DD).
 *
 * Front matter is parsed as YAML (gray-matter); a block YAML rejects (an unquoted colon in a title,
 * say) falls back to plain `key: value` lines, so one typo does not take the FAQ down. Anything the
 * site cannot show (no title, an unknown category, a language missing) is an error naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { LANGS, type Lang, type Localized } from '@hainiao/contract';

export const FAQ_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'faq');

export interface FaqSourceCategory {
  ename: string;
  sort: number;
  name: Localized;
}

export interface FaqSourceText {
  title: string;
  /** Markdown without the front matter. */
  content: string;
}

export interface FaqSourceArticle {
  ename: string;
  category: string;
  sort: number;
  /** YYYY-MM-DD from the front matter, if given. */
  updated: string | null;
  text: Record<Lang, FaqSourceText>;
}

export interface FaqSource {
  categories: FaqSourceCategory[];
  articles: FaqSourceArticle[];
}

export class FaqSourceError extends Error {
  override name = 'FaqSourceError';
}

const ENAME = /^[a-z0-9][a-z0-9-]*$/;

/** `key: value` lines, for front matter that is not valid YAML. */
function plainFrontMatter(block: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    data[match[1]] = (match[2] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return data;
}

/** Splits front matter from markdown; `file` names the source in errors. */
export function parseFrontMatter(
  source: string,
  file: string,
): { data: Record<string, unknown>; content: string } {
  const text = source.replace(/^\uFEFF/, '');
  if (!/^---\r?\n/.test(text)) throw new FaqSourceError(`${file}: no front matter (--- … ---)`);
  try {
    // A fresh options object each time keeps gray-matter from serving a cached parse.
    const parsed = matter(text, {});
    return { data: parsed.data, content: parsed.content };
  } catch {
    const end = /\r?\n---[ \t]*(\r?\n|$)/.exec(text.slice(3));
    if (!end) throw new FaqSourceError(`${file}: the front matter is not closed with ---`);
    const block = text.slice(3, 3 + end.index);
    return {
      data: plainFrontMatter(block),
      content: text.slice(3 + end.index + end[0].length),
    };
  }
}

function toSort(value: unknown, file: string): number {
  if (value === undefined || value === null || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new FaqSourceError(`${file}: sort must be a whole number`);
  return n;
}

function toDate(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) return value.trim();
  return null;
}

function readCategories(dir: string): FaqSourceCategory[] {
  const file = path.join(dir, 'categories.json');
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FaqSourceError(`categories.json: ${(error as Error).message}`);
  }
  if (!Array.isArray(raw)) throw new FaqSourceError('categories.json: expected a list');
  const seen = new Set<string>();
  return raw.map((entry: unknown, index) => {
    const item = (entry ?? {}) as { ename?: unknown; sort?: unknown; name?: Partial<Localized> };
    const where = `categories.json[${index}]`;
    const ename = String(item.ename ?? '');
    if (!ENAME.test(ename)) throw new FaqSourceError(`${where}: invalid ename "${ename}"`);
    if (seen.has(ename)) throw new FaqSourceError(`${where}: duplicate ename "${ename}"`);
    seen.add(ename);
    const name = item.name ?? {};
    for (const lang of LANGS) {
      if (typeof name[lang] !== 'string' || name[lang].trim() === '') {
        throw new FaqSourceError(`${where}: name.${lang} is missing`);
      }
    }
    return {
      ename,
      sort: toSort(item.sort, where),
      name: { en: name.en!.trim(), zh: name.zh!.trim() },
    };
  });
}

/** Reads and checks the whole FAQ folder. */
export function readFaqSource(dir: string = FAQ_DIR): FaqSource {
  const categories = readCategories(dir);
  const known = new Set(categories.map((c) => c.ename));
  const articleDir = path.join(dir, 'articles');
  const files = fs.existsSync(articleDir) ? fs.readdirSync(articleDir).sort() : [];

  const byName = new Map<
    string,
    Partial<
      Record<Lang, FaqSourceText & { category: string; sort: number; updated: string | null }>
    >
  >();
  for (const file of files) {
    const match = /^(.+)\.(en|zh)\.md$/.exec(file);
    if (!match?.[1] || !match[2]) continue;
    const [, ename, lang] = match as unknown as [string, string, Lang];
    if (!ENAME.test(ename)) throw new FaqSourceError(`${file}: invalid file name`);
    const { data, content } = parseFrontMatter(
      fs.readFileSync(path.join(articleDir, file), 'utf8'),
      file,
    );
    const title =
      typeof data.title === 'string' || typeof data.title === 'number'
        ? String(data.title).trim()
        : '';
    if (!title) throw new FaqSourceError(`${file}: title is missing`);
    const category = String(data.category ?? '').trim();
    if (!known.has(category)) {
      throw new FaqSourceError(`${file}: unknown category "${category}"`);
    }
    if (content.trim() === '') throw new FaqSourceError(`${file}: the article is empty`);
    const texts = byName.get(ename) ?? {};
    texts[lang] = {
      title,
      content: content.replace(/^\s*\n/, '').trimEnd() + '\n',
      category,
      sort: toSort(data.sort, file),
      updated: toDate(data.updated ?? data.date),
    };
    byName.set(ename, texts);
  }

  const articles: FaqSourceArticle[] = [];
  for (const [ename, texts] of byName) {
    const en = texts.en;
    const zh = texts.zh;
    if (!en || !zh) {
      throw new FaqSourceError(`${ename}: needs both ${ename}.en.md and ${ename}.zh.md`);
    }
    if (en.category !== zh.category) {
      throw new FaqSourceError(`${ename}: the two languages name different categories`);
    }
    articles.push({
      ename,
      category: en.category,
      sort: en.sort,
      updated: en.updated ?? zh.updated,
      text: {
        en: { title: en.title, content: en.content },
        zh: { title: zh.title, content: zh.content },
      },
    });
  }
  return { categories, articles };
}

/**
 * The first paragraph of a markdown text as plain text, cut to about `max` characters: what the
 * FAQ list shows under a title and what the article page uses as its description.
 */
export function markdownSummary(markdown: string, max = 160): string {
  const blocks = markdown.replace(/```[\s\S]*?```/g, '').split(/\n\s*\n/);
  const paragraph =
    blocks.map((b) => b.trim()).find((b) => b !== '' && !/^(#|\||>|[-*+] |\d+\. |<|!\[)/.test(b)) ??
    '';
  const plain = paragraph
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*(.*?)\*\*/g, '$1')
    .replace(/\*(.*?)\*/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  // Latin text is cut at a word boundary; CJK text can be cut anywhere.
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:，。；：、]+$/, '')}…`;
}
