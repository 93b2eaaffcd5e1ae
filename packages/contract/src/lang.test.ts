import { describe, expect, test } from 'vitest';
import {
  activeMenuKey,
  chatAllowedOn,
  cloudLang,
  langFromCloud,
  langFromPath,
  languageRedirect,
  localizePath,
  matchSiteRoute,
  safeTarget,
  stripLangPrefix,
} from './lang.ts';

/** Every case whose answer is not the expected one, as `input → answer (expected …)`: all at once. */
function mismatches<I, O>(cases: readonly (readonly [I, O])[], answer: (input: I) => O): string[] {
  return cases.flatMap(([input, expected]) => {
    const got = answer(input);
    return Object.is(got, expected)
      ? []
      : [
          `${JSON.stringify(input)} → ${JSON.stringify(got)} (expected ${JSON.stringify(expected)})`,
        ];
  });
}

describe('langFromPath', () => {
  test('a /zh prefix is Chinese, anything else English', () => {
    const cases = [
      ['/', 'en'],
      ['/zh', 'zh'],
      ['/zh/', 'zh'],
      ['/zh/download', 'zh'],
      ['/zh?x=1', 'zh'],
      ['/zh#top', 'zh'],
      ['/download', 'en'],
      ['/zhong', 'en'],
      ['/faq/zh', 'en'],
      ['', 'en'],
    ] as const;
    expect(mismatches(cases, langFromPath)).toEqual([]);
  });
});

describe('stripLangPrefix', () => {
  test('drops the /zh prefix only, keeping query and hash', () => {
    const cases = [
      ['/zh', '/'],
      ['/zh/', '/'],
      ['/zh/api/doc/browser', '/api/doc/browser'],
      ['/zh/faq?q=proxy#2', '/faq?q=proxy#2'],
      ['/zh?a=1', '/?a=1'],
      ['/price', '/price'],
      ['/zhong', '/zhong'],
    ] as const;
    expect(mismatches(cases, stripLangPrefix)).toEqual([]);
  });
});

describe('localizePath', () => {
  test('moves a path into a language, keeping query and hash', () => {
    const cases: [[string, 'en' | 'zh'], string][] = [
      [['/', 'zh'], '/zh'],
      [['/download', 'zh'], '/zh/download'],
      [['/zh/download', 'zh'], '/zh/download'],
      [['/zh/download', 'en'], '/download'],
      [['/zh', 'en'], '/'],
      [['/faq#3', 'zh'], '/zh/faq#3'],
      [['/route?token=a&url=/ticket', 'zh'], '/zh/route?token=a&url=/ticket'],
      [['/?x=1', 'zh'], '/zh?x=1'],
      [['/zh?x=1', 'en'], '/?x=1'],
    ];
    expect(mismatches(cases, ([path, lang]) => localizePath(path, lang))).toEqual([]);
  });

  test('switching back and forth is lossless', () => {
    const href = '/faq/12.html?from=home#answer';
    expect(localizePath(localizePath(href, 'zh'), 'en')).toBe(href);
  });
});

describe('languageRedirect', () => {
  test('Chinese without prefix is sent to the /zh version', () => {
    expect(languageRedirect('/price', 'zh')).toBe('/zh/price');
    expect(languageRedirect('/', 'zh')).toBe('/zh');
  });
  test('a non-Chinese language with the prefix loses it', () => {
    expect(languageRedirect('/zh/price', 'en')).toBe('/price');
  });
  test('matching paths are left alone', () => {
    expect(languageRedirect('/zh/price', 'zh')).toBeNull();
    expect(languageRedirect('/price', 'en')).toBeNull();
  });
});

describe('activeMenuKey', () => {
  test('the menu item of each page, in both languages', () => {
    const cases = [
      ['/', 'home'],
      ['/zh', 'home'],
      ['/zh/', 'home'],
      ['', 'home'],
      ['/application', 'application'],
      ['/zh/price', 'price'],
      ['/download?x=1', 'download'],
      ['/api/doc', 'api-doc'],
      ['/zh/api/doc/browser', 'api-doc'],
      ['/api/doc/code#curl', 'api-doc'],
      ['/api', 'api'],
      ['/faq/12.html', 'faq'],
      ['/zh/faq#3', 'faq'],
      ['/ticket/info/5', 'ticket'],
    ] as const;
    expect(mismatches(cases, activeMenuKey)).toEqual([]);
  });
});

describe('cloudLang', () => {
  test('zh is zh-CHS, everything else en', () => {
    expect(cloudLang('zh')).toBe('zh-CHS');
    expect(cloudLang('en')).toBe('en');
  });
  test('servers read zh-CHS back as zh and anything else as en', () => {
    expect(langFromCloud('zh-CHS')).toBe('zh');
    expect(langFromCloud('en')).toBe('en');
    expect(langFromCloud(undefined)).toBe('en');
    expect(langFromCloud('fr')).toBe('en');
  });
});

describe('matchSiteRoute', () => {
  test('each page of the site is recognised, in both languages', () => {
    const cases = [
      ['/', 'home'],
      ['/zh', 'home'],
      ['/zh/download', 'download'],
      ['/faq/12.html', 'faqArticle'],
      ['/zh/faq/install-guide.html', 'faqArticle'],
      ['/ticket/info/42', 'ticketInfo'],
      ['/api/doc/browser', 'apiDoc'],
      ['/zh/api/doc', 'apiDoc'],
      ['/route?token=x', 'route'],
      ['/forgot-password', 'forgotPassword'],
      ['/zh/reset-password?token=x', 'resetPassword'],
      ['/ticket/info', 'ticketInfoMissingId'],
      ['/zh/staff/ticket/9', 'staffTicket'],
    ] as const;
    expect(mismatches(cases, matchSiteRoute)).toEqual([]);
  });

  test('other paths are not pages of the site', () => {
    const paths = [
      '/nope',
      '/faq/12',
      '/ticket/infos',
      '/zh/price/extra',
      '/api/doc/a/b',
      '/staff/ticket',
    ];
    expect(
      mismatches(
        paths.map((path) => [path, null] as const),
        matchSiteRoute,
      ),
    ).toEqual([]);
  });
});

describe('safeTarget', () => {
  test('paths of the site are followed', () => {
    const targets = ['/api', '/ticket?x=1', '/zh/api', '/faq#3'];
    expect(
      mismatches(
        targets.map((t) => [t, t] as const),
        safeTarget,
      ),
    ).toEqual([]);
  });
  test('anything else is refused', () => {
    const targets = [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      'api',
      '/a\nb',
    ];
    expect(
      mismatches(
        targets.map((t) => [t, null] as const),
        safeTarget,
      ),
    ).toEqual([]);
  });
});

describe('chatAllowedOn', () => {
  test('public pages in both languages; never signed-in screens or the sign-in steps', () => {
    for (const path of ['/', '/zh', '/application', '/price', '/download', '/api/doc']) {
      expect(chatAllowedOn(path), path).toBe(true);
    }
    for (const path of ['/faq', '/zh/api/doc/session', '/privacy', '/no-such-page']) {
      expect(chatAllowedOn(path), path).toBe(true);
    }
    for (const path of [
      '/api',
      '/zh/api',
      '/route',
      '/signin',
      '/signup',
      '/forgot-password',
      '/zh/reset-password',
      '/ticket',
      '/ticket/add',
      '/zh/ticket/info/4',
      '/staff',
      '/zh/staff/ticket/3',
      '/staff/elsewhere',
      '/ticket/x/y',
    ]) {
      expect(chatAllowedOn(path), path).toBe(false);
    }
  });
});
