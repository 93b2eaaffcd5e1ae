/**
 * The documentation stays true to the contract and to itself: the generated reference files of
 * docs/reference/ are what `npm run docs` would write now (scripts/docs.ts), and every relative
 * link of README.md and docs/ leads to a file of the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createSessionBody, randomUserAgentBody, sessionAdvSettingBody } from '@hainiao/contract';
import { expect, test } from 'vitest';
import { generateReference, REFERENCE_DIR, repoRoot } from './docs.ts';

test('the generated reference files are up to date', async () => {
  const files = await generateReference();
  expect(files.size).toBeGreaterThan(0);
  const stale = [...files]
    .filter(([file, content]) => {
      const target = path.join(repoRoot, file);
      return !fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== content;
    })
    .map(([file]) => `${file} is stale: run npm run docs`);
  expect(stale, stale.join('\n')).toEqual([]);
  // No file is left in docs/reference/ that the generator no longer writes.
  const onDisk = fs
    .readdirSync(path.join(repoRoot, REFERENCE_DIR))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${REFERENCE_DIR}/${name}`);
  expect(onDisk.sort()).toEqual([...files.keys()].sort());
}, 60_000);

/** README.md and every markdown file under docs/, relative to the repository. */
function markdownFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** The targets of a markdown file's links `[text](target)`, outside code blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1[^\n]*$/gm, '')
    .replace(/(`+)[\s\S]*?\1/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

test('links are found outside code only', () => {
  expect(
    linkTargets('[a](x.md) `[b](y.md)` [c](http://e.com "t")\n```\n[d](z.md)\n```\n[e](#f)'),
  ).toEqual(['x.md', 'http://e.com', '#f']);
});

test('every relative link of README.md and docs/ leads to an existing file', () => {
  const files = markdownFiles();
  expect(files.length).toBeGreaterThan(5);
  const broken: string[] = [];
  for (const file of files) {
    for (const target of linkTargets(fs.readFileSync(path.join(repoRoot, file), 'utf8'))) {
      if (/^(https?:|mailto:|#)/i.test(target)) continue;
      const relative = decodeURI(target.split('#')[0]!);
      const resolved = path.resolve(path.dirname(path.join(repoRoot, file)), relative);
      const inside = !path.relative(repoRoot, resolved).startsWith('..');
      if (relative.startsWith('/') || !inside || !fs.existsSync(resolved)) {
        broken.push(`${file}: ${target}`);
      }
    }
  }
  expect(broken, `links to nowhere:\n${broken.join('\n')}`).toEqual([]);
});

/** The first column's field names of docs/browser-runtime.md's settings table. */
function settingsTableFields(): Set<string> {
  const markdown = fs.readFileSync(path.join(repoRoot, 'docs/browser-runtime.md'), 'utf8');
  const start = markdown.indexOf('## Settings and what they do in the browser');
  const end = markdown.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(0);
  const rows = markdown
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!)),
  );
}

// The settings table is prose (what each setting does in the browser has no data in the
// contract), so it is checked against the contract's fields instead of generated.
test('the settings table has a row for every advanced setting, and names only real fields', () => {
  const named = settingsTableFields();
  const advanced = Object.keys(sessionAdvSettingBody.shape).filter((key) => key !== 'Session_ID');
  expect(advanced.filter((key) => !named.has(key))).toEqual([]);
  const fields = new Set([
    ...Object.keys(createSessionBody.shape),
    ...Object.keys(randomUserAgentBody.shape),
  ]);
  expect([...named].filter((name) => !fields.has(name))).toEqual([]);
});
