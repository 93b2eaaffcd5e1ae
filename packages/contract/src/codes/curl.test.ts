import { describe, expect, test } from 'vitest';
import { CurlCodes, PROXY_CHECK_CODES_NOTE } from './curl.ts';

const CJK = /[\u4e00-\u9fff]/;

describe('CurlCodes', () => {
  test('holds every code from 0 to 101 exactly once, in order', () => {
    const codes = CurlCodes.entries.map((entry) => entry.code);
    expect(codes).toHaveLength(102);
    expect(codes).toEqual(Array.from({ length: 102 }, (_, i) => i));
    for (let code = 0; code <= 101; code++) expect(CurlCodes.get(code)?.code).toBe(code);
    expect(CurlCodes.get(-1)).toBeUndefined();
    expect(CurlCodes.get(102)).toBeUndefined();
  });

  test('names are unique libcurl constants', () => {
    const names = CurlCodes.entries.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^CURLE_[A-Z0-9_]+$/);
  });

  test('the codes curl.h names are where curl.h puts them', () => {
    const named: [number, string][] = [
      [0, 'CURLE_OK'],
      [1, 'CURLE_UNSUPPORTED_PROTOCOL'],
      [3, 'CURLE_URL_MALFORMAT'],
      [5, 'CURLE_COULDNT_RESOLVE_PROXY'],
      [6, 'CURLE_COULDNT_RESOLVE_HOST'],
      [7, 'CURLE_COULDNT_CONNECT'],
      [22, 'CURLE_HTTP_RETURNED_ERROR'],
      [28, 'CURLE_OPERATION_TIMEDOUT'],
      [35, 'CURLE_SSL_CONNECT_ERROR'],
      [47, 'CURLE_TOO_MANY_REDIRECTS'],
      [52, 'CURLE_GOT_NOTHING'],
      [53, 'CURLE_SSL_ENGINE_NOTFOUND'],
      [55, 'CURLE_SEND_ERROR'],
      [56, 'CURLE_RECV_ERROR'],
      [60, 'CURLE_PEER_FAILED_VERIFICATION'],
      [67, 'CURLE_LOGIN_DENIED'],
      [97, 'CURLE_PROXY'],
      [98, 'CURLE_SSL_CLIENTCERT'],
      [99, 'CURLE_UNRECOVERABLE_POLL'],
      [100, 'CURLE_TOO_LARGE'],
      [101, 'CURLE_ECH_REQUIRED'],
    ];
    const wrong = named.filter(
      ([code, name]) =>
        CurlCodes.get(code)?.name !== name ||
        (CurlCodes.code as Record<string, number>)[name] !== code,
    );
    expect(wrong.map(([code, name]) => `${code} ${name}: ${CurlCodes.get(code)?.name}`)).toEqual(
      [],
    );
  });

  test('retired codes keep the CURLE_OBSOLETE names of curl.h', () => {
    const retired = [20, 24, 29, 32, 34, 40, 41, 44, 46, 50, 51, 57, 62, 75, 76];
    for (const code of retired) {
      const entry = CurlCodes.get(code);
      expect(entry?.name).toBe(`CURLE_OBSOLETE${code}`);
      expect(entry?.en).toBe('Not used in modern versions of libcurl.');
      expect(entry?.zh).toBe('新版 libcurl 已不再使用此代码。');
    }
    const obsolete = CurlCodes.entries.filter((entry) => entry.name.startsWith('CURLE_OBSOLETE'));
    expect(obsolete.map((entry) => entry.code)).toEqual(retired);
  });

  test('every code has an English and a Chinese message', () => {
    const wrong = CurlCodes.entries.filter(
      (entry) => entry.en.trim() === '' || !CJK.test(entry.zh) || CJK.test(entry.en),
    );
    expect(wrong.map((entry) => `${entry.name}: ${entry.en} / ${entry.zh}`)).toEqual([]);
  });

  test('messages are looked up by code and language', () => {
    expect(CurlCodes.message(7, 'zh')).toBe('无法连接到主机或代理。');
    expect(CurlCodes.message(7, 'en')).toBe('Failed to connect to the host or proxy.');
    expect(CurlCodes.message(102, 'en')).toBeUndefined();
    expect(CurlCodes.code.CURLE_COULDNT_CONNECT).toBe(7);
  });
});

describe('PROXY_CHECK_CODES_NOTE', () => {
  test('names libcurl in both languages', () => {
    expect(PROXY_CHECK_CODES_NOTE.en).toMatch(/libcurl/);
    expect(PROXY_CHECK_CODES_NOTE.zh).toMatch(/libcurl/);
    expect(PROXY_CHECK_CODES_NOTE.zh).toMatch(CJK);
  });
});
