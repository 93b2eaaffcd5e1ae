import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { localApiMessages } from '../messages/local-api.ts';
import { LOCAL_API_ROUTES, localApiRoute } from '../schemas/routes.ts';
import { answerDataKeys, answerItemKeys, docCalls, docCallsOf, exampleAnswer } from './calls.ts';
import { DOC_SAMPLES } from './examples.ts';
import { ADSPOWER_COMPAT_ROUTES } from '../schemas/local-api/compat.ts';
import { ADSPOWER_DOC_CALLS, adsPowerCallKey } from './adspower.ts';
import { MCP_TOOLS } from './mcp.ts';
import { buildOpenApi } from './openapi.ts';
import {
  API_DOC_CALL_PAGES,
  API_DOC_NAV,
  API_DOC_SLUGS,
  API_DOC_TITLES,
  apiDocSlugOf,
  callAnchor,
} from './pages.ts';
import {
  POSTMAN_FLOW,
  POSTMAN_VARIABLES,
  buildPostmanCollection,
  buildPostmanEnvironment,
} from './postman.ts';
import { fieldRows, openApiSchema } from './schema.ts';

const paths = LOCAL_API_ROUTES.map((r) => r.path);

/** The keys of the object schema behind a body (through pipes). */
function shapeKeys(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return shapeKeys(schema.in as z.ZodType);
  throw new Error('not an object schema');
}

