/**
 * Bad input (issue 15): every call of LOCAL_API_ROUTES, fed random and hostile bodies over real
 * HTTP on loopback to a logged-in local API, never crashes it, never answers 5xx, and always
 * answers in the call's envelope with a code of the contract's tables (codes/local-api.ts)
 * and a message in the caller's language (Accept-Language). Field names and valid values come from
 * each call's zod schema (its shape and `meta().example`); values are mixed with wrong types, huge
 * (every field 2 MB long in a case of its own) and deeply nested values, unicode, SQL and script
 * fragments and ../ in path fields; bodies include broken JSON, other content types and one over
 * the body limit.
 * No browser starts: the service's browser path does not exist, the calls that start one run
 * first, on an empty store, and /api/v1/quit (which ends the service) is left out.
 * Seeded and bounded (FUZZ_RUNS cases per call, FUZZ_SEED); `npm run bench -- fuzz` runs longer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  BrowserCodes,
  LOCAL_API_ROUTES,
  MainCodes,
  EnvironmentFieldCodes,
  type LocalApiRoute,
} from '@hainiao/contract';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { call, startTestService, type RawResponse, type TestService } from './test/server.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 15);

/** Ends the service: not fuzzed (its refusal of bad bodies is in app.test.ts). */
const SKIPPED = new Set(['/api/v1/quit']);
/** Calls that start or inspect browsers: fuzzed first, while no environment exists. */
const FIRST = ['/api/v1/browser/start', '/api/v1/session/self_check', '/api/v1/browser/status'];
/** Calls that change the login: fuzzed last. */
const LAST = ['/members', '/login'];

const BIG = 'x'.repeat(2 * 1024 * 1024);
const OVER_LIMIT = 'y'.repeat(10 * 1024 * 1024 + 10); // over the 10 MB body limit
const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE environments; --',
  "Robert'); DELETE FROM groups; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '../../../hainiao-fuzz-escape',
  '..\\..\\..\\windows\\win.ini',
  '/proc/self/environ',
  'file:///etc/passwd',
  '\\\\server\\share\\x',
  'a\u0000b',
  '\uFEFF\u202E\u200B',
  '\uD800',
  '𝕳𝖆𝖎𝖓𝖎𝖆𝖔 海鸟 🐦‍🔥',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '',
  ' ',
  'null',
  '__proto__',
  'constructor',
  '${7*7}{{7*7}}',
  '%s%n%x',
  'a'.repeat(70_000),
];

// The 2 MB string is not drawn at random: every field of every call gets it in a case of its own
// (`bigFieldCases`), where random draws gave it to a random field of about one case in eight, at
// ~5 ms each to send and parse (a quarter of the file's CPU).
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
);

function deep(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}
const DEEP = deep(3000);

/** Any JSON value of the wrong kind: strings, numbers, booleans, null, arrays, objects, deep. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 6 },
  {
    arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53, 1e308)),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
  { arbitrary: fc.array(hostileString, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown), weight: 1 },
  { arbitrary: fc.constant(DEEP), weight: 1 },
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

/** Valid values of one field when its schema says some (its example, enum or literal values). */
function validValues(field: z.ZodType): unknown[] {
  const values: unknown[] = [];
  let current: unknown = field;
  for (let depth = 0; depth < 8 && current; depth++) {
    const schema = current as z.ZodType & { def?: Record<string, unknown> };
    const example = typeof schema.meta === 'function' ? schema.meta()?.example : undefined;
    if (example !== undefined) values.push(example);
    const def = schema.def;
    if (!def) break;
    if (def.type === 'enum') values.push(...Object.values(def.entries as object));
    if (def.type === 'literal') values.push(...(def.values as unknown[]));
    current = def.innerType ?? def.in ?? undefined;
  }
  return values;
}

type Lang = 'en' | 'zh';

interface Case {
  lang: Lang;
  acceptLanguage: string | undefined;
  body: Record<string, unknown>;
  /** How the body goes out: JSON, or one of the broken forms. */
  form: 'json' | 'top-level' | 'broken-json' | 'text' | 'urlencoded' | 'empty' | 'over-limit';
  topLevel: unknown;
}

function caseOf(route: LocalApiRoute): fc.Arbitrary<Case> {
  const fields = Object.entries(shapeOf(route.body)).map(([name, schema]) => {
    const valid = validValues(schema);
    const options: fc.Arbitrary<unknown>[] = [hostileValue, fc.constant(undefined)];
    if (valid.length > 0) options.push(fc.constantFrom(...valid), fc.constantFrom(...valid));
    return fc.oneof(...options).map((value) => [name, value] as const);
  });
  return fc
    .record({
      lang: fc.constantFrom<Lang>('en', 'zh'),
      enHeader: fc.constantFrom('en-US,en;q=0.9', 'fr', undefined, 'xx;q=zh'),
      zhHeader: fc.constantFrom('zh-CN,zh;q=0.9', 'zh', 'ZH-tw'),
      known: fc.tuple(...fields),
      extra: fc.array(
        fc.tuple(
          fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...HOSTILE.slice(0, 8))),
          hostileValue,
        ),
        {
          maxLength: 2,
        },
      ),
      form: fc.constantFrom<Case['form']>(
        'json',
        'json',
        'json',
        'json',
        'json',
        'json',
        'top-level',
        'broken-json',
        'text',
        'urlencoded',
        'empty',
      ),
      topLevel: fc.oneof(
        fc.constantFrom(null, 0, 'x', true),
        fc.array(hostileValue, { maxLength: 3 }),
      ),
      overLimit: fc.nat(199),
    })
    .map((r) => ({
      lang: r.lang,
      acceptLanguage: r.lang === 'zh' ? r.zhHeader : r.enHeader,
      body: Object.fromEntries([...r.known.filter(([, value]) => value !== undefined), ...r.extra]),
      // One case in two hundred sends more than the body limit.
      form: r.overLimit === 0 ? 'over-limit' : r.form,
      topLevel: r.topLevel,
    }));
}

