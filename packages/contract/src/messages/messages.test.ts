import { describe, expect, it } from 'vitest';

import type { Localized } from '../i18n.ts';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENTS_MAX,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  TICKET_CONTENT_MAX,
  TICKET_CONTENT_MIN,
  TICKET_REPLY_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
} from '../limits.ts';
import { adsPowerMessages } from './compat-adspower.ts';
import { localApiMessages, mcpMessages, msg, siteMessages } from './index.ts';

const CJK = /[\u3400-\u9fff]/;
const PLACEHOLDER = /\{(\w+)\}/g;
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].sort();
}

const entries: [string, Localized][] = [
  ...Object.entries(siteMessages).flatMap(([group, messages]) =>
    Object.entries(messages).map(([key, m]): [string, Localized] => [`site.${group}.${key}`, m]),
  ),
  ...Object.entries(localApiMessages).map(([key, m]): [string, Localized] => [
    `localApi.${key}`,
    m,
  ]),
  ...Object.entries(mcpMessages).map(([key, m]): [string, Localized] => [`mcp.${key}`, m]),
  ...Object.entries(adsPowerMessages).map(([key, m]): [string, Localized] => [
    `adsPower.${key}`,
    m,
  ]),
];

/** Every message whose English the local API spec spells: kept verbatim. */
const SPEC_LOCAL_API_ENGLISH = [
  'APISERVER shut down.',
  'Update Success',
  'Update Session adv_setting Success',
  'Share Success',
  'Session Delete Finished.',
  'All Session Delete Finished.',
  'All Session Delete Failed.',
  'Import Cookie Success',
  'Export Cookie Success',
  'Import Cookie failed',
  'Export Cookie failed',
  'Group List Return Success',
  'New Group Create Success',
  'Group Delete Success',
  'Session move Success',
];

/** Messages the spec implies, and the brief spells, for the local API. */
const IMPLIED_LOCAL_API_ENGLISH = [
  'Login Success',
  'Logout Success',
  'Members Return Success',
  'Session Create Success',
  'Session List Return Success',
  'Session Info Return Success',
  'Proxy Update Success',
  'Random User Agent Success',
  'Clean Cache Finished.',
  'Auto Open List Return Success',
  'Auto Open Add Success',
  'Auto Open Update Success',
  'Auto Open Delete Success',
  'Browser Start Finished.',
  'Browser Stop Finished.',
  'Browser Kill Finished.',
  'Browser Status Return Success',
  'Script List Return Success',
  'Script Active Success',
  'Script Add Success',
  'Script Deactivate Success',
  'Script Delete Success',
  'Plugin List Return Success',
  'Plugin Install Success',
  'Plugin Delete Success',
  'Not logged in, please call /login first',
  'Group Name already exists',
  'Group not empty, move its sessions first',
  'Group not found',
  'Session not found',
  'Invalid JSON body',
  'Content-Type must be application/json',
  'Forbidden host',
  'Forbidden origin',
  'Rate limit exceeded: {limit} calls per minute for {route}',
  'Missing required parameter: {field}',
  'Invalid parameter: {field}',
  'Too many Session_ID: at most {max}',
  'Model required for mobile systems',
  'Unknown field: {field}',
];

/** Site messages whose English the site spec spells (or the brief fixes). */
const SPEC_SITE_ENGLISH: [string, Localized, string][] = [
  ['route.missingParams', siteMessages.route.missingParams, 'Missing required parameters'],
  ['route.invalidToken', siteMessages.route.invalidToken, 'Invalid token'],
  ['route.verificationFailed', siteMessages.route.verificationFailed, 'Verification failed'],
  [
    'route.visitThroughValidLink',
    siteMessages.route.visitThroughValidLink,
    'Please visit this page through a valid link',
  ],
  ['console.noToken', siteMessages.console.noToken, 'No token detected'],
  ['console.noApiSelected', siteMessages.console.noApiSelected, 'No API selected'],
  ['faq.articleNotFound', siteMessages.faq.articleNotFound, 'Article not found'],
  ['faq.noMatches', siteMessages.faq.noMatches, 'No matching questions found'],
  ['ticket.idRequired', siteMessages.ticket.idRequired, 'Ticket ID cannot be empty'],
  ['ticket.closed', siteMessages.ticket.closed, 'Ticket closed'],
  [
    'ticket.closedNoReply',
    siteMessages.ticket.closedNoReply,
    'This ticket is closed and takes no more replies',
  ],
  [
    'validation.invalidParameter',
    siteMessages.validation.invalidParameter,
    'Invalid parameter: {field}',
  ],
  ['auth.badCredentials', siteMessages.auth.badCredentials, 'Wrong account or password'],
  [
    'auth.tooManyAttempts',
    siteMessages.auth.tooManyAttempts,
    'Too many attempts, please try again in {seconds} seconds',
  ],
  ['auth.forbidden', siteMessages.auth.forbidden, 'You do not have access to this'],
];

/** `key: problem` for each catalogue row `problem` finds wrong, so a failure names every bad row. */
function badRows<T>(rows: [string, T][], problem: (row: T) => string | false): string[] {
  return rows.flatMap(([key, row]) => {
    const found = problem(row);
    return found ? [`${key}: ${found}`] : [];
  });
}

