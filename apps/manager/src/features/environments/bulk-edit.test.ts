/** The calls of a bulk edit: only the ticked settings, split by call, checked against the contract. */
import { GROUP_NAME_MAX } from '@hainiao/contract';
import { describe, expect, test } from 'vitest';
import {
  bulkBudget,
  bulkCalls,
  bulkPaths,
  bulkProblems,
  bulkTargets,
  callProblems,
  chosen,
  emptyBulkValues,
  hasProblems,
  startPageLines,
  type BulkField,
} from './bulk-edit.ts';

const ID = 'e3b0c44298fc1c149afbf4c8996fb924';

describe('bulkCalls', () => {
  test('each ticked setting goes to its call, and nothing else is sent', () => {
    const calls = bulkCalls(
      ID,
      {
        group: 'Shops',
        startPages: ' https://a.example.com/ \n\nhttps://b.example.com/path?q=1\n',
        blockImages: true,
        blockVideo: false,
        resolution: '1366x768',
        language: 'de',
        timezone: 'Europe/Berlin',
      },
      undefined,
    );
    expect(calls).toEqual({
      update: {
        Session_ID: ID,
        Session_Group: 'Shops',
        HomePage_url: ['https://a.example.com/', 'https://b.example.com/path?q=1'],
        Disable_img: 1,
        Disable_video: 0,
      },
      adv: { Session_ID: ID, resolution: '1366x768' },
      // The locale alone: no proxy field, so the proxy is neither changed nor checked.
      proxy: { Session_ID: ID, LanguageCode: 'de', TimeZone: 'Europe/Berlin' },
    });
    expect(callProblems(calls, 'en')).toEqual({});
  });

  test('unticked settings are absent, and a call without any is not made', () => {
    const values = { ...emptyBulkValues(), group: 'Shops', blockVideo: true, language: 'fr' };
    const calls = bulkCalls(ID, chosen(values, new Set<BulkField>(['blockVideo'])));
    expect(calls).toEqual({ update: { Session_ID: ID, Disable_video: 1 } });
    expect(bulkPaths(chosen(values, new Set<BulkField>(['blockVideo'])))).toEqual([
      '/api/v1/session/update',
    ]);
    expect(bulkCalls(ID, {})).toEqual({});
  });

  test('start pages ticked and left empty are sent as [] (every one removed)', () => {
    expect(bulkCalls(ID, { startPages: '  \n ' })).toEqual({
      update: { Session_ID: ID, HomePage_url: [] },
    });
    expect(bulkProblems(ID, { startPages: '' }, 'en')).toEqual({});
  });

  test('a new user agent goes to adv_setting with the one generated for the environment', () => {
    expect(bulkCalls(ID, { userAgent: true })).toEqual({});
    expect(bulkCalls(ID, { userAgent: true, resolution: '1920x1080' }, 'Mozilla/5.0 X')).toEqual({
      adv: { Session_ID: ID, resolution: '1920x1080', User_Agent: 'Mozilla/5.0 X' },
    });
    expect(bulkPaths({ userAgent: true })).toEqual([
      '/api/v1/session/id_container',
      '/api/v1/session/random-user-agent',
      '/api/v1/session/adv_setting',
    ]);
  });
});

describe('bulkProblems', () => {
  test('a bad start page is named by its line; nothing would be sent', () => {
    const problems = bulkProblems(
      ID,
      { startPages: 'https://ok.example.com/\n\nftp://files.example.com/\njavascript:alert(1)' },
      'en',
    );
    expect(problems).toEqual({
      startPages: [
        'Line 3: not an http:// or https:// address',
        'Line 4: not an http:// or https:// address',
      ],
    });
    expect(hasProblems(problems)).toBe(true);
    expect(bulkProblems(ID, { startPages: 'file:///etc/passwd' }, 'zh').startPages).toEqual([
      '第 1 行：不是以 http:// 或 https:// 开头的网址',
    ]);
  });

  test('a ticked choice left empty is named; a value the contract refuses too', () => {
    expect(bulkProblems(ID, { group: '', timezone: '', language: 'fr' }, 'en')).toEqual({
      group: ['Choose a value, or untick “Change”'],
      timezone: ['Choose a value, or untick “Change”'],
    });
    expect(bulkProblems(ID, { resolution: '1366 x 768' }, 'en')).toEqual({
      resolution: ['Not in the expected format'],
    });
    expect(bulkProblems(ID, { group: 'x'.repeat(GROUP_NAME_MAX + 1) }, 'en').group).toEqual([
      `At most ${GROUP_NAME_MAX} characters`,
    ]);
  });

  test('a generated user agent is checked when it is known', () => {
    const good = bulkCalls(ID, { userAgent: true }, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)');
    expect(callProblems(good, 'en')).toEqual({});
    expect(callProblems(bulkCalls(ID, { userAgent: true }, ''), 'en')).toEqual({
      userAgent: ['Required'],
    });
  });
});

describe('pacing and targets', () => {
  test('environments a minute: the smallest budget of the calls each makes', () => {
    expect(bulkBudget({ blockImages: true })).toBe(40);
    expect(bulkBudget({ resolution: '1366x768' })).toBe(50);
    expect(bulkBudget({ resolution: '1366x768', language: 'de' })).toBe(40);
    expect(bulkBudget({})).toBeUndefined();
  });

  test('environments shared with the account are left out and counted', () => {
    const rows = new Map([
      ['a', { Session_Name: 'Shop A', Session_Recv: 0 }],
      ['b', { Session_Name: 'Shared B', Session_Recv: 1 }],
      ['c', { Session_Name: '', Session_Recv: 0 }],
    ]);
    expect(bulkTargets(['a', 'b', 'c', 'd'], rows)).toEqual({
      targets: [
        { id: 'a', name: 'Shop A' },
        { id: 'c', name: 'c' },
        { id: 'd', name: 'd' },
      ],
      leftOut: 1,
    });
  });

  test('line numbers count blank lines', () => {
    expect(startPageLines('\nhttps://a.example.com/\r\n \nhttps://b.example.com/')).toEqual([
      { line: 2, url: 'https://a.example.com/' },
      { line: 4, url: 'https://b.example.com/' },
    ]);
  });
});
