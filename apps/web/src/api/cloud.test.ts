import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { newQueryClient } from '../shared/queryClient.ts';
import { cloudQueryOptions } from '../shared/useCloudQuery.ts';
import { CloudCallError, callCloud, callDocument, fetchHistoryList } from './cloud.ts';

/**
 * A real HTTP server on loopback standing in for the cloud: it records each request (its form
 * parsed by the platform's own Request) and answers what the test set for the path.
 */
interface Seen {
  path: string;
  fields: [string, string][];
  aborted: boolean;
}
const seen: Seen[] = [];
const answers = new Map<string, { body: unknown; delayMs?: number }>();
let server: http.Server;
let origin = '';
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const entry: Seen = { path: req.url ?? '', fields: [], aborted: false };
        seen.push(entry);
        res.on('close', () => {
          if (!res.writableFinished) entry.aborted = true;
        });
        if (req.method === 'POST') {
          const form = await new Request(`${origin}${req.url}`, {
            method: 'POST',
            headers: { 'content-type': req.headers['content-type'] ?? '' },
            body: Buffer.concat(chunks),
          }).formData();
          for (const [name, value] of form.entries()) {
            entry.fields.push([name, typeof value === 'string' ? value : `file:${value.name}`]);
          }
        }
        const answer = answers.get(req.url ?? '') ?? { body: { code: 404, msg: 'Not found' } };
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(answer.body));
        }, answer.delayMs ?? 0);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The site calls its own origin with relative paths; here that origin is the loopback server.
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' ? new URL(input, origin) : input, init);
});

afterEach(() => {
  seen.length = 0;
  answers.clear();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const TICKET = {
  id: 7,
  title: 'Proxy broken',
  typeid: 1,
  type: 'Proxy',
  status: 0,
  add_time: '2026-01-02T03:04:05.000Z',
  update_time: '2026-01-02T03:04:05.000Z',
  email: 'alice@example.com',
  username: 'alice_01',
};

describe('callCloud', () => {
  test('posts a multipart form: inweb=1, the cloud language, the fields, file parts last', async () => {
    answers.set('/api/hainiao/workorderupload', {
      body: { code: 0, msg: 'ok', data: { fileid: 'f1', filepath: '/a/f1', msg: 'Uploaded' } },
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' });
    const answer = await callCloud('/api/hainiao/workorderupload', { token: 'st_1' }, 'zh', {
      files: { file },
    });
    expect(answer).toEqual({ fileid: 'f1', filepath: '/a/f1', msg: 'Uploaded' });
    expect(seen[0]?.fields).toEqual([
      ['inweb', '1'],
      ['lang', 'zh-CHS'],
      ['token', 'st_1'],
      ['file', 'file:shot.png'],
    ]);
  });

  test('numbers go as text and absent fields are left out', async () => {
    answers.set('/api/hainiao/workorderlist', {
      body: { code: 0, msg: 'ok', data: { list: [TICKET], count: 1 } },
    });
    const answer = await callCloud(
      '/api/hainiao/workorderlist',
      { token: 't', typeid: 0, page: 2, page_size: undefined },
      'en',
    );
    expect(answer.list[0]?.title).toBe('Proxy broken');
    expect(seen[0]?.fields).toEqual([
      ['inweb', '1'],
      ['lang', 'en'],
      ['token', 't'],
      ['typeid', '0'],
      ['page', '2'],
    ]);
  });

  test("a failure rejects with the cloud's code and message", async () => {
    answers.set('/api/hainiao/workorderdetail', { body: { code: 404, msg: 'Ticket not found' } });
    const failure = callCloud('/api/hainiao/workorderdetail', { token: 't', id: '9' }, 'en');
    await expect(failure).rejects.toBeInstanceOf(CloudCallError);
    await expect(failure).rejects.toMatchObject({ code: 404, message: 'Ticket not found' });
  });

  test('an answer that does not match the contract is refused, not passed on', async () => {
    // The list's rows lack `email` and `username`, and a row carries a key nobody named.
    const { email: _email, username: _username, ...short } = TICKET;
    answers.set('/api/hainiao/workorderlist', {
      body: { code: 0, msg: 'ok', data: { list: [{ ...short, secret: 'x' }], count: 1 } },
    });
    await expect(
      callCloud('/api/hainiao/workorderlist', { token: 't' }, 'en'),
    ).rejects.toMatchObject({
      code: -1,
      message: 'Unexpected answer from /api/hainiao/workorderlist',
    });
  });

  test("document's answer is checked against what its mod answers", async () => {
    const category = { id: 1, name: 'Proxies', ename: 'proxies', count: 2 };
    answers.set('/api/hainiao/document', { body: { code: 0, msg: 'ok', data: [category] } });
    await expect(callDocument({ mod: 'category' }, 'en')).resolves.toEqual([category]);
    // A list of categories is a document answer, but not what mod=list answers.
    await expect(callDocument({ mod: 'list' }, 'en')).rejects.toMatchObject({
      code: -1,
      message: 'Unexpected answer from /api/hainiao/document',
    });
  });

  test('the historylist GET is checked like the calls', async () => {
    const file = {
      name: 'Hainiao 1.0',
      size: '1.4 KB',
      date: '2026-01-01',
      url: '/d/1.zip',
      os: ['Windows 10', 'Windows 11'],
    };
    answers.set('/historylist.php', { body: { code: 0, data: [file] } });
    await expect(fetchHistoryList()).resolves.toEqual([file]);
    answers.set('/historylist.php', { body: { code: 0, data: [{ ...file, size: 1400 }] } });
    await expect(fetchHistoryList()).rejects.toMatchObject({ code: -1 });
  });
});

describe('reads through the query cache', () => {
  test('identical reads running at once make one request', async () => {
    answers.set('/api/hainiao/workordertype', {
      body: { code: 0, msg: 'ok', data: { type: [{ typeid: 1, typename: 'Proxy' }] } },
      delayMs: 100,
    });
    const client = newQueryClient();
    const read = cloudQueryOptions('/api/hainiao/workordertype', { token: 't' }, 'en');
    const [a, b] = await Promise.all([client.fetchQuery(read), client.fetchQuery(read)]);
    expect(a).toEqual(b);
    expect(seen.filter((s) => s.path === '/api/hainiao/workordertype')).toHaveLength(1);
  });

  test('a read no page watches any more is aborted', async () => {
    answers.set('/api/hainiao/apiorderlist', {
      body: { code: 0, msg: 'ok', data: [] },
      delayMs: 2000,
    });
    const client = newQueryClient();
    // What a page's useQuery does: watch the read while mounted, stop watching on unmount.
    const observer = new QueryObserver(
      client,
      cloudQueryOptions('/api/hainiao/apiorderlist', { token: 't' }, 'en'),
    );
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => seen.length).toBe(1);
    unsubscribe();
    await expect.poll(() => seen[0]?.aborted).toBe(true);
  });
});