describe('the documentation model', () => {
  test('documents every call of the contract once, on a page of the site', () => {
    const calls = docCalls();
    expect(calls.map((c) => c.path)).toEqual(paths);
    for (const call of calls) {
      expect(API_DOC_SLUGS).toContain(call.page);
      expect(call.title.en && call.title.zh && call.purpose.en && call.purpose.zh).toBeTruthy();
    }
    const onPages = Object.keys(API_DOC_CALL_PAGES).flatMap((page) =>
      docCallsOf(page as keyof typeof API_DOC_CALL_PAGES).map((c) => c.path),
    );
    expect([...onPages].sort()).toEqual([...paths].sort());
  });

  test('every page has a title in both languages and sits once in the navigation', () => {
    const navigated = API_DOC_NAV.flatMap((group) => group.pages);
    expect([...navigated].sort()).toEqual([...API_DOC_SLUGS].sort());
    for (const slug of API_DOC_SLUGS) {
      expect(API_DOC_TITLES[slug].en).toBeTruthy();
      expect(API_DOC_TITLES[slug].zh).toBeTruthy();
    }
    // The 17 pages of the spec, then the two of what the service offers beyond it.
    expect(API_DOC_SLUGS).toHaveLength(19);
    expect(API_DOC_NAV.at(-1)?.pages).toEqual(['adspower', 'mcp']);
  });

  test('pages and anchors', () => {
    expect(apiDocSlugOf('/api/doc')).toBe('overview');
    expect(apiDocSlugOf('/zh/api/doc/')).toBe('overview');
    expect(apiDocSlugOf('/zh/api/doc/postman-debug')).toBe('postman-debug');
    expect(apiDocSlugOf('/api/doc/session?x=1#a')).toBe('session');
    expect(apiDocSlugOf('/api/doc/nope')).toBeUndefined();
    expect(apiDocSlugOf('/api')).toBeUndefined();
    expect(callAnchor('/login')).toBe('login');
    expect(callAnchor('/api/v1/session/auto_open/add')).toBe('session-auto_open-add');
    const anchors = docCalls().map((c) => c.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
  });

  test('every example request is valid for the schema that validates the call', () => {
    for (const call of docCalls()) {
      const result = localApiRoute(call.path)!.body.safeParse(call.request);
      expect(result.success, `${call.path}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  test('example answers use catalogue messages and the call envelope', () => {
    for (const call of docCalls()) {
      expect(localApiMessages[call.answer.message], call.path).toBeDefined();
      const en = exampleAnswer(call, 'en') as Record<string, unknown>;
      const zh = exampleAnswer(call, 'zh') as Record<string, unknown>;
      if (call.envelope === 'legacy') {
        expect(Object.keys(en).slice(0, 3)).toEqual(['msg', 'status', 'data']);
      } else {
        expect(Object.keys(en)).toEqual(['message', 'code', 'data']);
      }
      expect(en.data).toEqual(zh.data);
    }
    expect(exampleAnswer(docCalls()[2]!, 'en')).toEqual({
      message: 'APISERVER shut down.',
      code: 0,
      data: true,
    });
  });

  test('field tables come from the schemas, with types, limits and both languages', () => {
    for (const call of docCalls()) {
      const route = localApiRoute(call.path)!;
      for (const field of call.fields) {
        expect(field.type, `${call.path} ${field.name}`).not.toBe('any');
        expect(field.description.en, `${call.path} ${field.name}`).toBeTruthy();
        expect(field.description.zh, `${call.path} ${field.name}`).toBeTruthy();
      }
      // Every field the schema accepts is in the table, in the schema's order.
      expect(
        call.fields.map((f) => f.name),
        call.path,
      ).toEqual(shapeKeys(route.body));
    }
    const create = docCalls().find((c) => c.path === '/api/v1/session/create')!;
    const byName = Object.fromEntries(create.fields.map((f) => [f.name, f]));
    expect(byName.Automatic_Configure).toMatchObject({ type: 'integer', required: true });
    expect(byName.Session_Name).toMatchObject({
      type: 'string',
      required: false,
      limits: [{ en: 'at most 60 characters', zh: '最多 60 个字符' }],
    });
    expect(byName.Proxy_Port?.limits[0]).toEqual({ en: '1 to 65535', zh: '1 到 65535' });
    expect(byName.Proxy_Type?.limits[0]?.en).toMatch(/^one of: HTTP, HTTPS, SSH/);
    expect(byName.HomePage_url?.type).toBe('string | string[]');
    expect(byName.Cookie?.type).toBe('string | object[]');
    const login = fieldRows(localApiRoute('/login')!.body, {
      APP_ID: { en: 'x', zh: 'y' },
    }).find((f) => f.name === 'APP_ID');
    expect(login).toMatchObject({ required: false, requirement: { en: 'x' } });
    const start = docCalls().find((c) => c.path === '/api/v1/browser/start')!;
    expect(start.fields.find((f) => f.name === 'Session_ID')?.limits).toEqual([
      { en: '1 to 100 items', zh: '1 到 100 项' },
    ]);
  });

  test('codes: every call has success and malformed; logins, rate limits, per-item codes', () => {
    for (const call of docCalls()) {
      expect(call.codes[0]).toMatchObject({ code: 0, table: 'main', http: 200 });
      expect(call.codes.some((c) => c.code === -10000 && c.http === 400)).toBe(true);
      expect(call.codes.some((c) => c.code === -4 && c.http === 401)).toBe(call.needsLogin);
      expect(call.codes.some((c) => c.http === 429)).toBe(Boolean(call.rateLimit));
    }
    const byPath = Object.fromEntries(docCalls().map((c) => [c.path, c]));
    expect(byPath['/login']!.rateLimit).toBe(10);
    expect(byPath['/api/v1/session/delete']!.rateLimit).toBe(40);
    expect(byPath['/api/v1/session/listid']!.rateLimit).toBe(50);
    expect(byPath['/api/v1/session/id_script_add']!.rateLimit).toBe(50);
    expect(byPath['/api/v1/browser/start']!.rateLimit).toBeUndefined();
    expect(byPath['/api/v1/quit']!.rateLimit).toBeUndefined();
    expect(byPath['/api/v1/quit']!.needsLogin).toBe(false);
    expect(byPath['/login']!.codes.map((c) => c.code)).toEqual(
      expect.arrayContaining([-1, -2, -3, -5, -12]),
    );
    expect(byPath['/api/v1/browser/stop']!.codes.find((c) => c.code === -20)?.perItem).toBe(true);
  });
});

describe('OpenAPI 3.1', () => {
  test('every example answer is what the call declares it answers', () => {
    for (const call of docCalls()) {
      const route = localApiRoute(call.path)!;
      // The legacy answer is checked whole (the fields beside data too), a v1 answer's data.
      const answer =
        call.envelope === 'legacy' ? exampleAnswer(call, 'en') : (call.answer.data as unknown);
      const result = route.answer.safeParse(answer);
      expect(result.success, `${call.path}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  test('the keys the Postman tests check come from the declared answers', () => {
    const byPath = new Map(docCalls().map((call) => [call.path, call]));
    expect(answerDataKeys(byPath.get('/login')!)).toEqual([
      'Account',
      'type',
      'account_reg_date',
      'account_expire_date',
    ]);
    // Every kind of delete answer has the failed ids; only one has the deleted ones.
    expect(answerDataKeys(byPath.get('/api/v1/session/delete')!)).toEqual([
      'Delete_Session_Failed',
    ]);
    expect(answerDataKeys(byPath.get('/members')!)).toEqual([]);
    // The example lists a brief (type 2) entry, and starts a browser that runs.
    expect(answerItemKeys(byPath.get('/api/v1/session/id_container')!)).toContain('Session_Tags');
    expect(answerItemKeys(byPath.get('/api/v1/session/id_container')!)).not.toContain('Cookie');
    expect(answerItemKeys(byPath.get('/api/v1/browser/start')!)).toContain('Fingerprint_Summary');
  });

  const doc = buildOpenApi({ siteUrl: 'https://hainiao.example', port: 9000 }) as {
    openapi: string;
    servers: { variables: { port: { default: string } } }[];
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
  };

  test('every call of the contract is a POST operation with its schema, example and codes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.variables.port.default).toBe('9000');
    for (const call of docCalls()) {
      const op = doc.paths[call.path]?.post as {
        operationId: string;
        requestBody: {
          content: {
            'application/json': { schema: { properties?: object }; example: unknown };
          };
        };
        responses: Record<string, unknown>;
        'x-codes': { code: number }[];
      };
      expect(op, call.path).toBeDefined();
      const body = op.requestBody.content['application/json'];
      expect(Object.keys(body.schema.properties ?? {})).toEqual(call.fields.map((f) => f.name));
      expect(body.example).toEqual(call.request);
      expect(op['x-codes'].map((c) => c.code)).toEqual(call.codes.map((c) => c.code));
      expect(Object.keys(op.responses)).toContain('200');
      // The 200 answer: the declared success (its data for v1, the whole legacy answer) or a failure.
      const ok = (
        op.responses['200'] as {
          content: { 'application/json': { schema: { anyOf: Record<string, unknown>[] } } };
        }
      ).content['application/json'].schema.anyOf[0]!;
      const declared = openApiSchema(call.answerSchema);
      if (call.envelope === 'legacy') expect(ok, call.path).toEqual(declared);
      else expect((ok.properties as { data: unknown }).data, call.path).toEqual(declared);
    }
    expect(doc.paths['/openapi.json']?.get).toBeDefined();
    const ids = Object.values(doc.paths).flatMap((p) =>
      Object.values(p).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('Chinese descriptions, examples in JSON Schema form, and references that resolve', () => {
    const create = doc.paths['/api/v1/session/create']!.post as {
      requestBody: { content: { 'application/json': { schema: unknown } } };
    };
    const schema = create.requestBody.content['application/json'].schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(schema.required).toEqual(['Automatic_Configure']);
    expect(schema.properties.Session_Name).toMatchObject({
      maxLength: 60,
      'x-description-zh': expect.any(String),
      examples: ['Amazon US store 01'],
    });
    for (const item of Object.values(doc.paths)) {
      const op = item.post as {
        requestBody: { content: { 'application/json': { schema: object } } };
      };
      if (!op) continue;
      const text = JSON.stringify(op.requestBody.content['application/json'].schema);
      expect(/"(zh|example|\$schema)":/.test(text)).toBe(false);
    }
    expect(schema.properties.Session_Name).not.toHaveProperty('example');
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, kind, name] of refs) {
      expect(
        (doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!],
      ).toBeDefined();
    }
    expect(doc.components.schemas.CurlCode).toMatchObject({ type: 'integer' });
    expect((doc.components.schemas.CurlCode as { enum: number[] }).enum).toHaveLength(102);
  });
});

describe('Postman collection', () => {
  const collection = buildPostmanCollection() as {
    info: { schema: string };
    item: {
      name: string;
      item: { name: string; request: { url: { raw: string }; body: { raw: string } } }[];
    }[];
    variable: { key: string }[];
  };
  const requests = collection.item.flatMap((folder) => folder.item);

  test('v2.1, every call once, in the flow order', () => {
    expect(collection.info.schema).toContain('/v2.1.0/');
    const called = requests.map((r) => r.request.url.raw.replace('http://{{host}}:{{port}}', ''));
    expect([...called].sort()).toEqual([...paths].sort());
    expect(called).toEqual(POSTMAN_FLOW.flatMap((f) => f.calls));
    expect(called[0]).toBe('/login');
    expect(called.at(-1)).toBe('/api/v1/quit');
  });

  test('bodies use defined variables and, with the samples put back, pass the schemas', () => {
    const defined = new Set(POSTMAN_VARIABLES.map((v) => v.key));
    const samples = DOC_SAMPLES as Record<string, string>;
    for (const request of requests) {
      const raw = request.request.body.raw;
      for (const [, name] of raw.matchAll(/\{\{(\w+)\}\}/g)) expect(defined).toContain(name);
      const path = request.request.url.raw.replace('http://{{host}}:{{port}}', '');
      const body = JSON.parse(
        raw.replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
          JSON.stringify(samples[k] ?? 'x').slice(1, -1),
        ),
      );
      expect(localApiRoute(path)!.body.safeParse(body).success, path).toBe(true);
    }
    expect(requests.find((r) => r.name.includes('/login'))?.request.body.raw).toContain(
      '{{appKey}}',
    );
  });

  test('the environment file holds host, port and the credential, not the run-time ids', () => {
    const env = buildPostmanEnvironment() as { values: { key: string; value: string }[] };
    const keys = env.values.map((v) => v.key);
    expect(keys).toEqual(expect.arrayContaining(['host', 'port', 'account', 'appId', 'appKey']));
    expect(keys).not.toContain('sessionId');
    expect(env.values.find((v) => v.key === 'port')?.value).toBe('8186');
  });
});

describe('the pages beyond the spec', () => {
  test('every AdsPower-compatible call, and only those, is described in both languages', () => {
    const keys = ADSPOWER_COMPAT_ROUTES.map(adsPowerCallKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(ADSPOWER_DOC_CALLS).sort()).toEqual([...keys].sort());
    for (const text of Object.values(ADSPOWER_DOC_CALLS)) {
      expect(text.en && text.zh, text.en).toBeTruthy();
      expect(/[\u4e00-\u9fff]/.test(text.zh), text.zh).toBe(true);
    }
  });

  test('the MCP tools: names once, every argument described in both languages', () => {
    const names = MCP_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of MCP_TOOLS) {
      expect(tool.does.en && tool.does.zh, tool.name).toBeTruthy();
      const args = tool.arguments.map((a) => a.name);
      expect(new Set(args).size, tool.name).toBe(args.length);
      for (const arg of tool.arguments) {
        expect(arg.description.en && arg.description.zh, `${tool.name} ${arg.name}`).toBeTruthy();
      }
    }
  });
});
