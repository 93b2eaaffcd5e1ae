import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  ATTACHMENTS_MAX,
  TICKET_CONTENT_MAX,
  TICKET_REPLY_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
} from '../../limits.ts';
import { siteMessages } from '../../messages/index.ts';
import {
  ValidationKey,
  parseAttachmentIds,
  ticketAddFields,
  ticketAddForm,
  ticketDetailFields,
  ticketListFields,
  ticketReplyFields,
  ticketStatusFields,
  ticketUploadFields,
} from './index.ts';

const common = { inweb: '1', lang: 'en', token: 'tok' } as const;
const add = {
  ...common,
  title: 'Proxy check fails',
  typeid: '2',
  content: 'Every SOCKS5 proxy fails the check.',
  email: 'alice@example.com',
};

/** The message keys of the issues on one field. */
function keys(result: z.ZodSafeParseResult<unknown>, field: string): string[] {
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);
}

describe('workorderadd', () => {
  test('a valid ticket parses; numbers are handed on as numbers', () => {
    const parsed = ticketAddFields.parse({
      ...add,
      mobile: '13800138000',
      privateinfo: 'store login',
      attachments: '11,12',
    });
    expect(parsed.typeid).toBe(2);
    expect(parsed.title).toBe('Proxy check fails');
  });

  test(`title: ${TICKET_TITLE_MIN}..${TICKET_TITLE_MAX} characters`, () => {
    expect([TICKET_TITLE_MIN, TICKET_TITLE_MAX]).toEqual([3, 200]);
    expect(keys(ticketAddFields.safeParse({ ...add, title: 'ab' }), 'title')).toEqual([
      'validation.titleLength',
    ]);
    expect(ticketAddFields.safeParse({ ...add, title: 'abc' }).success).toBe(true);
    expect(ticketAddFields.safeParse({ ...add, title: 'x'.repeat(200) }).success).toBe(true);
    expect(keys(ticketAddFields.safeParse({ ...add, title: 'x'.repeat(201) }), 'title')).toEqual([
      'validation.titleLength',
    ]);
  });

  test('required fields carry their own keys', () => {
    const result = ticketAddFields.safeParse({ ...common });
    expect(keys(result, 'title')).toEqual(['validation.titleRequired']);
    expect(keys(result, 'typeid')).toEqual(['validation.typeRequired']);
    expect(keys(result, 'content')).toEqual(['validation.contentRequired']);
    expect(keys(result, 'email')).toEqual(['validation.emailRequired']);
    expect(keys(ticketAddFields.safeParse({ ...add, title: '   ' }), 'title')).toEqual([
      'validation.titleRequired',
    ]);
    expect(keys(ticketAddFields.safeParse({ ...add, typeid: '0' }), 'typeid')).toEqual([
      'validation.typeRequired',
    ]);
  });

  test('content: 10..2000 characters', () => {
    expect(keys(ticketAddFields.safeParse({ ...add, content: 'x'.repeat(9) }), 'content')).toEqual([
      'validation.contentLength',
    ]);
    expect(ticketAddFields.safeParse({ ...add, content: 'x'.repeat(10) }).success).toBe(true);
    expect(
      ticketAddFields.safeParse({ ...add, content: 'x'.repeat(TICKET_CONTENT_MAX) }).success,
    ).toBe(true);
    expect(
      keys(
        ticketAddFields.safeParse({ ...add, content: 'x'.repeat(TICKET_CONTENT_MAX + 1) }),
        'content',
      ),
    ).toEqual(['validation.contentLength']);
  });

  test('email must be valid', () => {
    expect(keys(ticketAddFields.safeParse({ ...add, email: 'alice@' }), 'email')).toEqual([
      'validation.emailInvalid',
    ]);
  });

  test.each([
    ['1234', false],
    ['12345', true],
    ['12a45', false],
    ['1'.repeat(20), true],
    ['1'.repeat(21), false],
    ['', true],
  ])('mobile %j → %s', (mobile, ok) => {
    const result = ticketAddFields.safeParse({ ...add, mobile });
    expect(result.success).toBe(ok);
    if (!ok) expect(keys(result, 'mobile')).toEqual(['validation.phoneInvalid']);
  });

  test(`attachments: at most ${ATTACHMENTS_MAX} comma-joined file ids`, () => {
    expect(ticketAddFields.safeParse({ ...add, attachments: '1,2,3,4,5' }).success).toBe(true);
    expect(
      keys(ticketAddFields.safeParse({ ...add, attachments: '1,2,3,4,5,6' }), 'attachments'),
    ).toEqual(['validation.attachmentsTooMany']);
    expect(ticketAddFields.safeParse({ ...add, attachments: '' }).success).toBe(true);
    expect(ticketAddFields.safeParse({ ...add, attachments: '1;2' }).success).toBe(false);
    expect(parseAttachmentIds(' 1, 2,,3 ')).toEqual(['1', '2', '3']);
  });

  test('the form schema holds only what the user types', () => {
    expect(Object.keys(ticketAddForm.shape).sort()).toEqual(
      ['attachments', 'content', 'email', 'mobile', 'privateinfo', 'title', 'typeid'].sort(),
    );
  });

  test('common fields and the token are required', () => {
    const { inweb: _inweb, ...noInweb } = add;
    expect(ticketAddFields.safeParse(noInweb).success).toBe(false);
    expect(ticketAddFields.safeParse({ ...add, lang: 'zh' }).success).toBe(false);
    expect(ticketAddFields.safeParse({ ...add, lang: 'zh-CHS' }).success).toBe(true);
    expect(keys(ticketAddFields.safeParse({ ...add, token: '' }), 'token')).toEqual([
      'validation.tokenRequired',
    ]);
  });
});

