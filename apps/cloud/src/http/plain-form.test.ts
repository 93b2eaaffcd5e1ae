import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors.ts';
import { readFields } from './form.ts';
import { PLAIN_FORM_BYTES_MAX, PLAIN_FORM_PARTS_MAX } from './plain-form.ts';

const BOUNDARY = 'plain-form-test';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = Fastify();
  await app.register(multipart);
  installErrorHandler(app);
  // Answers the fields it read, as the calls' handlers see them.
  app.post('/form', async (request) => ({ code: 0, fields: { ...(await readFields(request)) } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(() => app.close());

/** Sends a request over a raw socket, its body in the pieces given, and reads the answer. */
function sendInPieces(pieces: Buffer[], headers: Record<string, string> = {}) {
  const length = pieces.reduce((n, piece) => n + piece.length, 0);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
        body: JSON.parse(body) as Record<string, unknown>,
      });
    });
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.write(
      `POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
        `Content-Type: ${TYPE}\r\nContent-Length: ${length}\r\n${extra.join('')}\r\n`,
    );
    // Each piece in its own packet, so the parser sees it as a chunk of its own.
    let i = 0;
    const next = () => {
      const piece = pieces[i++];
      if (!piece) return;
      socket.write(piece, () => setTimeout(next, 5));
    };
    next();
  });
}

const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${port}/form`, {
    method: 'POST',
    headers: { 'content-type': TYPE, ...headers },
    body,
  }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  }));

describe('the plain calls form reader', () => {
  it('reads the text fields and drops file parts', async () => {
    const file =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\u0089PNG...\r\n`;
    const answer = await post(field('token', 'abc') + file + field('title', '代理 ✓') + end);
    expect(answer).toEqual({
      status: 200,
      body: { code: 0, fields: { token: 'abc', title: '代理 ✓' } },
    });
  });

  it('reads a form that arrives a few bytes at a time, boundaries split between packets', async () => {
    const body = Buffer.from(field('token', 'x'.repeat(40)) + field('lang', 'zh-CHS') + end);
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 7) pieces.push(body.subarray(at, at + 7));
    const answer = await sendInPieces(pieces);
    expect(answer.body).toEqual({ code: 0, fields: { token: 'x'.repeat(40), lang: 'zh-CHS' } });
  });

  it('ignores an epilogue after the closing boundary, even in a packet of its own', async () => {
    const answer = await sendInPieces([
      Buffer.from(field('token', 'abc') + end),
      Buffer.from('\r\nclients may add text here\r\n'),
    ]);
    expect(answer.body).toEqual({ code: 0, fields: { token: 'abc' } });
  });

  it('takes an empty body as an empty form', async () => {
    expect(await post('')).toEqual({ status: 200, body: { code: 0, fields: {} } });
  });

  it('answers a broken form as an invalid parameter in the callers language, not a 500', async () => {
    const cut = await post(field('token', 'abc'), { 'accept-language': 'zh-CN' });
    expect(cut.status).toBe(400);
    expect(cut.body.code).not.toBe(0);
    expect(String(cut.body.msg)).toMatch(/[\u4e00-\u9fff]/);
    const noBoundary = await fetch(`http://127.0.0.1:${port}/form`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: field('token', 'abc') + end,
    });
    expect(noBoundary.status).toBe(400);
    const preamble = await post(`garbage\r\n${field('token', 'abc')}${end}`);
    expect(preamble.status).toBe(400);
  });

  it('refuses a form over its size or part limits with 413, and reads on after it', async () => {
    const big = await post(field('content', 'a'.repeat(PLAIN_FORM_BYTES_MAX + 1)) + end);
    expect(big.status).toBe(413);
    expect(big.body.code).not.toBe(0);
    const many = await post(
      Array.from({ length: PLAIN_FORM_PARTS_MAX + 1 }, (_, i) => field(`f${i}`, 'x')).join('') +
        end,
    );
    expect(many.status).toBe(413);
    // The server is still well: the next form is read.
    expect((await post(field('token', 'abc') + end)).body).toEqual({
      code: 0,
      fields: { token: 'abc' },
    });
  });

  it('keeps names such as __proto__ as plain fields, never on the prototype', async () => {
    const answer = await post(field('__proto__', 'x') + field('constructor', 'y') + end);
    expect(answer.status).toBe(200);
    const fields = answer.body.fields as Record<string, unknown>;
    expect(Object.keys(fields).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toBe('x');
    expect(Object.prototype).not.toHaveProperty('x');
  });
});