describe('every message', () => {
  // One test per check, over every message of the catalogue.
  it('has non-empty, trimmed en and zh', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(
      badRows(
        entries,
        (m) =>
          [m.en, m.zh].some((text) => text.trim() === '' || text !== text.trim()) &&
          `${JSON.stringify(m.en)} / ${JSON.stringify(m.zh)}`,
      ),
    ).toEqual([]);
  });

  it('has Chinese characters in zh', () => {
    expect(badRows(entries, (m) => !CJK.test(m.zh) && m.zh)).toEqual([]);
  });

  it('has English without Chinese characters', () => {
    expect(badRows(entries, (m) => CJK.test(m.en) && m.en)).toEqual([]);
  });

  it('uses the same placeholders in en and zh', () => {
    expect(
      badRows(
        entries,
        (m) =>
          placeholders(m.zh).join() !== placeholders(m.en).join() &&
          `en ${JSON.stringify(placeholders(m.en))}, zh ${JSON.stringify(placeholders(m.zh))}`,
      ),
    ).toEqual([]);
  });

  it('uses full-width punctuation in zh', () => {
    // ASCII , ; ! ? : belong to English; Chinese text uses ，；！？：
    expect(badRows(entries, (m) => /[,;!?:]/.test(m.zh) && m.zh)).toEqual([]);
  });

  it('keys are camelCase', () => {
    const keys = [
      ...Object.keys(siteMessages),
      ...Object.values(siteMessages).flatMap((group) => Object.keys(group)),
      ...Object.keys(localApiMessages),
    ];
    for (const key of keys) expect(key).toMatch(CAMEL_CASE);
  });
});

describe('local API messages', () => {
  const english = Object.values(localApiMessages).map((m) => m.en);
  const spelt = new Set<string>(english);

  it('has the spec English verbatim', () => {
    expect(SPEC_LOCAL_API_ENGLISH.filter((text) => !spelt.has(text))).toEqual([]);
  });

  it('has the implied English verbatim', () => {
    expect(IMPLIED_LOCAL_API_ENGLISH.filter((text) => !spelt.has(text))).toEqual([]);
  });

  it('spells each English message once', () => {
    expect(new Set(english).size).toBe(english.length);
  });

  it('names the spec messages by their calls', () => {
    expect(localApiMessages.quit.en).toBe('APISERVER shut down.');
    expect(localApiMessages.updateSuccess.en).toBe('Update Success');
    expect(localApiMessages.advSettingSuccess.en).toBe('Update Session adv_setting Success');
    expect(localApiMessages.groupListSuccess.en).toBe('Group List Return Success');
    expect(localApiMessages.groupListSuccess.zh).toBe('分组列表获取成功');
    expect(localApiMessages.sessionMoveSuccess.en).toBe('Session move Success');
  });
});

describe('site messages', () => {
  it('start with the spec English', () => {
    const bad = SPEC_SITE_ENGLISH.filter(([, m, text]) => !m.en.startsWith(text));
    expect(bad.map(([key, m, text]) => `${key}: ${JSON.stringify(m.en)} ≠ ${text}…`)).toEqual([]);
  });

  it('explains the missing route parameters', () => {
    expect(siteMessages.route.missingParams.en).toMatch(/token/i);
    expect(siteMessages.route.missingParams.en).toMatch(/URL/);
  });
});

describe('validation messages mention the limits of limits.ts', () => {
  const v = siteMessages.validation;
  const cases: [string, Localized, (string | number)[]][] = [
    ['titleLength', v.titleLength, [TICKET_TITLE_MIN, TICKET_TITLE_MAX]],
    ['contentLength', v.contentLength, [TICKET_CONTENT_MIN, TICKET_CONTENT_MAX]],
    ['phoneInvalid', v.phoneInvalid, [PHONE_DIGITS_MIN, PHONE_DIGITS_MAX]],
    ['attachmentsTooMany', v.attachmentsTooMany, [ATTACHMENTS_MAX]],
    ['attachmentType', v.attachmentType, [...ATTACHMENT_EXTENSIONS]],
    ['replyTooShort', v.replyTooShort, [TICKET_REPLY_MIN]],
  ];

  it.each(cases)('%s', (_, m, limits) => {
    for (const limit of limits) {
      expect(m.en).toContain(String(limit));
      expect(m.zh).toContain(String(limit));
    }
  });

  it('leaves the attachment size to a {max} placeholder', () => {
    expect(placeholders(v.attachmentTooLarge.en)).toEqual(['max']);
  });
});

describe('msg', () => {
  it('picks the language and fills placeholders', () => {
    const m = localApiMessages.rateLimited;
    expect(msg(m, 'en', { limit: 40, route: '/api/v1/session/update' })).toBe(
      'Rate limit exceeded: 40 calls per minute for /api/v1/session/update',
    );
    expect(msg(m, 'zh', { limit: 40, route: '/api/v1/session/update' })).toBe(
      '请求过于频繁：/api/v1/session/update 每分钟最多调用 40 次',
    );
  });

  it('returns the text as is without values', () => {
    expect(msg(siteMessages.faq.articleNotFound, 'zh')).toBe('文章不存在');
    expect(msg(siteMessages.validation.invalidParameter, 'en')).toBe('Invalid parameter: {field}');
  });
});
