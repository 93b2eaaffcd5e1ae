/**
 * What the MCP tools do inside a running environment (adapters/mcp/mcp.ts): one DevTools connection per
 * tool call to the environment's own endpoint (`browser_CDP_Port`, runtime/devtools/devtools-proxy.ts),
 * closed when the call ends, so no session outlives it (the proxy detaches what a closed client
 * attached). Raw CDP, not Playwright: nothing here enables `Runtime` or runs script in the page's
 * own world (element work happens in an isolated world), so an agent leaves no more traces than
 * the environment's own start does (docs/browser-runtime.md: stealth).
 */
import { mcpMessages, type Localized } from '@hainiao/contract';
import { fail, LocalApiError, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import { CdpConnection } from '../../runtime/devtools/cdp.ts';
import type { CdpCookie } from '../../runtime/devtools/instrument.ts';

/** A command that takes longer than this fails the tool call (a page hung in a dialog, say). */
const COMMAND_TIMEOUT_MS = 30_000;
/** How long navigate, or a click or Enter that starts a navigation, waits for the page's load. */
const LOAD_TIMEOUT_MS = 30_000;
/** After a click or Enter: how long a navigation it caused has to start before the call answers. */
const NAVIGATION_START_MS = 500;
/** Screenshots and whole accessibility trees are large. */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;
/** A snapshot longer than this is cut (an agent reads it whole). */
const SNAPSHOT_MAX_CHARS = 100_000;

const failure = (message: Localized, values: Record<string, string | number> = {}) =>
  fail(UNKNOWN_EXCEPTION, message, values);

interface Target {
  id: string;
  type: string;
  url: string;
  title: string;
}

async function endpoint<T>(port: number, path: string, method = 'GET'): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The tab the tools act on in each environment: the one used last while it exists, else the first
 * page the endpoint lists, else a new blank tab. Keyed by environment id and DevTools port, so a
 * restarted environment starts afresh.
 */
export function pageDriver() {
  const chosen = new Map<string, string>();

  async function pickTarget(port: number, key: string): Promise<Target> {
    const targets = await endpoint<Target[]>(port, '/json/list');
    const pages = targets.filter(
      (t) => t.type === 'page' && !/^(devtools|chrome-extension):/i.test(t.url),
    );
    const target =
      pages.find((t) => t.id === chosen.get(key)) ??
      pages[0] ??
      (await endpoint<Target>(port, '/json/new?about:blank', 'PUT'));
    chosen.set(key, target.id);
    return target;
  }

  return {
    /** Runs `work` on the environment's page over a connection closed afterwards. */
    async withPage<T>(
      id: string,
      port: number,
      work: (page: CdpConnection) => Promise<T>,
    ): Promise<T> {
      let page: CdpConnection;
      try {
        const target = await pickTarget(port, `${id}:${port}`);
        page = await CdpConnection.overWebSocket(
          `ws://127.0.0.1:${port}/devtools/page/${target.id}`,
          { maxPayload: MAX_MESSAGE_BYTES, commandTimeoutMs: COMMAND_TIMEOUT_MS },
        );
      } catch (error) {
        throw failure(mcpMessages.devToolsUnreachable, { id, reason: (error as Error).message });
      }
      try {
        return await work(page);
      } catch (error) {
        if (error instanceof LocalApiError) throw error;
        throw failure(mcpMessages.pageFailed, { reason: (error as Error).message });
      } finally {
        await page.close();
      }
    },
    /** Forgets an environment's tab (it stopped). */
    forget(id: string): void {
      for (const key of chosen.keys()) if (key.startsWith(`${id}:`)) chosen.delete(key);
    },
  };
}
export type PageDriver = ReturnType<typeof pageDriver>;

/** The page's address and title, from its history (no script in the page). */
export async function location(page: CdpConnection): Promise<{ url: string; title: string }> {
  const { currentIndex, entries } = await page.send<{
    currentIndex: number;
    entries: { url: string; title: string }[];
  }>('Page.getNavigationHistory');
  const entry = entries[currentIndex];
  return { url: entry?.url ?? '', title: entry?.title ?? '' };
}

/** Opens `url` (already checked to be http/https) and waits for its load event. */
export async function navigate(
  page: CdpConnection,
  url: string,
): Promise<{ url: string; title: string; loaded: boolean }> {
  await page.send('Page.enable');
  const load = mainLoad(page, await mainFrame(page));
  let loaded: boolean;
  try {
    const result = await page.send<{ loaderId?: string; errorText?: string }>('Page.navigate', {
      url,
    });
    if (result.errorText) {
      throw failure(mcpMessages.navigationFailed, { url, reason: result.errorText });
    }
    // Without a loader the navigation stayed in the document (a #fragment): nothing loads.
    loaded = result.loaderId ? await load.done : true;
  } finally {
    load.cancel();
  }
  return { ...(await location(page)), loaded };
}

interface AxNode {
  nodeId: string;
  ignored?: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  value?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  childIds?: string[];
  parentId?: string;
  backendDOMNodeId?: number;
}

/** Nodes that add no meaning of their own: their children are shown in their place. */
const TRANSPARENT_ROLES = new Set([
  'generic',
  'none',
  'presentation',
  'InlineTextBox',
  'LineBreak',
  'ListMarker',
  'RootWebArea',
]);
const SHOWN_STATES = [
  'level',
  'checked',
  'pressed',
  'expanded',
  'selected',
  'disabled',
  'required',
];

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';

/**
 * The page's accessibility tree as indented lines, in the spirit of Playwright's aria snapshot:
 * `- role "name" [state] [ref=eN]: value`. `eN` is the element's DevTools backend node id, which
 * click and type take back (it stays valid while the document does).
 */
export function renderAxTree(nodes: readonly AxNode[]): string {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const lines: string[] = [];
  const textOf = (node: AxNode): string =>
    text(node.role?.value) === 'StaticText'
      ? text(node.name?.value)
      : (node.childIds ?? [])
          .map((id) => byId.get(id))
          .filter((child): child is AxNode => child !== undefined)
          .map(textOf)
          .join('');
  const visit = (node: AxNode, depth: number): void => {
    const role = text(node.role?.value);
    const children = (node.childIds ?? [])
      .map((id) => byId.get(id))
      .filter((child): child is AxNode => child !== undefined);
    if (node.ignored || TRANSPARENT_ROLES.has(role) || role === '') {
      for (const child of children) visit(child, depth);
      return;
    }
    const indent = '  '.repeat(depth);
    const name = text(node.name?.value);
    if (role === 'StaticText') {
      if (name) lines.push(`${indent}- text: ${JSON.stringify(name)}`);
      return;
    }
    const states = (node.properties ?? [])
      .filter((p) => SHOWN_STATES.includes(p.name) && p.value.value !== false)
      .map((p) =>
        p.value.value === true || p.value.value === undefined
          ? `[${p.name}]`
          : `[${p.name}=${text(p.value.value)}]`,
      );
    const ref = node.backendDOMNodeId ? [`[ref=e${node.backendDOMNodeId}]`] : [];
    const value = text(node.value?.value);
    lines.push(
      `${indent}- ${[role, ...(name ? [JSON.stringify(name)] : []), ...states, ...ref].join(' ')}` +
        (value ? `: ${JSON.stringify(value)}` : ''),
    );
    // A link or button whose only content is its name (a field: its value) says it once.
    const inner = textOf(node).trim();
    if ((name && inner === name) || (value && inner === value)) return;
    for (const child of children) visit(child, depth + 1);
  };
  const root = nodes.find((node) => node.parentId === undefined) ?? nodes[0];
  if (root) visit(root, 0);
  const out = lines.join('\n');
  return out.length > SNAPSHOT_MAX_CHARS
    ? `${out.slice(0, SNAPSHOT_MAX_CHARS)}\n… (cut at ${SNAPSHOT_MAX_CHARS} characters)`
    : out;
}

export async function snapshot(page: CdpConnection): Promise<string> {
  const { nodes } = await page.send<{ nodes: AxNode[] }>('Accessibility.getFullAXTree');
  const { url, title } = await location(page);
  return `Page: ${url}\nTitle: ${title}\n\n${renderAxTree(nodes)}`;
}

/** An element named by a snapshot ref (`e123`) or a CSS selector. */
export interface ElementTarget {
  ref?: string | undefined;
  selector?: string | undefined;
}

const nameOf = (target: ElementTarget) => target.ref ?? target.selector ?? '';

async function backendNode(page: CdpConnection, target: ElementTarget): Promise<number> {
  const notFound = (): LocalApiError =>
    failure(mcpMessages.elementNotFound, { target: nameOf(target) });
  if (target.ref !== undefined) {
    const match = /^e(\d+)$/.exec(target.ref.trim());
    if (!match) throw notFound();
    const backendNodeId = Number(match[1]);
    await page.send('DOM.describeNode', { backendNodeId }).catch(() => {
      throw notFound();
    });
    return backendNodeId;
  }
  const { root } = await page.send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
  const { nodeId } = await page
    .send<{ nodeId: number }>('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: target.selector,
    })
    .catch(() => {
      throw failure(mcpMessages.selectorInvalid, { selector: target.selector ?? '' });
    });
  if (!nodeId) throw notFound();
  const { node } = await page.send<{ node: { backendNodeId: number } }>('DOM.describeNode', {
    nodeId,
  });
  return node.backendNodeId;
}