describe('other ticket calls', () => {
  test(`reply: content of at least ${TICKET_REPLY_MIN}`, () => {
    const reply = { ...common, id: '7', content: 'x'.repeat(TICKET_REPLY_MIN) };
    expect(ticketReplyFields.parse(reply).id).toBe(7);
    expect(
      keys(ticketReplyFields.safeParse({ ...reply, content: 'x'.repeat(9) }), 'content'),
    ).toEqual(['validation.replyTooShort']);
    expect(keys(ticketReplyFields.safeParse({ ...reply, content: '' }), 'content')).toEqual([
      'validation.replyRequired',
    ]);
    expect(
      keys(ticketReplyFields.safeParse({ ...reply, attachments: '1,2,3,4,5,6' }), 'attachments'),
    ).toEqual(['validation.attachmentsTooMany']);
  });

  test('status: 2 or 3', () => {
    expect(ticketStatusFields.parse({ ...common, id: '7', status: '2' }).status).toBe(2);
    expect(ticketStatusFields.parse({ ...common, id: '7', status: '3' }).status).toBe(3);
    for (const status of ['0', '1', '4', 'closed']) {
      expect(keys(ticketStatusFields.safeParse({ ...common, id: '7', status }), 'status')).toEqual([
        'validation.invalidParameter',
      ]);
    }
  });

  test('detail needs an id', () => {
    expect(keys(ticketDetailFields.safeParse({ ...common }), 'id')).toEqual([
      'validation.idRequired',
    ]);
    expect(keys(ticketDetailFields.safeParse({ ...common, id: 'abc' }), 'id')).toEqual([
      'validation.idRequired',
    ]);
  });

  test('list: typeid 0 is all, page and page_size optional', () => {
    expect(ticketListFields.parse({ ...common, typeid: '0', page: '2', page_size: '20' })).toEqual({
      ...common,
      typeid: 0,
      page: 2,
      page_size: 20,
    });
    expect(ticketListFields.parse({ ...common, typeid: '', page: '' })).toMatchObject({
      typeid: undefined,
      page: undefined,
    });
    expect(ticketListFields.safeParse({ ...common, page_size: '30' }).success).toBe(false);
  });

  test('upload: the token only', () => {
    expect(ticketUploadFields.safeParse({ ...common }).success).toBe(true);
    expect(ticketUploadFields.safeParse({ inweb: '1', lang: 'en' }).success).toBe(false);
  });
});

test('every message key names a message of the catalogue', () => {
  for (const key of Object.values(ValidationKey)) {
    const [section, name] = key.split('.') as [string, string];
    const messages = siteMessages as unknown as Record<string, Record<string, unknown>>;
    expect(messages[section]?.[name], key).toBeDefined();
  }
});
