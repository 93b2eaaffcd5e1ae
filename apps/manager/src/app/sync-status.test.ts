/** The header's sync word: counts with the right English noun, times on the reader's clock. */
import { describe, expect, test } from 'vitest';
import { syncView } from './sync-status.ts';

describe('sync status', () => {
  test('changes waiting, one and several, in both languages', () => {
    expect(syncView({ pending: 1, syncedAt: null }, 'en', 'en-GB')?.text).toBe(
      '1 change waiting to upload',
    );
    expect(syncView({ pending: 3, syncedAt: null }, 'en', 'en-GB')).toMatchObject({
      text: '3 changes waiting to upload',
      waiting: true,
    });
    expect(syncView({ pending: 3, syncedAt: null }, 'zh', 'zh-CN')?.text).toBe('3 项更改等待上传');
  });

  test('synced: the time of the last good round, in the reader’s time zone and format', () => {
    const at = '2026-11-27T07:05:00.000Z';
    const local = new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(syncView({ pending: 0, syncedAt: at }, 'en', 'en-GB')).toMatchObject({
      text: `Synced ${local}`,
      waiting: false,
    });
    expect(syncView({ pending: 0, syncedAt: at }, 'zh', 'zh-CN')?.text).toMatch(/^已同步 \d/);
  });

  test('nothing before the first round ends, nor for a state without sync', () => {
    expect(syncView({ pending: 0, syncedAt: null }, 'en', 'en-GB')).toBeUndefined();
    expect(syncView(undefined, 'en', 'en-GB')).toBeUndefined();
  });
});
