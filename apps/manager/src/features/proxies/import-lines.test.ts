import { describe, expect, test } from 'vitest';
import { SAVED_PROXY_NAME_MAX } from '@hainiao/contract';
import { importLines } from './import-lines.ts';
import { proxiesCopy } from './locales.ts';

const saved = [
  {
    Name: 'us1@gate.example.com:7000',
    Proxy_Type: 'HTTP' as const,
    Proxy_Ip: 'gate.example.com',
    Proxy_Port: 7000,
    Proxy_Username: 'us1',
  },
];

describe('vendor lines to save', () => {
  test('each of the four formats, named after its address; bad lines say why, in both languages', () => {
    const text = [
      'gate.example.com:7000:us2:pw2',
      'socks5://u%40x:p@203.0.113.10:1080',
      'u3:p3@[2001:db8::1]:8080',
      '203.0.113.12:3128',
      'not a proxy line',
    ].join('\n');
    const lines = importLines(text, 'HTTP', saved, proxiesCopy.en, 'en');
    expect(lines.map((l) => (l.ok ? l.proxy.Name : l.problem))).toEqual([
      'us2@gate.example.com:7000',
      'u@x@203.0.113.10:1080',
      'u3@[2001:db8::1]:8080',
      '203.0.113.12:3128',
      'Not a proxy line: use host:port, host:port:user:password, user:password@host:port or type://user:password@host:port',
    ]);
    expect(lines[1]).toMatchObject({
      ok: true,
      proxy: {
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: 1080,
        Proxy_Username: 'u@x',
        Proxy_Password: 'p',
      },
    });
    // No credentials: none sent.
    expect(lines[3]).toMatchObject({ ok: true, proxy: { Proxy_Type: 'HTTP', Proxy_Port: 3128 } });
    expect(lines[3]!.ok && 'Proxy_Username' in lines[3]!.proxy).toBe(false);
    const zh = importLines('socks5://u:p@h.example:70000', 'HTTP', [], proxiesCopy.zh, 'zh');
    expect(zh[0]).toMatchObject({ ok: false, problem: '端口必须是 1 到 65535 之间的数字' });
  });

  test('a proxy saved already or repeated is not saved twice; names stay unique and within the limit', () => {
    const long = 'x'.repeat(60);
    const text = [
      'gate.example.com:7000:us1:new-password',
      `${long}:p@h.example:1`,
      `${long}:p@h.example:2`,
      `http://${long}:other@h.example:1`,
    ].join('\n');
    const lines = importLines(text, 'HTTP', saved, proxiesCopy.en, 'en');
    expect(lines[0]).toMatchObject({
      ok: false,
      problem: 'Already saved as “us1@gate.example.com:7000”',
    });
    const [, first, second, again] = lines;
    expect(first!.ok && first!.proxy.Name).toBe(
      `${long}@h.example:1`.slice(0, SAVED_PROXY_NAME_MAX),
    );
    expect(second!.ok && second!.proxy.Name).toMatch(/ \(2\)$/);
    expect(second!.ok && second!.proxy.Name.length).toBe(SAVED_PROXY_NAME_MAX);
    expect(again).toMatchObject({ ok: false, problem: 'The same proxy as line 2' });
    expect(importLines('h.example:1', 'HTTP', [], proxiesCopy.zh, 'zh')).toMatchObject([
      { ok: true },
    ]);
  });
});
