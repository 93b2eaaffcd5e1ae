/**
 * Bad input (issue 15): every cloud call of CLOUD_CALLS, fed random and hostile requests through
 * `app.inject` on SQLite, never crashes, never answers 5xx, and always answers with a code of the
 * spec's table (packages/contract codes/cloud.ts) and, on a failure, a message in the caller's
 * language (the `lang` field every cloud call carries, else Accept-Language).
 * Field names and valid values come from each call's zod schema (its shape and `meta().example`);
 * values are mixed with wrong types, huge and deeply nested values, unicode, SQL and script
 * fragments and ../ in file names; bodies include broken multipart and oversized parts.
 * Seeded and bounded (FUZZ_RUNS cases per call, FUZZ_SEED); `npm run bench -- fuzz` runs longer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  ATTACHMENT_IMAGE_MAX_BYTES,
  CLOUD_CALLS,
  CloudCodes,
  SyncCodes,
  MainCodes,
  type CloudCall,
} from '@hainiao/contract';
import { openDatabase, type CloudDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { accountService } from './modules/accounts/service.ts';
import { seedTicketTypes } from './modules/tickets/seed.ts';
import { diskStore } from './storage/files.ts';
import { buildTestApp, post } from './test/app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 15);

/** Calls that would end the fuzzer's own sessions: they get hostile tokens only. */
const ENDS_SESSIONS = new Set([
  '/api/hainiao/signout',
  '/api/hainiao/signoutall',
  '/api/hainiao/apilogout',
]);

const BIG = 'x'.repeat(2 * 1024 * 1024); // over the multipart parser's 1 MB field limit
const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE accounts; --',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/shadow',
  'a\u0000b',
  '\uFEFF\u202E\u200B',
  '\uD800',
  '𝕳𝖆𝖎𝖓𝖎𝖆𝖔 海鸟 🐦‍🔥',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x1F',
  '1,2,3',
  ' ',
  '',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '${7*7}{{7*7}}',
  '%s%n%x',
  '\r\n\r\n--x--\r\n',
  'a'.repeat(70_000),
];

