/**
 * What the DevTools proxy (devtools-proxy.ts) changes on the wire so that stock Puppeteer,
 * Playwright and ChromeDriver leave none of the traces detectors read (the techniques of the
 * open-source rebrowser-patches, applied to the protocol rather than to each library):
 *
 * - `Runtime.enable` is never passed to a page or worker. With it on, Chromium serialises every
 *   console argument for the client, which a page sees (an Error whose `stack` getter runs when it
 *   is logged). The client is answered at once, and the execution contexts it waits for are
 *   reported as Chromium would: the main world's id is read from a remote object's id (V8 writes
 *   `<isolate>.<context>.<object>`): a child frame's through the DOM (its owner element), the top
 *   frame's by reading `document`, which calls nothing a page can hook and leaves no trace;
 *   isolated worlds come from `Page.createIsolatedWorld`, which names its context. A new document
 *   (`Page.frameNavigated`) ends a frame's contexts and reports the new ones.
 * - Source URLs that name the library (`//# sourceURL=pptr:…`, `__puppeteer_evaluation_script__`,
 *   `__playwright…`) are removed, and Playwright's main-world helper loses its class name, so a
 *   stack trace taken inside a page's function does not name the automation.
 *
 * What is lost: `Runtime.consoleAPICalled` and `Runtime.exceptionThrown` (console and page-error
 * events) — they are exactly what the page would notice. The start option Raw_DevTools hands out
 * the protocol unchanged. If a Chromium ever writes remote object ids another way, a session falls
 * back to passing `Runtime.enable` on: it works as before rather than not at all.
 */
import crypto from 'node:crypto';

export interface TracelessWire {
  /** A command of the proxy's own on a session; an error answer is thrown. */
  call(
    method: string,
    params: Record<string, unknown>,
    sessionId: string,
  ): Promise<Record<string, unknown>>;
  /** An event, to the client that owns the session, as if Chromium had sent it. */
  emit(sessionId: string, method: string, params: Record<string, unknown>): void;
}

/** What to do with a client's command: answer it here, or pass it on (params maybe changed). */
export type CommandPlan =
  | { answer: Record<string, unknown> }
  | {
      params: Record<string, unknown>;
      /** Called with the browser's result before it goes back to the client. */
      onResult?: (result: Record<string, unknown>) => void;
    };

export interface Traceless {
  command(sessionId: string, method: string, params: Record<string, unknown>): CommandPlan;
  /** A browser event on a session, before it is passed on (events this module adds go first). */
  event(sessionId: string, method: string, params: Record<string, unknown>): void;
  /** The session ended. */
  forget(sessionId: string): void;
}

interface Context {
  id: number;
  uniqueId: string;
  name: string;
  origin: string;
  /** Absent for a worker's one context. */
  frameId?: string;
  /** Reported to the client (only while it has Runtime enabled). */
  announced: boolean;
}

interface SessionState {
  /** The client asked for Runtime.enable (and not Runtime.disable since). */
  enabled: boolean;
  /** How contexts are reported: synthesised for frames or a worker, or Chromium's own. */
  kind?: 'frames' | 'worker' | 'raw';
  /** The target's own top frame (its main world is reached by a plain evaluate). */
  root?: string;
  /** Worlds the client asked for in every new document (addScriptToEvaluateOnNewDocument). */
  worlds: Set<string>;
  contexts: Map<number, Context>;
  /** Bumped per frame on each new document, so a late answer for an old one is dropped. */
  generations: Map<string, number>;
  origins: Map<string, string>;
  /** Synthesised uniqueId → context id (a client may address a context by either). */
  uniques: Map<string, number>;
}

