import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { DEMO_CORES, DEMO_VERSION, seedContent } from './seed.ts';

/** A multipart body as the site sends it (site spec §7: inweb=1 and lang on every call). */
function form(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = '----hainiao-test';
  const payload =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('content calls', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedContent(ctx.database);
    await seedContent(ctx.database); // seeding twice must not duplicate anything
    app = await buildTestApp(ctx.database);
  });
  afterAll(() => app.close());

  test('version answers code 0 with the stored version string', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ inweb: '1', lang: 'en' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: DEMO_VERSION });
  });

  test('version reflects what the operator stored', async () => {
    await ctx.database.db
      .updateTable('setting')
      .set({ value: '3.0.0' })
      .where('key', '=', 'client_version')
      .execute();
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/version',
      ...form({ inweb: '1', lang: 'zh-CHS' }),
    });
    expect(res.json().data).toBe('3.0.0');
  });

  test('corelist lists each core once, in the stored order', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/corelist',
      ...form({ inweb: '1', lang: 'en' }),
    });
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data).toEqual(
      DEMO_CORES.map(({ name, version, core, path }) => ({ name, version, core, path })),
    );
  });

  test('an unknown call answers 404 in the envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/hainiao/nope',
      ...form({ inweb: '1' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});
