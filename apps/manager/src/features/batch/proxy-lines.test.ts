import { describe, expect, test } from 'vitest';
import { parseProxyLine, parseProxyLines, problemText } from './proxy-lines.ts';

describe('proxy lines', () => {
  test('type://user:pass@host:port becomes the proxy fields of the calls', () => {
    expect(parseProxyLine('socks5://alice:s3cret@203.0.113.10:1080', 1)).toEqual({
      line: 1,
      text: 'socks5://alice:s3cret@203.0.113.10:1080',
      ok: true,
      proxy: {
        Proxy_Type: 'SOCKS5',
        Proxy_Ip: '203.0.113.10',
        Proxy_Port: 1080,
        Proxy_Username: 'alice',
        Proxy_Password: 's3cret',
      },
    });
  });

  test('every generic type, in any case; no credentials; an @ or : inside the password; %-escapes', () => {
    const ok = (text: string) => {
      const parsed = parseProxyLine(text, 1);
      if (!parsed?.ok) throw new Error(`not parsed: ${text}`);
      return parsed.proxy;
    };
    expect(
      ['http', 'HTTPS', 'socks4', 'Socks4a', 'socks5', 'ssh'].map(
        (t) => ok(`${t}://h.example:1`).Proxy_Type,
      ),
    ).toEqual(['HTTP', 'HTTPS', 'SOCKS4', 'SOCKS4A', 'SOCKS5', 'SSH']);
    expect(ok('http://proxy.example.com:8080')).toMatchObject({
      Proxy_Username: '',
      Proxy_Password: '',
    });
    expect(ok('http://u:p@ss:w@rd@h.example:8080')).toMatchObject({
      Proxy_Username: 'u',
      Proxy_Password: 'p@ss:w@rd',
    });
    expect(ok('http://us%40er:p%3Ass@h.example:8080')).toMatchObject({
      Proxy_Username: 'us@er',
      Proxy_Password: 'p:ss',
    });
    expect(ok('socks5://u:p@[2001:db8::1]:1080')).toMatchObject({ Proxy_Ip: '2001:db8::1' });
  });

  test('each bad line says what is wrong; empty lines and comments are skipped, lines keep their numbers', () => {
    const parsed = parseProxyLines(
      [
        'http://u:p@127.0.0.1:8080',
        '',
        '# from provider A',
        'ftp://u:p@h.example:21',
        '127.0.0.1:8080',
        'socks5://u:p@h.example:70000',
        'socks5://u:p@h.example',
        'http://u:p@:8080',
        'http://u:p@bad host:8080',
        'http://u%zz:p@h.example:1',
      ].join('\n'),
    );
    expect(parsed.map((p) => [p.line, p.ok ? 'ok' : p.problem])).toEqual([
      [1, 'ok'],
      [4, 'type'],
      [5, 'scheme'],
      [6, 'port'],
      [7, 'port'],
      [8, 'host'],
      [9, 'host'],
      [10, 'encoding'],
    ]);
  });

  test('problems read in both languages', () => {
    expect(problemText('port', 'en')).toMatch(/1 to 65535/);
    expect(problemText('port', 'zh')).toMatch(/端口/);
    expect(problemText('type', 'en')).toContain('socks5');
  });
});