// The huge value is rarer than the others so that a case costs little on average.
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.integer().map(String), weight: 2 },
  { arbitrary: fc.double().map(String), weight: 2 },
  { arbitrary: fc.json({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constant(BIG), weight: 1 },
);

/** The keys of a zod object schema, looking through pipes, unions and intersections. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (shape) return shape;
  if (def.type === 'pipe') return shapeOf(def.in as z.ZodType);
  if (def.type === 'union') {
    return Object.assign({}, ...(def.options as z.ZodType[]).map(shapeOf)) as Record<
      string,
      z.ZodType
    >;
  }
  if (def.type === 'intersection') {
    return { ...shapeOf(def.left as z.ZodType), ...shapeOf(def.right as z.ZodType) };
  }
  return {};
}

/** A valid value of one field when its schema says one (its example, an enum or literal value). */
function validValues(field: z.ZodType): string[] {
  const values: string[] = [];
  const example = field.meta()?.example;
  if (example !== undefined) values.push(String(example));
  let current: unknown = field;
  for (let depth = 0; depth < 8 && current; depth++) {
    const def = (current as { def?: Record<string, unknown> }).def;
    if (!def) break;
    if (def.type === 'enum') values.push(...Object.values(def.entries as object).map(String));
    if (def.type === 'literal') values.push(...(def.values as unknown[]).map(String));
    current = def.innerType ?? def.in ?? undefined;
  }
  return values;
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

type Lang = 'en' | 'zh';

interface Case {
  lang: Lang;
  /** The `lang` field as sent (undefined: not sent). */
  langField: string | undefined;
  acceptLanguage: string | undefined;
  /** 'valid' puts the fuzzer's own token or credential in the auth fields. */
  auth: 'valid' | 'hostile';
  fields: [string, string][];
  files: Part[];
  body: 'multipart' | 'urlencoded' | 'json-deep' | 'broken';
  broken: number;
  cut: number;
}

const langCase: fc.Arbitrary<Pick<Case, 'lang' | 'langField' | 'acceptLanguage'>> = fc.oneof(
  fc.record({
    lang: fc.constant<Lang>('zh'),
    langField: fc.constantFrom('zh-CHS', 'zh', 'ZH-cn', 'zh<script>', undefined, ''),
    acceptLanguage: fc.constantFrom('zh-CN,zh;q=0.9', 'zh'),
  }),
  fc.record({
    lang: fc.constant<Lang>('en'),
    langField: fc.oneof(
      fc.constantFrom('en', 'EN', undefined, ''),
      hostileString.filter((s) => !/^zh/i.test(s) && s.length < 1000 && !s.includes('\0')),
    ),
    acceptLanguage: fc.constantFrom('en-US,en;q=0.9', 'fr', undefined, 'xx;q=zh'),
  }),
);

function caseOf(call: CloudCall): fc.Arbitrary<Case> {
  const shape = shapeOf(call.fields);
  const fieldArbs = Object.entries(shape)
    .filter(([name]) => name !== 'lang')
    .map(([name, schema]) => {
      const valid = validValues(schema);
      const options: fc.Arbitrary<string | undefined>[] = [hostileString, fc.constant(undefined)];
      if (valid.length > 0) options.push(fc.constantFrom(...valid), fc.constantFrom(...valid));
      return fc.oneof(...options).map((value) => [name, value] as const);
    });
  const file: fc.Arbitrary<Part> = fc.record({
    name: fc.constantFrom('file', 'files', 'attachment', '../file'),
    value: fc.oneof(
      { arbitrary: fc.constant(Buffer.from('\x89PNG\r\n\x1a\n')), weight: 4 },
      { arbitrary: fc.uint8Array({ maxLength: 256 }).map((b) => Buffer.from(b)), weight: 4 },
      { arbitrary: fc.constant(Buffer.alloc(1024 * 1024, 1)), weight: 1 },
    ),
    filename: fc.constantFrom(
      '../../../etc/passwd',
      '..\\..\\boot.ini',
      'a.png',
      'x.mp4',
      'evil.php.png',
      '.png',
      '海鸟.jpg',
      'a\u0000.png',
      '',
      'x'.repeat(500) + '.gif',
    ),
    contentType: fc.constantFrom(
      'image/png',
      'video/mp4',
      'text/html',
      'application/x-msdownload',
      '',
    ),
  });
  return fc
    .record({
      langs: langCase,
      auth: fc.constantFrom<Case['auth']>('valid', 'valid', 'hostile'),
      known: fc.tuple(...fieldArbs),
      extra: fc.array(
        fc.tuple(
          fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...HOSTILE.slice(0, 10))),
          hostileString,
        ),
        { maxLength: 3 },
      ),
      many: fc.constantFrom(0, 0, 0, 0, 60),
      files: fc.array(file, { maxLength: 2 }),
      manyFiles: fc.constantFrom(0, 0, 0, 6),
      body: fc.constantFrom<Case['body']>(
        'multipart',
        'multipart',
        'multipart',
        'multipart',
        'urlencoded',
        'json-deep',
        'broken',
        'broken',
      ),
      broken: fc.nat(9),
      cut: fc.nat(),
    })
    .map((r) => ({
      ...r.langs,
      auth: r.auth,
      fields: [
        ...r.known.filter((entry): entry is readonly [string, string] => entry[1] !== undefined),
        ...r.extra,
        ...Array.from({ length: r.many }, (_, i) => [`f${i}`, 'x'] as const),
      ].map(([k, v]) => [k, v] as [string, string]),
      files: [
        ...r.files,
        ...Array.from({ length: r.manyFiles }, (_, i) => ({
          name: `file${i}`,
          value: Buffer.from('x'),
          filename: `${i}.png`,
        })),
      ],
      body: r.body,
      broken: r.broken,
      cut: r.cut,
    }));
}

const BOUNDARY = '----hainiao-fuzz';

