/**
 * Where the font flags of FingerPrint_Setting work, and what the service says where they do not;
 * the fontconfig file they are written to, whose values may come from another account.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fontLeversNotice, fontLeversWork } from './font-levers.ts';
import { writeFontConfig, type FontConfig } from '../profile/profile.ts';

const hasFcMatch = (() => {
  try {
    execFileSync('fc-match', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasFcMatch && process.env.CI === 'true') {
  throw new Error('fc-match is required under CI=true: apt-get install fontconfig');
}

describe('font levers by system', () => {
  test('Linux: they work and nothing is said', () => {
    expect(fontLeversWork('linux')).toBe(true);
    expect(fontLeversNotice('linux')).toBeUndefined();
  });

  test('Windows and macOS: no effect, said in both languages naming the system', () => {
    for (const [platform, system] of [
      ['win32', 'Windows'],
      ['darwin', 'macOS'],
    ] as const) {
      expect(fontLeversWork(platform)).toBe(false);
      const notice = fontLeversNotice(platform)!;
      expect(notice.en).toMatch(
        new RegExp(
          `^FingerPrint_Setting d \\(fonts\\) and the font hinting of a \\(canvas\\) have no effect on ${system}: `,
        ),
      );
      expect(notice.en).toContain("every environment shows this machine's installed fonts");
      expect(notice.zh).toContain(`在 ${system} 上无效`);
    }
  });
});

/**
 * A strict reading of the file's XML: declarations skipped, every start tag closed in order,
 * attribute values quoted, text free of `<` and of unknown entities. Answers each element with
 * its attributes and its text (entities decoded).
 */
interface XmlElement {
  name: string;
  attributes: string;
  text: string;
  children: XmlElement[];
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: '', text: '', children: [] };
  const open = [root];
  const token =
    /<\?[^>]*\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->|<\/([A-Za-z_][\w.-]*)\s*>|<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of source.matchAll(token)) {
    const [, end, start, attributes, selfClosing, text, stray] = match;
    const current = open.at(-1)!;
    if (stray) throw new Error(`a stray < at ${match.index}`);
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`a bare & in ${text}`);
      current.text += text.replace(/&(\w+);/g, (_, name: string) => ENTITIES[name]!);
    } else if (start) {
      const element = { name: start, attributes: attributes ?? '', text: '', children: [] };
      current.children.push(element);
      if (!selfClosing) open.push(element);
    } else if (end) {
      if (current.name !== end) throw new Error(`</${end}> closes <${current.name}>`);
      open.pop();
    }
  }
  if (open.length !== 1) throw new Error(`<${open.at(-1)!.name}> is never closed`);
  return root;
}
const allElements = (element: XmlElement): XmlElement[] => [
  element,
  ...element.children.flatMap(allElements),
];

describe.skipIf(!fontLeversWork())('the fontconfig file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-fonts-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const evil = (closing: string) =>
    `${closing}<dir>/tmp/evil-fonts</dir><cachedir>/tmp/evil-cache</cachedir><include ignore_missing="yes">/tmp/evil.conf</include>`;

  test('values of a fingerprint another account wrote stay text: no <dir>, <cachedir> or <include> of theirs', () => {
    const hintstyle = `hintslight</const></edit></match>${evil('')}<match target="font"><edit name="x" mode="assign"><const>hintslight`;
    const autohint = `false</bool></edit></match>${evil('')}<match target="font"><edit name="y" mode="assign"><bool>false`;
    const family = `Evil</family></prefer></alias>${evil('')}<alias><family>x</family><prefer><family>Evil`;
    const hidden = `x</string></patelt></pattern></rejectfont></selectfont>${evil('')}<selectfont><rejectfont><pattern><patelt name="family"><string>y`;
    for (const config of [
      { hidden: [], rendering: { hintstyle, autohint: false } },
      { hidden: [], rendering: { hintstyle: 'hintfull', autohint } },
      { hidden: [], families: { sans: family, serif: 'A & B "quoted"' } },
      { hidden: [hidden, 'Noto Sans'] },
    ]) {
      const file = writeFontConfig(dir, config as unknown as FontConfig);
      // Nothing written (a hint style that is none of fontconfig's) is safe too.
      if (!file) {
        expect(fs.readdirSync(dir)).toEqual([]);
        continue;
      }
      const text = fs.readFileSync(file, 'utf8');
      const names = new Set(allElements(parseXml(text)).map((element) => element.name));
      expect(names.has('dir'), text).toBe(false);
      expect(names.has('cachedir'), text).toBe(false);
      const includes = allElements(parseXml(text)).filter((element) => element.name === 'include');
      expect(
        includes.map((element) => element.text),
        text,
      ).toEqual(['/etc/fonts/fonts.conf']);
    }
  });

  test('a family name is written as the text it is', () => {
    const name = `Evil</family><dir>/tmp/x</dir> & "co"`;
    const file = writeFontConfig(dir, { hidden: [name] })!;
    const strings = allElements(parseXml(fs.readFileSync(file, 'utf8'))).filter(
      (element) => element.name === 'string',
    );
    expect(strings.map((element) => element.text)).toEqual([name]);
  });

  test('the generated file: the hinting, the generic families and the hidden fonts', () => {
    const file = writeFontConfig(dir, {
      hidden: ['Noto Serif CJK JP'],
      families: { sans: 'DejaVu Sans', mono: 'Liberation Mono' },
      rendering: { hintstyle: 'hintfull', autohint: true },
    })!;
    const elements = allElements(parseXml(fs.readFileSync(file, 'utf8')));
    const texts = (name: string) => elements.filter((e) => e.name === name).map((e) => e.text);
    expect(texts('const')).toEqual(['hintfull']);
    expect(texts('bool')).toEqual(['true', 'true', 'true']);
    expect(texts('family')).toEqual([
      ...['sans-serif', 'Arial', 'Helvetica', 'Arimo'].flatMap((name) => [name, 'DejaVu Sans']),
      ...['monospace', 'Courier New', 'Courier', 'Cousine'].flatMap((name) => [
        name,
        'Liberation Mono',
      ]),
    ]);
    expect(texts('string')).toEqual(['Noto Serif CJK JP']);
  });

  // fontconfig itself (fc-match comes with Chromium's dependencies on Debian).
  test.skipIf(!hasFcMatch)(
    'the names pages ask for follow the chosen families: Chromium asks for Arial and Times New Roman',
    () => {
      const match = (name: string, file?: string) =>
        execFileSync('fc-match', ['-f', '%{family[0]}', name], {
          encoding: 'utf8',
          env: { ...process.env, ...(file ? { FONTCONFIG_FILE: file } : {}) },
        });
      // The machine's own answer, through fontconfig's metric aliases.
      expect(match('Arial')).toBe('Liberation Sans');
      expect(match('Times New Roman')).toBe('Liberation Serif');
      const file = writeFontConfig(dir, {
        hidden: [],
        families: { sans: 'DejaVu Sans', serif: 'DejaVu Serif', mono: 'DejaVu Sans Mono' },
      })!;
      for (const name of ['sans-serif', 'Arial', 'Helvetica']) {
        expect(match(name, file), name).toBe('DejaVu Sans');
      }
      for (const name of ['serif', 'Times New Roman', 'Times']) {
        expect(match(name, file), name).toBe('DejaVu Serif');
      }
      for (const name of ['monospace', 'Courier New']) {
        expect(match(name, file), name).toBe('DejaVu Sans Mono');
      }
    },
  );
});
