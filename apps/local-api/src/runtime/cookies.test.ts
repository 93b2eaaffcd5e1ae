import { describe, expect, test } from 'vitest';
import { cookieSites, siteOf } from '../model/cookie.ts';
import {
  CookieFormatError,
  mergeCookies,
  parseCookieFile,
  toExtensionJson,
  toNetscape,
} from './cookies.ts';

describe('cookie files', () => {
  test('the Puppeteer/Playwright shape and a wrapped storage state', () => {
    const puppeteer = parseCookieFile(
      JSON.stringify([
        { name: 'a', value: '1', domain: 'example.com', expires: 2000000000, sameSite: 'Strict' },
      ]),
    );
    expect(puppeteer).toEqual([
      {
        name: 'a',
        value: '1',
        domain: 'example.com',
        path: '/',
        expires: 2000000000,
        httpOnly: false,
        secure: false,
        sameSite: 'Strict',
      },
    ]);
    const state = parseCookieFile(
      JSON.stringify({ cookies: [{ name: 'b', value: '2', domain: '.example.com' }] }),
    );
    expect(state[0]).toMatchObject({ domain: '.example.com', expires: -1 });
  });

  test('Netscape lines with CRLF, comments and #HttpOnly_', () => {
    const cookies = parseCookieFile(
      '\uFEFF# Netscape HTTP Cookie File\r\n\r\n#HttpOnly_.a.example.com\tTRUE\t/p\tTRUE\t0\tn\tv w\r\n',
    );
    expect(cookies).toEqual([
      {
        name: 'n',
        value: 'v w',
        domain: '.a.example.com',
        path: '/p',
        expires: -1,
        httpOnly: true,
        secure: true,
      },
    ]);
  });

  test.each([
    ['a number', '42'],
    ['a bad sameSite', '[{"name":"a","value":"b","domain":"example.com","sameSite":"sometimes"}]'],
    ['a relative path', '[{"name":"a","value":"b","domain":"example.com","path":"x"}]'],
    ['a name with a space', '[{"name":"a b","value":"b","domain":"example.com"}]'],
    ['a bad Netscape flag', 'example.com\tYES\t/\tFALSE\t0\ta\tb'],
    ['a bad expiry', 'example.com\tTRUE\t/\tFALSE\tsoon\ta\tb'],
    ['only comments', '# nothing here'],
  ])('refuses %s', (_, content) => {
    expect(() => parseCookieFile(content)).toThrow(CookieFormatError);
  });

  test('merge replaces by domain, path and name and drops expired cookies', () => {
    const [a, b] = parseCookieFile(
      JSON.stringify([
        { name: 'a', value: 'old', domain: 'example.com' },
        { name: 'b', value: '1', domain: 'example.com' },
      ]),
    );
    const merged = mergeCookies(
      [a!, b!],
      parseCookieFile(
        JSON.stringify([
          { name: 'a', value: 'new', domain: 'example.com' },
          { name: 'gone', value: '1', domain: 'example.com', expires: 1000 },
        ]),
      ),
    );
    expect(merged.map((c) => `${c.name}=${c.value}`)).toEqual(['a=new', 'b=1']);
  });

  test('sites are registrable domains', () => {
    const cookies = parseCookieFile(
      JSON.stringify([
        { name: 'a', value: '1', domain: '.www.amazon.co.uk' },
        { name: 'b', value: '1', domain: 'seller.amazon.co.uk' },
        { name: 'c', value: '1', domain: 'localhost' },
      ]),
    );
    expect(cookieSites(cookies)).toEqual(['amazon.co.uk', 'localhost']);
    expect(siteOf('HTTPS://Sellercentral.Amazon.com:443/home')).toBe('amazon.com');
  });

  test('exports read back the same', () => {
    const cookies = parseCookieFile(
      JSON.stringify([
        {
          name: 'a',
          value: '1',
          domain: '.example.com',
          secure: true,
          httpOnly: true,
          expirationDate: 2000000000,
        },
        { name: 'b', value: '2', domain: 'host.example.com', path: '/x' },
      ]),
    );
    expect(parseCookieFile(toExtensionJson(cookies))).toEqual(cookies);
    expect(parseCookieFile(toNetscape(cookies))).toEqual(cookies);
  });
});