/**
 * One case per field of the call with that field 2 MB long and the others valid where the schema
 * gives a valid value, the languages taking turns.
 */
function bigFieldCases(route: LocalApiRoute): Case[] {
  const fields = Object.entries(shapeOf(route.body));
  const valid = Object.fromEntries(
    fields.flatMap(([name, schema]) =>
      validValues(schema)
        .slice(0, 1)
        .map((v) => [name, v]),
    ),
  );
  return fields.map(([name], i) => {
    const lang: Lang = i % 2 ? 'zh' : 'en';
    return {
      lang,
      acceptLanguage: lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US,en;q=0.9',
      body: { ...valid, [name]: BIG },
      form: 'json',
      topLevel: null,
    };
  });
}

function send(port: number, route: LocalApiRoute, c: Case): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (c.acceptLanguage) headers['accept-language'] = c.acceptLanguage;
  const json = JSON.stringify(c.body);
  let body: string;
  switch (c.form) {
    case 'json':
      body = json;
      break;
    case 'top-level':
      body = JSON.stringify(c.topLevel);
      break;
    case 'broken-json':
      body = json.slice(0, Math.max(1, json.length - 1)) + ',"';
      break;
    case 'text':
      headers['content-type'] = 'text/plain';
      body = json;
      break;
    case 'urlencoded':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(c.body).map(([k, v]): [string, string] => [k, JSON.stringify(v) ?? '']),
      ).toString();
      break;
    case 'empty':
      body = '';
      break;
    case 'over-limit':
      body = JSON.stringify({ ...c.body, pad: OVER_LIMIT });
      break;
  }
  if (body) headers['content-length'] = String(Buffer.byteLength(body));
  return call(port, route.path, { body, headers });
}

const CODES = [MainCodes, EnvironmentFieldCodes, BrowserCodes];
const HAN = /\p{Script=Han}/u;

/** Every string a case sent, which an answer may quote back in any language. */
function sentStrings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 20) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) sentStrings(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      sentStrings(v, out, depth + 1);
    }
  }
  return out;
}

function checkAnswer(res: RawResponse, route: LocalApiRoute, c: Case): void {
  const context = `HTTP ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  let answer: Record<string, unknown>;
  try {
    answer = res.json();
  } catch {
    throw new Error(`not JSON: ${context}`);
  }
  const [code, message] =
    route.envelope === 'legacy' ? [answer.status, answer.msg] : [answer.code, answer.message];
  expect(typeof code === 'number' && CODES.some((table) => table.get(code)), context).toBe(true);
  expect(typeof message === 'string' && message.length > 0, context).toBe(true);
  let own = String(message);
  for (const value of sentStrings(c.body)) if (value.length > 0) own = own.split(value).join('');
  if (c.lang === 'zh') expect(own, context).toMatch(HAN);
  else expect(own, context).not.toMatch(HAN);
}

function report(details: fc.RunDetails<[Case]>): void {
  if (!details.failed) return;
  const shown = JSON.stringify(details.counterexample, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 120
      ? `${value.slice(0, 100)}…(${value.length} chars)`
      : value,
  );
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
  throw new Error(
    `seed ${details.seed} path ${details.counterexamplePath}: ${cause}\n${(shown ?? '').slice(0, 4000)}`,
  );
}

const order = (route: LocalApiRoute) =>
  FIRST.includes(route.path) ? 0 : LAST.includes(route.path) ? 2 + LAST.indexOf(route.path) : 1;
const ROUTES = LOCAL_API_ROUTES.filter((route) => !SKIPPED.has(route.path)).sort(
  (a, b) => order(a) - order(b),
);

describe('fuzzing every local API call (logged in, no browser)', () => {
  let cloud: TestCloud;
  let service: TestService;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hainiao-fuzz-local-'));
    cloud = await startTestCloud();
    const credential = await cloud.account('fuzzer');
    service = await startTestService({
      cloud: cloud.url,
      cookieDir: dir,
      proxyCheckTimeoutMs: 300,
      browserPath: path.join(dir, 'no-browser-here'),
    });
    expect((await service.post('/login', credential)).json().status).toBe(0);
  }, 120_000);

  afterAll(async () => {
    await service?.dispose();
    await cloud?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s: hostile bodies get a spec answer in the caller’s language',
    async (_path, route) => {
      for (const big of bigFieldCases(route)) {
        checkAnswer(await send(service.port, route, big), route, big);
      }
      await fc.assert(
        fc.asyncProperty(caseOf(route), async (c) => {
          checkAnswer(await send(service.port, route, c), route, c);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, asyncReporter: async (d) => report(d) },
      );
    },
    Math.max(180_000, RUNS * 300),
  );

  test('the service still answers, and nothing escaped the data and cookie folders', async () => {
    const res = await service.post('/api/v1/group/list', {});
    expect(res.json().code).toBe(0);
    expect(fs.existsSync(path.join(os.tmpdir(), 'hainiao-fuzz-escape'))).toBe(false);
    expect(fs.existsSync(path.resolve(dir, '../../../hainiao-fuzz-escape'))).toBe(false);
  });
});
