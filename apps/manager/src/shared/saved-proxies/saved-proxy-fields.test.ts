import { describe, expect, test } from 'vitest';
import { inTurn, proxyFieldsOf } from './saved-proxy-fields.ts';

describe('saved proxies in a batch', () => {
  test('a batch hands the saved proxies out in turn', () => {
    const proxies = ['a', 'b', 'c'];
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => inTurn(proxies, i))).toEqual([
      'a',
      'b',
      'c',
      'a',
      'b',
      'c',
      'a',
    ]);
    expect(() => inTurn([], 0)).toThrow();
    expect(
      proxyFieldsOf({
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: 'h',
        Proxy_Port: 1,
        Proxy_Username: 'u',
        Proxy_Password: 'p',
      }),
    ).toEqual({
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: 'h',
      Proxy_Port: 1,
      Proxy_Username: 'u',
      Proxy_Password: 'p',
    });
  });
});
