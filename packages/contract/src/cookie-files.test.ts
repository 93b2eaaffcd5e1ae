import { describe, expect, test } from 'vitest';
import {
  COOKIES_MAX,
  CookieTextError,
  readCookieText,
  toExtensionJson,
  toNetscape,
  type KeptCookie,
} from './cookie-files.ts';

const problemOf = (text: string) => {
  try {
    readCookieText(text);
  } catch (error) {
    if (error instanceof CookieTextError) return error.problem;
    throw error;
  }
  return undefined;
};

const KEPT: KeptCookie[] = [
  {
    name: 'a',
    value: '1',
    domain: '.example.com',
    path: '/',
    expires: 2000000000,
    sameSite: 'Lax',
  },
  {
    name: 'b',
    value: '2',
    domain: 'shop.example',
    path: '/x',
    expires: -1,
    httpOnly: true,
    secure: true,
  },
];

describe('cookie files', () => {
  test('a cookies.txt line reads as the extension shape; JSON items as they are', () => {
    expect(readCookieText('\uFEFF#HttpOnly_shop.example\tFALSE\t/\tTRUE\t0\tk\tv=1\n')).toEqual([
      {
        name: 'k',
        value: 'v=1',
        domain: 'shop.example',
        hostOnly: true,
        path: '/',
        secure: true,
        httpOnly: true,
        session: true,
      },
    ]);
    const wrapped = { cookies: [{ name: 'a', value: '1', domain: 'example.com', expires: 5 }] };
    expect(readCookieText(JSON.stringify(wrapped))).toEqual(wrapped.cookies);
  });

  test('what is wrong with a text, with the cookies.txt line', () => {
    expect(problemOf('  ')).toEqual({ kind: 'empty' });
    expect(problemOf('[{')).toEqual({ kind: 'json' });
    expect(problemOf('{"a":1}')).toEqual({ kind: 'notArray' });
    expect(problemOf('[]')).toEqual({ kind: 'none' });
    expect(problemOf('# only a comment')).toEqual({ kind: 'none' });
    expect(problemOf('# c\nexample.com\tTRUE\t/')).toEqual({ kind: 'fields', line: 2 });
    expect(problemOf('example.com\tYES\t/\tFALSE\t0\tn\tv')).toEqual({ kind: 'flags', line: 1 });
    expect(problemOf('example.com\tTRUE\t/\tFALSE\tsoon\tn\tv')).toEqual({
      kind: 'expiry',
      line: 1,
    });
    const many = JSON.stringify(Array.from({ length: COOKIES_MAX + 1 }, () => ({})));
    expect(problemOf(many)).toEqual({ kind: 'tooMany' });
  });

  test('both exports read back to the same cookies', () => {
    const json = JSON.parse(toExtensionJson(KEPT)) as Record<string, unknown>[];
    expect(json[0]).toMatchObject({ hostOnly: false, expirationDate: 2000000000, sameSite: 'lax' });
    expect(json[1]).toMatchObject({ hostOnly: true, session: true, sameSite: 'unspecified' });
    expect(json[1]).not.toHaveProperty('expirationDate');
    const txt = readCookieText(toNetscape(KEPT));
    expect(txt).toEqual([
      expect.objectContaining({
        name: 'a',
        domain: '.example.com',
        hostOnly: false,
        expirationDate: 2000000000,
      }),
      expect.objectContaining({
        name: 'b',
        domain: 'shop.example',
        path: '/x',
        httpOnly: true,
        session: true,
      }),
    ]);
  });
});
