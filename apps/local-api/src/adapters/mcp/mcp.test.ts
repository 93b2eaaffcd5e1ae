/**
 * The MCP server on /mcp (adapters/mcp/mcp.ts), driven end to end by the SDK's own Client over its
 * StreamableHTTPClientTransport: a real service logged in to a real cloud, a real environment
 * (headless Chromium) and a page on loopback. Then the guards: without the key under --api-key on
 * nothing is answered; a file:// URL is refused with the contract's code.
 */
import fs from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  hasChromium,
  startBrowserService,
  startSite,
  type BrowserService,
} from '../../test/browser.ts';
import { hostSystem, pageOnlyValues } from '../../runtime/fingerprint/host.ts';
import { startTestService } from '../../test/server.ts';

/** A system other than this machine's. */
const OTHER_SYSTEM = hostSystem() === 'Windows' ? 'MacIntel' : 'Windows';

type ToolResult = {
  isError?: boolean;
  content: ({ type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string })[];
};

async function connect(port: number, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'hainiao-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
    requestInit: { headers },
  });
  await client.connect(transport);
  return client;
}

const textOf = (result: ToolResult) =>
  result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');

/** The error answer of a tool: `{code, message}` in its text. */
function errorOf(result: ToolResult): { code: number; message: string } {
  expect(result.isError, textOf(result)).toBe(true);
  return JSON.parse(textOf(result));
}

/** The ref of the first snapshot line that contains `text`. */
function refOf(snapshot: string, text: string): string {
  const line = snapshot.split('\n').find((l) => l.includes(text));
  const ref = /\[ref=(e\d+)\]/.exec(line ?? '')?.[1];
  if (!ref) throw new Error(`no ref for ${text} in:\n${snapshot}`);
  return ref;
}

const PAGES = {
  '/': `<!doctype html><title>Start</title>
<h1>Welcome to the shop</h1>
<button onclick="document.querySelector('h1').textContent = 'Button pressed'">Change heading</button>
<label>Your name <input id="name" value="old"></label>
<a href="/next">Next page</a>`,
  '/next': '<!doctype html><title>Next</title><h1>Second page</h1>',
  '/set-cookie': '<!doctype html><title>Cookie</title><h1>Cookie set</h1>',
};

