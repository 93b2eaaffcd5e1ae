/**
 * Issue 24 item 8, the cloud's part: a secret in a URL's query string (token, api_key, key,
 * password, secret, …) never reaches the cloud's log in clear, whether the URL is the request's
 * own, part of a message, of an error, or of a logged field: its value shows as `***`.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { buildTestApp, form } from '../test/app.ts';
import { describeEachDatabase } from '../test/databases.ts';

describeEachDatabase('secrets in logged URLs', (ctx) => {
  test('query-string secrets show as *** in every log line', async () => {
    const lines: string[] = [];
    const app = await buildTestApp(ctx.database, {
      logLevel: 'debug',
      logStream: { write: (line: string) => void lines.push(line) },
    });
    const secret = (name: string) => `${name}-${randomBytes(6).toString('hex')}`;
    const values = {
      token: secret('tok'),
      api_key: secret('apikey'),
      key: secret('key'),
      password: secret('pw'),
      secret: secret('sec'),
      access_token: secret('access'),
      client_secret: secret('client'),
    };
    try {
      const query = Object.entries(values)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      await app.inject({ method: 'GET', url: `/api/hainiao/envpull?${query}&page=2` });
      await app.inject({
        method: 'POST',
        url: `/api/hainiao/envpull?api_key=${values.api_key}`,
        ...form({ inweb: '1', lang: 'en', token: 'lt_unknown', since: '0' }),
      });
      app.log.warn(`calling https://cloud.example/api?key=${values.key}&page=2 failed`);
      app.log.error(new Error(`GET /download?password=${values.password} answered 500`));
      app.log.info(
        { target: `/x?secret=${values.secret}`, nested: { link: `?token=${values.token}` } },
        'fields',
      );
    } finally {
      await app.close();
    }
    const text = lines.join('');
    for (const value of Object.values(values)) expect(text).not.toContain(value);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const urls = records.flatMap((r) => {
      const req = r.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toContain(
      '/api/hainiao/envpull?token=***&api_key=***&key=***&password=***&secret=***' +
        '&access_token=***&client_secret=***&page=2',
    );
    expect(urls).toContain('/api/hainiao/envpull?api_key=***');
    expect(text).toContain('calling https://cloud.example/api?key=***&page=2 failed');
    expect(text).toContain('GET /download?password=*** answered 500');
    const fields = records.find((r) => r.msg === 'fields')!;
    expect(fields.target).toBe('/x?secret=***');
    expect(fields.nested).toEqual({ link: '?token=***' });
  });
});