/** `//# sourceURL=` comments that name an automation library. */
const LIBRARY_SOURCE_URL =
  /\n?\/\/[#@]\s*sourceURL=(?:pptr:|__puppeteer_evaluation_script__|__playwright)[^\n]*/g;
/** Playwright's main-world helper: the class name shows in stack traces of page functions. */
const PLAYWRIGHT_HELPER = /\bUtilityScript\b/g;
const PLAYWRIGHT_HELPER_MARK = 'module.exports.UtilityScript()';
/** V8's remote object id: isolate, context, object. */
const REMOTE_OBJECT_ID = /^-?\d+\.(\d+)\.\d+$/;

const FRAME_TARGETS = new Set(['page', 'iframe', 'webview']);
const WORKER_TARGETS = new Set(['worker', 'shared_worker', 'service_worker']);

export function createTraceless(wire: TracelessWire): Traceless {
  const sessions = new Map<string, SessionState>();

  function state(sessionId: string): SessionState {
    let found = sessions.get(sessionId);
    if (!found) {
      found = {
        enabled: false,
        worlds: new Set(),
        contexts: new Map(),
        generations: new Map(),
        origins: new Map(),
        uniques: new Map(),
      };
      sessions.set(sessionId, found);
    }
    return found;
  }

  function created(
    sessionId: string,
    s: SessionState,
    id: number,
    name: string,
    frameId: string | undefined,
    origin: string,
  ): void {
    const known = s.contexts.get(id);
    if (known) return announce(sessionId, s, known);
    const uniqueId = randomUniqueId();
    const context: Context = {
      id,
      uniqueId,
      name,
      origin,
      announced: false,
      ...(frameId === undefined ? {} : { frameId }),
    };
    s.contexts.set(id, context);
    s.uniques.set(uniqueId, id);
    announce(sessionId, s, context);
  }

  function announce(sessionId: string, s: SessionState, context: Context): void {
    if (!s.enabled || context.announced) return;
    context.announced = true;
    const { id, origin, name, uniqueId, frameId } = context;
    const isDefault = name === '' && frameId !== undefined;
    wire.emit(sessionId, 'Runtime.executionContextCreated', {
      context: {
        id,
        origin,
        name,
        uniqueId,
        ...(frameId === undefined
          ? {}
          : { auxData: { isDefault, type: isDefault ? 'default' : 'isolated', frameId } }),
      },
    });
  }

  function destroyed(sessionId: string, s: SessionState, frameId: string): void {
    s.generations.set(frameId, (s.generations.get(frameId) ?? 0) + 1);
    for (const context of [...s.contexts.values()]) {
      if (context.frameId !== frameId) continue;
      s.contexts.delete(context.id);
      s.uniques.delete(context.uniqueId);
      if (context.announced) {
        wire.emit(sessionId, 'Runtime.executionContextDestroyed', {
          executionContextId: context.id,
          executionContextUniqueId: context.uniqueId,
        });
      }
    }
  }

  /** The context a remote object lives in, from its id. */
  function contextOf(objectId: unknown): number {
    const match = typeof objectId === 'string' ? REMOTE_OBJECT_ID.exec(objectId) : null;
    if (!match) throw new UnreadableObjectId();
    return Number(match[1]);
  }

  /** The id of a frame's main world, found without calling anything a page could hook. */
  async function mainWorld(sessionId: string, s: SessionState, frameId: string): Promise<number> {
    const objectGroup = `traceless-${crypto.randomUUID()}`;
    try {
      if (frameId === s.root) {
        const { result } = (await wire.call(
          'Runtime.evaluate',
          { expression: 'document', objectGroup, silent: true },
          sessionId,
        )) as { result?: { objectId?: string } };
        return contextOf(result?.objectId);
      }
      const { backendNodeId } = (await wire.call('DOM.getFrameOwner', { frameId }, sessionId)) as {
        backendNodeId: number;
      };
      const { node } = (await wire.call(
        'DOM.describeNode',
        { backendNodeId, depth: 1, pierce: true },
        sessionId,
      )) as { node: { contentDocument?: { backendNodeId: number } } };
      if (!node.contentDocument) throw new Error('the frame has no document in this process');
      const { object } = (await wire.call(
        'DOM.resolveNode',
        { backendNodeId: node.contentDocument.backendNodeId, objectGroup },
        sessionId,
      )) as { object: { objectId?: string } };
      return contextOf(object.objectId);
    } finally {
      wire.call('Runtime.releaseObjectGroup', { objectGroup }, sessionId).catch(() => undefined);
    }
  }

  /** Reports a frame's current main world and the client's named worlds in it. */
  async function report(sessionId: string, s: SessionState, frameId: string): Promise<void> {
    const generation = s.generations.get(frameId) ?? 0;
    const current = () =>
      sessions.get(sessionId) === s && (s.generations.get(frameId) ?? 0) === generation;
    const main = await mainWorld(sessionId, s, frameId);
    if (!current()) return;
    created(sessionId, s, main, '', frameId, s.origins.get(frameId) ?? '');
    for (const worldName of s.worlds) {
      const result = await wire
        .call(
          'Page.createIsolatedWorld',
          { frameId, worldName, grantUniveralAccess: true },
          sessionId,
        )
        .catch(() => undefined);
      const id = result?.executionContextId;
      if (typeof id !== 'number' || !current()) continue;
      created(sessionId, s, id, worldName, frameId, s.origins.get(frameId) ?? '');
    }
  }

  async function enable(sessionId: string, s: SessionState): Promise<void> {
    const { targetInfo } = (await wire.call('Target.getTargetInfo', {}, sessionId)) as {
      targetInfo: { type: string; url: string };
    };
    if (FRAME_TARGETS.has(targetInfo.type)) {
      s.kind = 'frames';
      const { frameTree } = (await wire.call('Page.getFrameTree', {}, sessionId)) as {
        frameTree: FrameTree;
      };
      s.root = frameTree.frame.id;
      const frames: string[] = [];
      const walk = (tree: FrameTree) => {
        frames.push(tree.frame.id);
        s.origins.set(tree.frame.id, tree.frame.securityOrigin ?? '');
        for (const child of tree.childFrames ?? []) walk(child);
      };
      walk(frameTree);
      // Worlds the client made before it enabled Runtime are reported now, as Chromium does.
      for (const context of s.contexts.values()) {
        if (context.frameId !== undefined && frames.includes(context.frameId)) {
          announce(sessionId, s, context);
        }
      }
      await Promise.all(
        frames.map((frameId) =>
          report(sessionId, s, frameId).catch((error: unknown) => {
            if (error instanceof UnreadableObjectId) throw error;
          }),
        ),
      );
    } else if (WORKER_TARGETS.has(targetInfo.type)) {
      s.kind = 'worker';
      const { result } = (await wire.call(
        'Runtime.evaluate',
        { expression: 'self', silent: true, objectGroup: 'traceless' },
        sessionId,
      )) as { result?: { objectId?: string } };
      const id = contextOf(result?.objectId);
      wire
        .call('Runtime.releaseObjectGroup', { objectGroup: 'traceless' }, sessionId)
        .catch(() => 0);
      created(sessionId, s, id, '', undefined, originOf(targetInfo.url));
    } else {
      // The browser's own target and the like: Chromium's own contexts (nothing a page sees).
      throw new Error(`no contexts are reported for a ${targetInfo.type} target`);
    }
  }

  function command(
    sessionId: string,
    method: string,
    params: Record<string, unknown>,
  ): CommandPlan {
    const s = sessions.get(sessionId);
    if (s?.kind === 'raw') return { params: quiet(method, params) };
    switch (method) {
      case 'Runtime.enable': {
        const own = state(sessionId);
        if (own.enabled) return { answer: {} };
        own.enabled = true;
        // Reported after the answer, as a target still waiting for its debugger answers late.
        enable(sessionId, own).catch(() => {
          if (sessions.get(sessionId) !== own || !own.enabled) return;
          // Chromium's own contexts rather than none: the client keeps working.
          own.kind = 'raw';
          wire.call('Runtime.enable', params, sessionId).catch(() => undefined);
        });
        return { answer: {} };
      }
      case 'Runtime.disable': {
        if (s) {
          s.enabled = false;
          for (const context of s.contexts.values()) context.announced = false;
        }
        return { answer: {} };
      }
      case 'Page.addScriptToEvaluateOnNewDocument': {
        if (typeof params.worldName === 'string' && params.worldName !== '') {
          state(sessionId).worlds.add(params.worldName);
        }
        return { params: quiet(method, params) };
      }
      case 'Page.createIsolatedWorld': {
        const own = state(sessionId);
        const frameId = typeof params.frameId === 'string' ? params.frameId : undefined;
        const name = typeof params.worldName === 'string' ? params.worldName : '';
        return {
          params,
          onResult: (result) => {
            if (typeof result.executionContextId !== 'number' || frameId === undefined) return;
            created(
              sessionId,
              own,
              result.executionContextId,
              name,
              frameId,
              own.origins.get(frameId) ?? '',
            );
          },
        };
      }
      default:
        return { params: quiet(method, params, s) };
    }
  }

  function event(sessionId: string, method: string, params: Record<string, unknown>): void {
    if (method === 'Target.detachedFromTarget' && typeof params.sessionId === 'string') {
      sessions.delete(params.sessionId);
      return;
    }
    const s = sessions.get(sessionId);
    if (!s || s.kind === 'raw') return;
    if (method === 'Page.frameNavigated') {
      const frame = params.frame as { id: string; securityOrigin?: string } | undefined;
      if (!frame) return;
      s.origins.set(frame.id, frame.securityOrigin ?? '');
      destroyed(sessionId, s, frame.id);
      if (s.enabled && s.kind === 'frames') report(sessionId, s, frame.id).catch(() => undefined);
    } else if (method === 'Page.frameDetached' && typeof params.frameId === 'string') {
      destroyed(sessionId, s, params.frameId);
      s.origins.delete(params.frameId);
    }
  }

  return { command, event, forget: (sessionId) => void sessions.delete(sessionId) };
}

interface FrameTree {
  frame: { id: string; securityOrigin?: string };
  childFrames?: FrameTree[];
}

class UnreadableObjectId extends Error {
  constructor() {
    super('a remote object id not of the form <isolate>.<context>.<object>');
  }
}

/** A command's scripts without the library's names; a synthesised uniqueId as its context id. */
function quiet(
  method: string,
  params: Record<string, unknown>,
  s?: SessionState,
): Record<string, unknown> {
  const field =
    method === 'Runtime.evaluate' || method === 'Runtime.compileScript'
      ? 'expression'
      : method === 'Runtime.callFunctionOn'
        ? 'functionDeclaration'
        : method === 'Page.addScriptToEvaluateOnNewDocument'
          ? 'source'
          : undefined;
  if (!field) return params;
  const next = { ...params };
  const text = next[field];
  if (typeof text === 'string') {
    let changed = text.replace(LIBRARY_SOURCE_URL, '');
    if (changed.includes(PLAYWRIGHT_HELPER_MARK)) {
      changed = changed.replace(PLAYWRIGHT_HELPER, 'Helper');
    }
    next[field] = changed;
  }
  if (typeof next.sourceURL === 'string' && /^(pptr:|__p)/.test(next.sourceURL))
    next.sourceURL = '';
  const unique = next.uniqueContextId;
  if (typeof unique === 'string' && s?.uniques.has(unique)) {
    delete next.uniqueContextId;
    next[method === 'Runtime.callFunctionOn' ? 'executionContextId' : 'contextId'] =
      s.uniques.get(unique);
  }
  return next;
}

/** Two signed 64-bit numbers, the form Chromium gives a context's uniqueId. */
function randomUniqueId(): string {
  const bytes = crypto.randomBytes(16);
  return `${bytes.readBigInt64LE(0)}.${bytes.readBigInt64LE(8)}`;
}

function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}
