/**
 * Domain failures become the spec's answers in one place: a code name becomes its number of the
 * contract's tables (codes/local-api.ts), with the code's own message or the domain's more precise
 * one.
 */
import { describe, expect, test } from 'vitest';
import {
  BrowserCodes,
  localApiMessages,
  MainCodes,
  EnvironmentFieldCodes,
  type CodeEntry,
} from '@hainiao/contract';
import { DomainError, ProxyCheckError, type CodeName } from '../model/errors.ts';
import { codeOf, toLocalApiError } from './errors.ts';

describe('domain errors on the wire', () => {
  test('every code name of the three tables answers its own number', () => {
    const entries: readonly CodeEntry[] = [
      ...MainCodes.entries,
      ...EnvironmentFieldCodes.entries,
      ...BrowserCodes.entries,
    ];
    for (const entry of entries) expect(codeOf(entry.name as CodeName)).toBe(entry.code);
    // Names the tables share mean the same code in each.
    expect(codeOf('UNKNOWN_EXCEPTION')).toBe(-10000);
    expect(codeOf('SESSION_NOT_FOUND')).toBe(-22);
    expect(codeOf('LOGIN_EXPIRE')).toBe(-4);
  });

  test('without a reason, the code’s own message in both languages, HTTP 200', () => {
    const failure = toLocalApiError(new DomainError('GROUP_NOT_FOUND'));
    expect(failure.httpStatus).toBe(200);
    expect(failure.answer('en', 'v1')).toEqual({
      message: 'Group does not exist',
      code: -103,
      data: null,
    });
    expect(failure.answer('zh', 'legacy')).toEqual({ msg: '分组不存在', status: -103, data: null });
  });

  test('a reason has its placeholders filled in both languages', () => {
    const failure = toLocalApiError(
      new DomainError('SESSION_NOT_FOUND', localApiMessages.unknownSessionIds, { ids: 'a, b' }),
    );
    const en = failure.answer('en', 'v1') as { message: string; code: number };
    const zh = failure.answer('zh', 'v1') as { message: string };
    expect(en.code).toBe(-22);
    expect(en.message).toContain('a, b');
    expect(en.message).not.toContain('{ids}');
    expect(zh.message).toContain('a, b');
  });

  test('a failed proxy check carries curl’s code and name as the spec names them', () => {
    const failure = toLocalApiError(
      new ProxyCheckError(
        localApiMessages.proxyCheckFailed,
        { reason: 'refused' },
        7,
        'COULDNT_CONNECT',
      ),
    );
    expect(failure.answer('en', 'v1')).toMatchObject({
      code: -105,
      data: { Proxy_Check_Code: 7, Proxy_Check_Name: 'COULDNT_CONNECT' },
    });
  });
});