/** The id of the page's main frame. */
async function mainFrame(page: CdpConnection): Promise<string> {
  const { frameTree } = await page.send<{ frameTree: { frame: { id: string } } }>(
    'Page.getFrameTree',
  );
  return frameTree.frame.id;
}

/**
 * The main frame's load: its load event, or its loading stopping without one (a download, a
 * navigation cancelled), or LOAD_TIMEOUT_MS. Resolves whether it came.
 */
function mainLoad(page: CdpConnection, frameId: string) {
  return page.waitFor(
    ['Page.loadEventFired', 'Page.frameStoppedLoading'],
    LOAD_TIMEOUT_MS,
    (params) => params.frameId === undefined || params.frameId === frameId,
  );
}

/**
 * Waits for what a click or a key may have started: a navigation of the main frame that starts
 * within NAVIGATION_START_MS is waited for until its load (iframes are not waited for).
 */
async function settle(page: CdpConnection, action: () => Promise<void>): Promise<void> {
  await page.send('Page.enable');
  const frameId = await mainFrame(page);
  const started = page.waitFor(
    ['Page.frameRequestedNavigation', 'Page.frameStartedLoading'],
    NAVIGATION_START_MS,
    (params) => params.frameId === frameId,
  );
  const load = mainLoad(page, frameId);
  try {
    await action();
    if (await started.done) await load.done;
  } finally {
    started.cancel();
    load.cancel();
  }
}

