/**
 * The documentation stays true to the contract and to itself: the generated reference files of
 * docs/reference/ are what `npm run docs` would write now (scripts/docs.ts), and every relative
 * link of README.md and docs/ leads to a file of the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
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
