import { toExtensionJson, toNetscape } from '@hainiao/contract';
import { describe, expect, test } from 'vitest';
import { cookieSites, siteOf } from '../../model/cookie.ts';
import type { StoredCookie } from '../../model/cookie.ts';
import {
  applyCookieChange,
  cookieChange,
  cookieKey,
  CookieFormatError,
  mergeCookies,
  mergeRun,
  parseCookieFile,
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

describe('cookies of a run', () => {
  const c = (name: string, value: string, domain = 'example.com'): StoredCookie => ({
    name,
    value,
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
  });
  const names = (list: readonly StoredCookie[]) => list.map((k) => `${k.name}=${k.value}`).sort();
  const byKey = (list: StoredCookie[]) => new Map(list.map((k) => [cookieKey(k), k]));

  test('a change holds what is new or different, and what is gone; applied, it gives the list', () => {
    const before = [c('same', '1'), c('changed', '1'), c('gone', '1')];
    const after = [c('same', '1'), c('changed', '2'), c('new', '1')];
    const change = cookieChange(before, after);
    expect(names(change.set)).toEqual(['changed=2', 'new=1']);
    expect(names(change.removed)).toEqual(['gone=1']);
    expect(names(applyCookieChange(before, change))).toEqual(names(after));
    // Host-only and domain cookies of one name are two cookies.
    expect(cookieChange([c('a', '1')], [c('a', '1', '.example.com')]).removed).toHaveLength(1);
  });

  test('the stop: what the browser changed since the last agreement wins, else the store', () => {
    const base = byKey([c('untouched', '1'), c('siteChanged', '1'), c('siteDeleted', '1')]);
    const jar = [
      c('untouched', '1'),
      c('siteChanged', 'site'),
      c('siteNew', '1'),
      // In the jar as at start but no longer stored: the store deleted it, and stays so.
      c('storeDeleted', '1'),
    ];
    base.set(cookieKey(c('storeDeleted', '1')), c('storeDeleted', '1'));
    const stored = [
      c('untouched', 'store'),
      c('siteChanged', 'store'),
      c('siteDeleted', '1'),
      c('storeOnly', '1'),
    ];
    expect(names(mergeRun(stored, base, jar))).toEqual([
      'siteChanged=site',
      'siteNew=1',
      'storeOnly=1',
      'untouched=store',
    ]);
  });

  test('the stop without a reading at start: the jar wins over the store, nothing stored is lost', () => {
    const merged = mergeRun([c('a', 'store'), c('b', '1')], new Map(), [
      c('a', 'jar'),
      c('c', '1'),
    ]);
    expect(names(merged)).toEqual(['a=jar', 'b=1', 'c=1']);
  });

  test('expired cookies do not stay', () => {
    const old = { ...c('old', '1'), expires: 1000 };
    expect(mergeRun([old], new Map(), [])).toEqual([]);
    expect(applyCookieChange([old], { set: [], removed: [] })).toEqual([]);
  });
});