export async function click(page: CdpConnection, target: ElementTarget): Promise<void> {
  const backendNodeId = await backendNode(page, target);
  await page.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }).catch(() => undefined);
  const { quads } = await page
    .send<{ quads: number[][] }>('DOM.getContentQuads', { backendNodeId })
    .catch(() => ({ quads: [] as number[][] }));
  const quad = quads.find((q) => q.length === 8);
  if (!quad) throw failure(mcpMessages.elementNotVisible, { target: nameOf(target) });
  const x = (quad[0]! + quad[2]! + quad[4]! + quad[6]!) / 4;
  const y = (quad[1]! + quad[3]! + quad[5]! + quad[7]!) / 4;
  await settle(page, async () => {
    await page.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    for (const type of ['mousePressed', 'mouseReleased']) {
      await page.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
    }
  });
}

/**
 * Runs in an isolated world on the element: focuses it and selects what it holds, so the text
 * typed next replaces it. False when the element takes no text.
 */
const SELECT_CONTENTS = `function () {
  const field = this.localName === 'input' || this.localName === 'textarea';
  if (!field && !this.isContentEditable) return false;
  if (this.disabled || this.readOnly) return false;
  this.focus();
  if (field) { this.select(); return true; }
  const range = document.createRange();
  range.selectNodeContents(this);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}`;

const ENTER = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
const BACKSPACE = { key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 };

/** Replaces the element's text with `text` as typed input (input events fire), Enter if `submit`. */
export async function type(
  page: CdpConnection,
  target: ElementTarget,
  value: string,
  submit: boolean,
): Promise<void> {
  const backendNodeId = await backendNode(page, target);
  await page.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }).catch(() => undefined);
  const { executionContextId } = await page.send<{ executionContextId: number }>(
    'Page.createIsolatedWorld',
    { frameId: await mainFrame(page) },
  );
  const { object } = await page.send<{ object: { objectId: string } }>('DOM.resolveNode', {
    backendNodeId,
    executionContextId,
  });
  const { result } = await page.send<{ result: { value?: unknown } }>('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: SELECT_CONTENTS,
    returnByValue: true,
  });
  if (result.value !== true) throw failure(mcpMessages.notEditable, { target: nameOf(target) });
  if (value === '') {
    await page.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...BACKSPACE });
    await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...BACKSPACE });
  } else {
    await page.send('Input.insertText', { text: value });
  }
  if (!submit) return;
  await settle(page, async () => {
    await page.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...ENTER });
    await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...ENTER });
  });
}

/** The visible part of the page as a PNG, base64. */
export async function screenshot(page: CdpConnection): Promise<string> {
  const { data } = await page.send<{ data: string }>('Page.captureScreenshot', { format: 'png' });
  return data;
}

/** The cookies the page's frames would send (Network.getCookies for their URLs). */
export async function pageCookies(page: CdpConnection) {
  const { cookies } = await page.send<{ cookies: CdpCookie[] }>('Network.getCookies');
  return cookies.map((c) => ({
    name: c.name,
    value: c.value,
    domain: c.domain,
    path: c.path,
    expires: c.session ? -1 : c.expires,
    httpOnly: c.httpOnly,
    secure: c.secure,
    ...(c.sameSite ? { sameSite: c.sameSite } : {}),
  }));
}