describe.skipIf(!hasChromium)('MCP server: the SDK client against a real environment', () => {
  let api: BrowserService;
  let site: Awaited<ReturnType<typeof startSite>>;
  let client: Client;
  let id = '';

  const call = async (name: string, args: Record<string, unknown> = {}, on = client) =>
    (await on.callTool({ name, arguments: args })) as ToolResult;
  const ok = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await call(name, args);
    expect(result.isError ?? false, textOf(result)).toBe(false);
    return result;
  };
  const snapshot = async () => textOf(await ok('snapshot', { Session_ID: id }));

  beforeAll(async () => {
    site = await startSite(PAGES);
    api = await startBrowserService();
    client = await connect(api.service.port);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    if (id) await api?.kill([id]).catch(() => undefined);
    await api?.dispose();
    await site?.close();
  }, 60_000);

  test('lists its tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'click',
        'cookies',
        'create_environment',
        'list_environments',
        'navigate',
        'screenshot',
        'snapshot',
        'start_environment',
        'stop_environment',
        'type',
      ].sort(),
    );
    const create = tools.find((tool) => tool.name === 'create_environment');
    expect(Object.keys(create?.inputSchema.properties ?? {})).toContain('Proxy_Type');
  });

  test('creates, lists and starts an environment', async () => {
    const created = JSON.parse(textOf(await ok('create_environment', { Session_Name: 'agent' })));
    id = created.Session_Id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    // This machine's system: nothing shown in pages only. Another system: said at create.
    expect(created.Fingerprint_PageOnly).toEqual([]);
    const other = JSON.parse(
      textOf(await ok('create_environment', { Session_Name: 'other', SystemOS: OTHER_SYSTEM })),
    );
    expect(other.Fingerprint_PageOnly).toEqual(pageOnlyValues(OTHER_SYSTEM));
    expect(other.Fingerprint_PageOnly.length).toBeGreaterThan(0);

    const listed = JSON.parse(textOf(await ok('list_environments')));
    expect(listed.environments).toContainEqual(
      expect.objectContaining({ Session_ID: id, Session_Name: 'agent', Session_Actived: 0 }),
    );

    const started = JSON.parse(
      textOf(await ok('start_environment', { Session_ID: id, headless: true })),
    );
    expect(started).toMatchObject({ Session_ID: id, status: 0, Session_Actived: 1, isHeadless: 1 });
    expect(started.browser_CDP_Port).toBeGreaterThan(0);
  });

  test("refuses create's fields as the HTTP call does", async () => {
    // The contract's rule and code (-101 name too long); a field outside the tool's subset.
    expect(errorOf(await call('create_environment', { Session_Name: 'x'.repeat(61) }))).toEqual({
      code: -101,
      message: 'Environment name is too long',
    });
    expect(errorOf(await call('create_environment', { Cookie: '[]' }))).toEqual({
      code: -10000,
      message: 'Unknown field: Cookie',
    });
  });

  test('navigates and reads the page as an accessibility snapshot', async () => {
    const navigated = JSON.parse(
      textOf(await ok('navigate', { Session_ID: id, url: `${site.url}/` })),
    );
    expect(navigated).toMatchObject({ url: `${site.url}/`, title: 'Start', loaded: true });
    const page = await snapshot();
    expect(page).toContain('heading "Welcome to the shop"');
    expect(page).toMatch(/link "Next page".*\[ref=e\d+\]/);
  });

  test('clicks a button by its snapshot ref', async () => {
    await ok('click', { Session_ID: id, ref: refOf(await snapshot(), 'button "Change heading"') });
    await expect.poll(snapshot).toContain('heading "Button pressed"');
  });

  test('types into an input and reads the text back', async () => {
    const ref = refOf(await snapshot(), 'textbox "Your name"');
    await ok('type', { Session_ID: id, ref, text: 'Ada Lovelace' });
    await expect.poll(snapshot).toMatch(/textbox "Your name".*: "Ada Lovelace"/);
    expect(await snapshot()).not.toContain('old');
  });

  test('clicks a link by CSS selector and follows it', async () => {
    await ok('click', { Session_ID: id, selector: 'a[href="/next"]' });
    await expect.poll(snapshot).toContain('heading "Second page"');
  });

  test('refuses an element it cannot find', async () => {
    const error = errorOf(await call('click', { Session_ID: id, selector: '#missing' }));
    expect(error).toMatchObject({ code: -10000 });
    expect(error.message).toContain('#missing');
    expect(errorOf(await call('click', { Session_ID: id })).code).toBe(-10000);
  });

  test('takes a PNG screenshot', async () => {
    const result = await ok('screenshot', { Session_ID: id });
    const [image] = result.content;
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const bytes = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
    expect(bytes.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  test('reads the cookies the page set', async () => {
    await ok('navigate', { Session_ID: id, url: `${site.url}/set-cookie` });
    const { cookies } = JSON.parse(textOf(await ok('cookies', { Session_ID: id })));
    expect(cookies).toContainEqual(
      expect.objectContaining({ name: 'visited', value: 'yes', domain: '127.0.0.1', path: '/' }),
    );
  });

  test("refuses a file:// URL with the contract code, in the caller's language", async () => {
    const error = errorOf(await call('navigate', { Session_ID: id, url: 'file:///etc/passwd' }));
    expect(error).toEqual({ code: -10000, message: 'Invalid parameter: url' });
    const zh = await connect(api.service.port, { 'Accept-Language': 'zh-CN' });
    try {
      const answer = errorOf(
        await call('navigate', { Session_ID: id, url: 'file:///etc/passwd' }, zh),
      );
      expect(answer).toEqual({ code: -10000, message: '参数无效：url' });
    } finally {
      await zh.close();
    }
    // The page stayed where it was.
    expect(await snapshot()).toContain('heading "Cookie set"');
  });

  test('refuses an environment the account does not have (-22)', async () => {
    const error = errorOf(await call('snapshot', { Session_ID: 'f'.repeat(32) }));
    expect(error.code).toBe(-22);
  });

  test('stops the environment and leaves no browser behind', async () => {
    const stopped = JSON.parse(textOf(await ok('stop_environment', { Session_ID: id })));
    expect(stopped).toEqual({ Session_ID: id, status: 0 });
    await expect.poll(() => browsersOf(api.service.dataDir)).toEqual([]);
    const listed = JSON.parse(textOf(await ok('list_environments')));
    expect(listed.environments).toContainEqual(
      expect.objectContaining({ Session_ID: id, Session_Actived: 0, browser_CDP_Port: 0 }),
    );
    const error = errorOf(await call('snapshot', { Session_ID: id }));
    expect(error.code).toBe(-10000);
    expect(error.message).toContain('start_environment');
  });
});

describe('MCP server: the API key', () => {
  let service: Awaited<ReturnType<typeof startTestService>>;
  beforeAll(async () => {
    service = await startTestService({ apiKey: true });
  }, 60_000);
  afterAll(async () => {
    await service?.dispose();
  });

  test('refuses a client without the key (HTTP 401) and serves one with it', async () => {
    const refused = connect(service.port);
    await expect(refused).rejects.toBeInstanceOf(StreamableHTTPError);
    await expect(refused).rejects.toMatchObject({ code: 401 });

    const key = fs.readFileSync(`${service.dataDir}/api-key`, 'utf8').trim();
    const client = await connect(service.port, { Authorization: `Bearer ${key}` });
    try {
      expect((await client.listTools()).tools.length).toBe(10);
      // Not logged in: the tool answers the calls' -4.
      const result = (await client.callTool({
        name: 'list_environments',
        arguments: {},
      })) as ToolResult;
      expect(errorOf(result).code).toBe(-4);
    } finally {
      await client.close();
    }
  });
});
