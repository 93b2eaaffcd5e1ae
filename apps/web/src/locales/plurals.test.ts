/** Counts on the site read "1 ticket", "2 tickets" in English (issue 27, plain words). */
import { describe, expect, test } from 'vitest';
import { format } from '@hainiao/contract';
import { apiDocCopy } from './pages/api-doc.ts';
import { faqCopy } from './pages/faq.ts';
import { ticketEn } from './ticket.en.ts';

describe('a count and its noun', () => {
  test('singular for one, plural otherwise', () => {
    expect(format(ticketEn.list.total, { total: 1 })).toBe('1 ticket');
    expect(format(ticketEn.list.total, { total: 12 })).toBe('12 tickets');
    expect(format(faqCopy.en.results, { count: 1 })).toBe('1 article');
    expect(format(faqCopy.en.results, { count: 0 })).toBe('0 articles');
    expect(format(apiDocCopy.en.appendix.count, { count: 1 })).toBe('1 value');
  });
});
