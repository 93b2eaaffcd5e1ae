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
        'just some words',
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
      [5, 'format'],
      [6, 'port'],
      [7, 'port'],
      [8, 'host'],
      [9, 'host'],
      [10, 'encoding'],
    ]);
  });

  const ok = (text: string, type?: 'HTTP' | 'SOCKS5') => {
    const parsed = parseProxyLine(text, 1, type);
    if (!parsed?.ok) throw new Error(`not parsed: ${text}`);
    return parsed.proxy;
  };
  const proxy = (
    Proxy_Type: string,
    Proxy_Ip: string,
    Proxy_Port: number,
    Proxy_Username = '',
    Proxy_Password = '',
  ) => ({ Proxy_Type, Proxy_Ip, Proxy_Port, Proxy_Username, Proxy_Password });

  test('host:port: the type is the chosen one, HTTP when none is chosen', () => {
    expect(ok('203.0.113.10:8080')).toEqual(proxy('HTTP', '203.0.113.10', 8080));
    expect(ok('proxy.example.com:1080', 'SOCKS5')).toEqual(
      proxy('SOCKS5', 'proxy.example.com', 1080),
    );
    expect(ok('[2001:db8::1]:8080')).toEqual(proxy('HTTP', '2001:db8::1', 8080));
  });

  test('host:port:user:pass, credentials as written (a : in the password kept)', () => {
    expect(ok('203.0.113.10:8080:alice:s3cret')).toEqual(
      proxy('HTTP', '203.0.113.10', 8080, 'alice', 's3cret'),
    );
    expect(ok('gw.example.com:7777:user-zone-us:p:a%ss', 'SOCKS5')).toEqual(
      proxy('SOCKS5', 'gw.example.com', 7777, 'user-zone-us', 'p:a%ss'),
    );
    expect(ok('[2001:db8::1]:1080:u:p')).toEqual(proxy('HTTP', '2001:db8::1', 1080, 'u', 'p'));
    // With a scheme too, the scheme's type wins over the chosen one.
    expect(ok('socks5://h.example:1080:u:p', 'HTTP')).toEqual(
      proxy('SOCKS5', 'h.example', 1080, 'u', 'p'),
    );
  });

  test('user:pass@host:port takes the chosen type; type:// lines keep their own', () => {
    expect(ok('alice:s3cret@203.0.113.10:8080')).toEqual(
      proxy('HTTP', '203.0.113.10', 8080, 'alice', 's3cret'),
    );
    expect(ok('alice:s3cret@[2001:db8::1]:1080', 'SOCKS5')).toEqual(
      proxy('SOCKS5', '2001:db8::1', 1080, 'alice', 's3cret'),
    );
    expect(ok('https://alice:s3cret@h.example:443', 'SOCKS5')).toEqual(
      proxy('HTTPS', 'h.example', 443, 'alice', 's3cret'),
    );
    expect(ok('socks4://h.example:1080', 'HTTP')).toEqual(proxy('SOCKS4', 'h.example', 1080));
    // The chosen type applies to every line without a scheme of a paste.
    expect(
      parseProxyLines('h.example:1\nhttp://h.example:2\nu:p@h.example:3', 'SOCKS5').map(
        (p) => p.ok && p.proxy.Proxy_Type,
      ),
    ).toEqual(['SOCKS5', 'HTTP', 'SOCKS5']);
  });

  test('lines of no format, and bad parts of the vendor formats, each say what is wrong', () => {
    const problem = (text: string) => {
      const parsed = parseProxyLine(text, 1);
      return parsed && !parsed.ok ? parsed.problem : 'ok';
    };
    expect(problem('proxy.example.com')).toBe('format');
    expect(problem('h.example:port')).toBe('format');
    expect(problem('h.example:8080:alice')).toBe('format');
    expect(problem('2001:db8::1:8080')).toBe('format');
    expect(problem('h.example:70000')).toBe('port');
    expect(problem('h.example:0:u:p')).toBe('port');
    expect(problem('bad host:8080:u:p')).toBe('host');
    expect(problem('[not-v6]:8080')).toBe('host');
    expect(problem('u:p@h.example')).toBe('port');
    expect(problem('u:p@:8080')).toBe('host');
    expect(problem('u%zz:p@h.example:8080')).toBe('encoding');
    expect(problem('gopher://h.example:70')).toBe('type');
  });

  test('problems read in both languages', () => {
    expect(problemText('format', 'en')).toBe(
      'Not a proxy line: use host:port, host:port:user:password, user:password@host:port or type://user:password@host:port',
    );
    expect(problemText('format', 'zh')).toContain('主机:端口:用户名:密码');
    expect(problemText('port', 'en')).toMatch(/1 to 65535/);
    expect(problemText('port', 'zh')).toMatch(/端口/);
    expect(problemText('type', 'en')).toContain('socks5');
  });
});
