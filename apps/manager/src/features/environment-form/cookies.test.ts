import { describe, expect, test } from 'vitest';
import { CookieFileError, cookieFileName, mergeCookies, parseCookieText } from './cookies.ts';

const problemOf = (text: string) => {
  try {
    parseCookieText(text);
  } catch (error) {
    if (error instanceof CookieFileError)
      return [error.problem, error.text('en'), error.text('zh')];
  }
  return undefined;
};

describe('cookie files', () => {
  test('an extension export, a Playwright storage state and a cookies.txt give the same cookie', () => {
    const extension = JSON.stringify([
      { domain: '.example.com', name: 'sid', value: 'abc', path: '/', expirationDate: 2000000000 },
    ]);
    const playwright = JSON.stringify({
      cookies: [
        { domain: '.example.com', name: 'sid', value: 'abc', path: '/', expires: 2000000000 },
      ],
    });
    const netscape =
      '# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tFALSE\t2000000000\tsid\tabc\n';
    for (const text of [extension, playwright, netscape]) {
      const [cookie] = parseCookieText(`\uFEFF${text}`);
      expect(cookie).toMatchObject({ name: 'sid', value: 'abc', domain: '.example.com' });
    }
    expect(parseCookieText('#HttpOnly_shop.example\tFALSE\t/\tTRUE\t0\tk\tv')[0]).toMatchObject({
      httpOnly: true,
      hostOnly: true,
      secure: true,
      session: true,
    });
  });

  test('a broken file says what is wrong, in both languages', () => {
    expect(problemOf('')).toEqual(['empty', 'The file is empty.', '文件为空。']);
    expect(problemOf('[{"name":')?.[0]).toBe('json');
    expect(problemOf('[{"name":"a","value":"b"}]')?.[0]).toBe('shape');
    expect(problemOf('[]')?.[0]).toBe('none');
    expect(problemOf('# c\nexample.com\tTRUE\t/\n')?.slice(0, 2)).toEqual([
      'netscape',
      'Line 2 is not a cookies.txt line (7 fields separated by tabs).',
    ]);
  });

  test('merging replaces the same domain, path and name and keeps the rest', () => {
    const merged = mergeCookies(
      [
        { name: 'a', value: '1', domain: '.example.com', path: '/' },
        { name: 'b', value: '1', domain: 'example.com', path: '/' },
      ],
      [
        { name: 'a', value: '2', domain: 'example.com', hostOnly: false },
        { name: 'b', value: '2', domain: 'example.com', path: '/x' },
      ],
    );
    expect(merged.map((c) => `${c.name}=${c.value}`)).toEqual(['a=2', 'b=1', 'b=2']);
  });

  test('file names are safe', () => {
    expect(cookieFileName('Amazon US/01 店铺', '0123456789abcdef')).toBe(
      'cookies-Amazon-US-01-店铺-01234567.json',
    );
    expect(cookieFileName('../..', 'ffff0000')).toBe('cookies-environment-ffff0000.json');
  });
});
