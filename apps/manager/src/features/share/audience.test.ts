import { describe, expect, test } from 'vitest';
import { audienceOf } from './audience.ts';

describe('audienceOf', () => {
  test('each account once, with the environments shared with it, by name', () => {
    const shares = new Map([
      ['e1', ['bob', 'carol']],
      ['e2', ['bob']],
      ['e3', []],
    ]);
    expect(audienceOf(shares)).toEqual([
      { account: 'bob', ids: ['e1', 'e2'] },
      { account: 'carol', ids: ['e1'] },
    ]);
  });

  test('nobody when nothing is shared', () => {
    expect(audienceOf(new Map([['e1', []]]))).toEqual([]);
  });
});
