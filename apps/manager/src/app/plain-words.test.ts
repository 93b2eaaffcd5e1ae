/**
 * What the manager shows, in plain words and in the reader's language (issue 27): counts with the
 * right English noun form, a start's two-language reason cut to the reader's half, and the
 * service's advice naming the manager's own switch as the form names it.
 */
import { describe, expect, test } from 'vitest';
import { localApiMessages } from '@hainiao/contract';
import { formCopy } from '../features/environment-form/locales.ts';
import { envCopy } from '../features/environments/locales.ts';
import { shareCopy } from '../features/share/locales.ts';
import { fill } from '../shared/format.ts';
import { reasonIn } from '../shared/reason.ts';

describe('counts', () => {
  test('one environment, two environments; Chinese has one form', () => {
    expect(fill(envCopy.en.total, { total: 1 })).toBe('1 environment');
    expect(fill(envCopy.en.total, { total: 2 })).toBe('2 environments');
    expect(fill(envCopy.en.total, { total: 0 })).toBe('0 environments');
    expect(fill(envCopy.en.deleted, { count: 1 })).toBe('Deleted 1 environment');
    expect(fill(envCopy.en.startDone, { count: 3 })).toBe('Started 3 environments');
    expect(fill(envCopy.en.moved, { count: 1, group: 'A' })).toBe('Moved 1 environment to “A”');
    expect(fill(shareCopy.en.leftOut, { count: 1 })).toBe(
      '1 of the selected was shared with you and is left out: only its owner can share it.',
    );
    expect(fill(envCopy.zh.deleted, { count: 1 })).toBe('已删除 1 个环境');
  });

  test('no English text in the manager says “(s)” after a count', () => {
    const texts = JSON.stringify([envCopy.en, shareCopy.en, formCopy.en]);
    expect(texts).not.toMatch(/\(s\)/);
  });
});

describe('reasons in the reader’s language', () => {
  test('a start’s “English | 中文” reason shows the reader’s half only', () => {
    const both = 'The proxy could not be used: x | 无法使用代理：x';
    expect(reasonIn(both, 'zh')).toBe('无法使用代理：x');
    expect(reasonIn(both, 'en')).toBe('The proxy could not be used: x');
    expect(reasonIn('only one language', 'zh')).toBe('only one language');
  });

  test('without Xvfb, the advice names the form’s “Start without a window” in each language', () => {
    expect(localApiMessages.xvfbMissing.en).toContain(`“${formCopy.en.headless}”`);
    expect(localApiMessages.xvfbMissing.zh).toContain(`“${formCopy.zh.headless}”`);
    expect(localApiMessages.xvfbMissing.en).not.toMatch(/xvfb-run|start with isHeadless/);
  });
});
