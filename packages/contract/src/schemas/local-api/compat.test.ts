import { describe, expect, test } from 'vitest';
import { SESSION_NAME_MAX } from '../../limits.ts';
import { LOCAL_API_ROUTES } from '../routes.ts';
import {
  ADSPOWER_COMPAT_ROUTES,
  ADSPOWER_GET_PATHS,
  adsPowerMessages,
  adsPowerStartQuery,
  adsPowerUserCreateBody,
  adsPowerUserDeleteBody,
  isAdsPowerCall,
} from './compat.ts';

const PLACEHOLDER = /\{(\w+)\}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

describe('AdsPower-compatible calls', () => {
  test('every message has both languages with the same placeholders', () => {
    for (const [key, message] of Object.entries(adsPowerMessages)) {
      expect(message.en.trim(), key).not.toBe('');
      expect(message.zh, key).toMatch(/[\u3400-\u9fff]/);
      expect(placeholders(message.zh), key).toEqual(placeholders(message.en));
    }
  });

  test('one entry per method and path; only group/create shares a method and path with ours', () => {
    const keys = ADSPOWER_COMPAT_ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Every call of ours is a POST.
    const shared = ADSPOWER_COMPAT_ROUTES.filter(
      (route) => route.method === 'POST' && LOCAL_API_ROUTES.some((r) => r.path === route.path),
    ).map((route) => route.path);
    expect(shared).toEqual(['/api/v1/group/create']);
    expect(ADSPOWER_GET_PATHS).toContain('/api/v1/browser/start');
    expect(ADSPOWER_GET_PATHS).not.toContain('/api/v1/user/create');
    expect(isAdsPowerCall('HEAD', '/api/v1/user/list')).toBe(true);
    expect(isAdsPowerCall('POST', '/api/v1/user/list')).toBe(false);
    expect(isAdsPowerCall('GET', '/api/v1/session/listid')).toBe(false);
  });

  test('parameters are text: flags take 0, 1, "0", "1" and nothing else', () => {
    expect(adsPowerStartQuery.parse({ user_id: 'a', headless: '1', ip_tab: 0 })).toEqual({
      user_id: 'a',
      headless: 1,
      ip_tab: 0,
    });
    expect(adsPowerStartQuery.safeParse({ user_id: 'a', headless: '2' }).success).toBe(false);
    expect(adsPowerStartQuery.safeParse({ user_id: 'a', lang: 'zh' }).success).toBe(false);
  });

  test('profile bodies are strict and keep our limits', () => {
    expect(adsPowerUserCreateBody.parse({ group_id: 0, name: 'A' })).toEqual({
      group_id: '0',
      name: 'A',
    });
    expect(adsPowerUserCreateBody.safeParse({ nickname: 'A' }).success).toBe(false);
    expect(
      adsPowerUserCreateBody.safeParse({ name: 'x'.repeat(SESSION_NAME_MAX + 1) }).success,
    ).toBe(false);
    expect(
      adsPowerUserCreateBody.safeParse({ fingerprint_config: { unknown_lever: '1' } }).success,
    ).toBe(false);
    expect(adsPowerUserDeleteBody.safeParse({ user_ids: [] }).success).toBe(false);
  });
});