function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n${type}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Ten ways to break a multipart body. */
function brokenBody(kind: number, parts: Part[], cut: number): { type: string; body: Buffer } {
  const good = multipart(parts);
  switch (kind) {
    case 0: // the header names another boundary
      return { type: 'multipart/form-data; boundary=other', body: good };
    case 1: // no boundary at all
      return { type: 'multipart/form-data', body: good };
    case 2: // cut anywhere
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: good.subarray(0, cut % (good.length + 1)),
      };
    case 3: // no closing boundary
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: good.subarray(0, good.lastIndexOf(`--${BOUNDARY}--`)),
      };
    case 4: // a part without Content-Disposition
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX-Nothing: 1\r\n\r\nvalue\r\n`), good]),
      };
    case 5: // an empty or over-long boundary
      return {
        type: `multipart/form-data; boundary=${cut % 2 ? '""' : 'b'.repeat(200)}`,
        body: good,
      };
    case 6: // garbage
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.from(Array.from({ length: 200 }, (_, i) => (cut * (i + 7)) % 256)),
      };
    case 7: // a name that closes its quote and adds a filename
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"; filename="../x"; name="a\r\n\r\nv\r\n`,
          ),
          good,
        ]),
      };
    case 8: // the boundary inside a value
      return {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart([{ name: 'note', value: `x\r\n--${BOUNDARY}\r\n` }, ...parts]),
      };
    default: // an empty body
      return { type: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.alloc(0) };
  }
}

function deepJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

interface Tokens {
  user: string;
  staff: string;
  lease: string;
  credential: { Account: string; APP_ID: string; APP_KEY: string };
  clientToken: () => Promise<string>;
}

async function authFields(call: CloudCall, c: Case, tokens: Tokens): Promise<[string, string][]> {
  if (c.auth !== 'valid' || ENDS_SESSIONS.has(call.path)) return [];
  switch (call.auth) {
    case 'session':
      return [['token', tokens.user]];
    case 'staff':
      return [['token', tokens.staff]];
    case 'lease':
      return [['token', tokens.lease]];
    case 'clienttoken':
      return [['clienttoken', await tokens.clientToken()]];
    case 'credential':
      return Object.entries(tokens.credential);
    default:
      return [];
  }
}

let address = 0;

async function send(app: FastifyInstance, call: CloudCall, c: Case, tokens: Tokens) {
  const auth = await authFields(call, c, tokens);
  // The fuzzed values first: the valid auth, when chosen, is the value the server keeps.
  const fields: [string, string][] = [
    ...(c.langField === undefined ? [] : [['lang', c.langField] as [string, string]]),
    ...c.fields.filter(([name]) => name !== 'lang'),
    ...auth,
  ];
  const headers: Record<string, string> = {};
  if (c.acceptLanguage) headers['accept-language'] = c.acceptLanguage;
  let body: Buffer | string;
  const parts: Part[] = [...fields.map(([name, value]) => ({ name, value })), ...c.files];
  if (c.body === 'multipart') {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    body = multipart(parts);
  } else if (c.body === 'urlencoded') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(fields).toString();
  } else if (c.body === 'json-deep') {
    headers['content-type'] = 'application/json';
    body =
      c.cut % 2
        ? deepJson(5000)
        : JSON.stringify(
            // Wrong types for every field but the language, which decides the answer's.
            Object.fromEntries(
              fields.map(([k, v]) => [k, k === 'lang' ? v : c.cut % 3 ? [v, { v }] : Number(v)]),
            ),
          );
  } else {
    const broken = brokenBody(c.broken, parts, c.cut);
    headers['content-type'] = broken.type;
    body = broken.body;
  }
  address++;
  return app.inject({
    method: 'POST',
    url: call.path,
    headers,
    payload: body,
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
  });
}

/** fast-check's failure, short: huge strings and buffers of a counterexample summarised. */
function report(details: fc.RunDetails<[Case]>): void {
  if (!details.failed) return;
  const shown = JSON.stringify(details.counterexample, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 120) {
      return `${value.slice(0, 100)}…(${value.length} chars)`;
    }
    if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') {
      return `<${(value as { data: unknown[] }).data.length} bytes>`;
    }
    return value;
  });
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  throw new Error(
    `seed ${details.seed} path ${details.counterexamplePath}: ${cause}\n${shown.slice(0, 4000)}`,
  );
}

const HAN = /\p{Script=Han}/u;
const LOCAL_API_AUTH = new Set<CloudCall['auth']>(['credential', 'lease']);

