import { describe, expect, test } from 'vitest';
import { createSessionBody, SESSION_NAME_MAX, updateSessionProxyBody } from '@hainiao/contract';
import {
  BATCH_CREATE_MAX,
  batchCreateBody,
  batchName,
  lineAssignBody,
  lineCreateBody,
  pairLines,
  prefixMax,
  type BatchTemplate,
} from './batch-bodies.ts';

const template: BatchTemplate = {
  count: 20,
  prefix: 'Shop-',
  group: 'Amazon',
  system: 'iPhone',
  model: 'iPhone 13 Pro',
  proxyType: 'HTTP',
  host: '127.0.0.1',
  port: 8080,
  username: 'u',
  password: 'p',
  checkProxy: true,
};

describe('batch bodies', () => {
  test('names are numbered to the batch’s width and always fit the name limit', () => {
    expect([0, 9, 19].map((i) => batchName('Shop-', i, 20))).toEqual([
      'Shop-01',
      'Shop-10',
      'Shop-20',
    ]);
    expect(batchName('x', 4, BATCH_CREATE_MAX)).toBe('x005');
    const longest = 'p'.repeat(prefixMax(BATCH_CREATE_MAX));
    expect(batchName(longest, BATCH_CREATE_MAX - 1, BATCH_CREATE_MAX)).toHaveLength(
      SESSION_NAME_MAX,
    );
  });

  test('a template’s creates pass the contract; no proxy sends none of its fields', () => {
    const body = batchCreateBody(template, 2);
    expect(body).toMatchObject({
      Session_Name: 'Shop-03',
      Session_Group: 'Amazon',
      SystemOS: 'iPhone',
      MobileModel: 'iPhone 13 Pro',
      Proxy_Port: 8080,
      Is_CheckProxy: 1,
    });
    expect(createSessionBody.safeParse(body).success).toBe(true);
    const direct = batchCreateBody({ ...template, proxyType: 'noproxy', system: '', group: '' }, 0);
    expect(direct).toEqual({
      Automatic_Configure: 0,
      Session_Name: 'Shop-01',
      Proxy_Type: 'noproxy',
    });
    expect(createSessionBody.safeParse(direct).success).toBe(true);
  });

  test('proxy lines become creates named after the proxy, or updates of the selected environments', () => {
    const line = {
      Proxy_Type: 'SOCKS5' as const,
      Proxy_Ip: '2001:db8::1',
      Proxy_Port: 1080,
      Proxy_Username: 'u',
      Proxy_Password: 'p',
    };
    const create = lineCreateBody(line, false);
    expect(create.Session_Name).toBe('[2001:db8::1]:1080');
    expect(createSessionBody.safeParse(create).success).toBe(true);
    const assign = lineAssignBody('e1', line, true);
    expect(assign).toMatchObject({ Session_ID: 'e1', Proxy_Type: 'SOCKS5', Is_CheckProxy: 1 });
    expect(updateSessionProxyBody.safeParse(assign).success).toBe(true);
  });

  test('lines pair with the selection in order, one each', () => {
    expect(pairLines(['a', 'b', 'c'], [1, 2])).toEqual({
      pairs: [
        { id: 'a', line: 1 },
        { id: 'b', line: 2 },
      ],
      surplus: 0,
      shortfall: 1,
    });
    expect(pairLines(['a'], [1, 2, 3])).toMatchObject({
      pairs: [{ id: 'a', line: 1 }],
      surplus: 2,
    });
  });
});
