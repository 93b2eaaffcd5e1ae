import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FaqSourceError, markdownSummary, parseFrontMatter, readFaqSource } from './faq-source.ts';

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

describe('FAQ source folder', () => {
  test('reads categories and both languages of each article', () => {
    const dir = fixture({
      'categories.json': categories,
      'articles/install.en.md': article('How do I install it?'),
      'articles/install.zh.md': article('如何安装？'),
      'articles/notes.txt': 'ignored',
    });
    const source = readFaqSource(dir);
    expect(source.categories.map((c) => c.ename)).toEqual(['setup', 'proxies']);
    expect(source.articles).toEqual([
      {
        ename: 'install',
        category: 'setup',
        sort: 3,
        updated: null,
        text: {
          en: { title: 'How do I install it?', content: 'First paragraph.\n\n## More\n\nText.\n' },
          zh: { title: '如何安装？', content: 'First paragraph.\n\n## More\n\nText.\n' },
        },
      },
    ]);
  });

  test('tolerates a BOM, CRLF line ends, quotes and a colon YAML would reject', () => {
    const dir = fixture({
      'categories.json': categories,
      'articles/codes.en.md':
        '\uFEFF---\r\ntitle: Error: proxy check failed\r\ncategory: proxies\r\nsort: 1\r\n---\r\nBody text.\r\n',
      'articles/codes.zh.md': `---\ntitle: "代理检测失败：错误码"\ncategory: proxies\nupdated: 2026-05-01\n---\nBody.\n`,
    });
    const [only] = readFaqSource(dir).articles;
    expect(only?.text.en.title).toBe('Error: proxy check failed');
    expect(only?.text.zh.title).toBe('代理检测失败：错误码');
    expect(only?.sort).toBe(1);
    expect(only?.updated).toBe('2026-05-01');
  });

  test.each([
    [{ 'articles/a.en.md': article('A') }, /needs both a\.en\.md and a\.zh\.md/],
    [
      { 'articles/a.en.md': article('A', 'nope'), 'articles/a.zh.md': article('甲', 'nope') },
      /a\.en\.md: unknown category "nope"/,
    ],
    [
      { 'articles/a.en.md': '---\ncategory: setup\n---\nx', 'articles/a.zh.md': article('甲') },
      /a\.en\.md: title is missing/,
    ],
    [
      { 'articles/a.en.md': 'no front matter', 'articles/a.zh.md': article('甲') },
      /no front matter/,
    ],
  ])('rejects a broken folder with a message naming the file (%#)', (files, message) => {
    const dir = fixture({ 'categories.json': categories, ...files });
    expect(() => readFaqSource(dir)).toThrow(FaqSourceError);
    expect(() => readFaqSource(dir)).toThrow(message);
  });

  test('rejects broken categories', () => {
    expect(() => readFaqSource(fixture({ 'categories.json': '{' }))).toThrow(/categories\.json/);
    expect(() =>
      readFaqSource(fixture({ 'categories.json': '[{"ename":"a","name":{"en":"A"}}]' })),
    ).toThrow(/name\.zh is missing/);
  });

  test('front matter without a closing line is an error', () => {
    expect(() => parseFrontMatter('---\ntitle: x: y\nno end', 'x.md')).toThrow(/not closed/);
  });

  test('the summary is the first paragraph as plain text, cut politely', () => {
    expect(
      markdownSummary('# Title\n\nUse **bold** and `Session_Id` with a [link](/faq).\n\nMore.'),
    ).toBe('Use bold and Session_Id with a link.');
    expect(markdownSummary('- a list\n\n| table |\n\nThe paragraph.')).toBe('The paragraph.');
    const long = markdownSummary('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(41);
    expect(long.endsWith('word…')).toBe(true);
    expect(markdownSummary('中文'.repeat(100), 10)).toBe(`${'中文'.repeat(5)}…`);
  });
});