/** The answer is the spec's: under 500, JSON, a known code, and a message in the caller's language. */
function checkAnswer(
  res: LightMyRequestResponse,
  c: Case,
  sent: string[],
  auth: CloudCall['auth'] = 'none',
): void {
  const context = `HTTP ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  let answer: { code?: unknown; msg?: unknown };
  try {
    answer = JSON.parse(res.body) as typeof answer;
  } catch {
    throw new Error(`not JSON: ${context}`);
  }
  // The local API's calls (credential, lease) answer with the local API's main codes, and the
  // sync calls with the sync codes (packages/contract/src/codes/sync.ts).
  const known = (code: number) =>
    CloudCodes.get(code) ??
    (LOCAL_API_AUTH.has(auth) ? (MainCodes.get(code) ?? SyncCodes.get(code)) : undefined);
  expect(typeof answer.code === 'number' && known(answer.code), context).toBeTruthy();
  if (answer.code === 0) return;
  expect(typeof answer.msg === 'string' && answer.msg.length > 0, context).toBe(true);
  // What the caller sent may be quoted back; only the rest of the message must be in its language.
  let own = String(answer.msg);
  for (const value of sent) if (value.length > 0) own = own.split(value).join('');
  if (c.lang === 'zh') expect(own, context).toMatch(HAN);
  else expect(own, context).not.toMatch(HAN);
}

describe('fuzzing every cloud call (SQLite)', () => {
  let dir: string;
  let database: CloudDatabase;
  let app: FastifyInstance;
  let tokens: Tokens;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-fuzz-cloud-'));
    database = openDatabase(`sqlite:${path.join(dir, 'cloud.sqlite')}`);
    await migrateToLatest(database);
    await seedTicketTypes(database);
    fs.mkdirSync(path.join(dir, 'files'));
    app = await buildTestApp(database, { files: diskStore(path.join(dir, 'files')) });
    const accounts = accountService(database);
    const signedIn = async (account: string, role: 'user' | 'staff') => {
      const created = await accounts.create({
        account,
        email: `${account}@example.com`,
        password: 'correct-horse-7',
        role,
      });
      const status = await post(app, 'status', {
        clienttoken: await accounts.issueClientToken(created.id),
      });
      return { id: created.id, token: status.body.data.user_info.token as string };
    };
    const user = await signedIn('fuzzer', 'user');
    const staff = await signedIn('fuzzstaff', 'staff');
    const applied = await post(app, 'applyapi', { token: user.token });
    const key = await post(app, 'getappkey', {
      token: user.token,
      app_id: applied.body.data.app_id,
    });
    const credential = {
      Account: 'fuzzer',
      APP_ID: applied.body.data.app_id as string,
      APP_KEY: key.body.data.app_key as string,
    };
    const login = await post(app, 'apilogin', { ...credential, device: 'fuzz-device' });
    expect(login.body.code, login.body.msg).toBe(0);
    tokens = {
      user: user.token,
      staff: staff.token,
      lease: login.body.data.token as string,
      credential,
      clientToken: () => accounts.issueClientToken(user.id),
    };
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(CLOUD_CALLS.map((call) => [call.path, call] as const))(
    '%s: hostile requests get a spec answer in the caller’s language',
    async (_path, call) => {
      await fc.assert(
        fc.asyncProperty(caseOf(call), async (c) => {
          const res = await send(app, call, c, tokens);
          const sent = [...c.fields.map(([, v]) => v), ...(c.langField ? [c.langField] : [])];
          checkAnswer(res, c, sent, call.auth);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, asyncReporter: async (d) => report(d) },
      );
    },
    Math.max(120_000, RUNS * 300),
  );

  test('an upload over the image limit is refused in the caller’s language, nothing kept', async () => {
    const before = fs.readdirSync(path.join(dir, 'files'));
    for (const lang of ['en', 'zh'] as const) {
      const c = { lang } as Case;
      const res = await app.inject({
        method: 'POST',
        url: '/api/hainiao/workorderupload',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([
          { name: 'inweb', value: '1' },
          { name: 'lang', value: lang === 'zh' ? 'zh-CHS' : 'en' },
          { name: 'token', value: tokens.user },
          {
            name: 'file',
            value: Buffer.alloc(ATTACHMENT_IMAGE_MAX_BYTES + 1, 0x89),
            filename: '../../big.png',
            contentType: 'image/png',
          },
        ]),
      });
      checkAnswer(res, c, []);
      expect(JSON.parse(res.body).code).not.toBe(0);
    }
    expect(fs.readdirSync(path.join(dir, 'files'))).toEqual(before);
  });
});
