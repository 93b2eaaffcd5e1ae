/**
 * The browser side of the self-check (POST /api/v1/session/self_check, domain/self-check.ts): a
 * DevTools client on the environment's own endpoint (`browser_CDP_Port`, devtools-proxy.ts) opens a
 * tab on the check page, which runs the lie detector in the page, a same-origin iframe and a
 * dedicated, shared and service worker (page-scripts/self-check-*.js), and reads its report; and
 * the command line the browser really runs with.
 *
 * The check page is served by this client itself: Fetch interception on its browser session
 * answers the page's, frame's and workers' requests (service worker script included), so nothing
 * goes to the network. A loopback server would not do: with a proxy, the browser sends loopback
 * through the proxy too (launch.ts), and the proxy's loopback is not ours. The origin is a
 * reserved name (`.invalid`, RFC 6761): were a request to escape, the forwarder answers it itself
 * and, without a proxy, the browser cannot resolve it. https makes it a secure context (service
 * workers need one).
 *
 * Like the start's own set-up (instrument.ts), nothing here enables Runtime or Console on the page:
 * the report is read with Runtime.evaluate, which needs neither.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { CdpConnection, type CdpEvent } from '../devtools/cdp.ts';
import { SELF_CHECK_SCRIPTS } from '../devtools/page-scripts.ts';

export const PROBE_ORIGIN = 'https://self-check.invalid';

/** What the lie detector reports of one realm (page-scripts/self-check-detector.js). */
export interface RealmReport {
  scope: string;
  findings: { api: string; check: string; detail?: string }[];
  values: Record<string, unknown>;
}

export interface ProbeReport {
  /** window, iframe, dedicated, shared, service. */
  realms: Record<string, RealmReport>;
  webrtc: { available: boolean; candidates: string[]; error?: string };
  /** Globals and attributes automation drivers leave (`window.cdc_…`). */
  automation: string[];
}

/** The check page's files under `base` ('/<token>/'): path → content type and body. */
export function probeSite(base: string): Map<string, { type: string; body: string }> {
  const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });
  const script = (body: string) => ({ type: 'text/javascript; charset=utf-8', body });
  const page = (title: string, src: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
    `<script src="./detector.js"></script></head><body><script src="./${src}"></script></body></html>`;
  return new Map([
    [base, html(page('Hainiao self-check', 'page.js'))],
    [`${base}frame.html`, html(page('Hainiao self-check frame', 'frame.js'))],
    [`${base}detector.js`, script(SELF_CHECK_SCRIPTS.detector)],
    [`${base}page.js`, script(SELF_CHECK_SCRIPTS.page)],
    [`${base}frame.js`, script(SELF_CHECK_SCRIPTS.frame)],
    [`${base}worker.js`, script(SELF_CHECK_SCRIPTS.worker)],
  ]);
}

/** CDP answers carry whole reports. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A single command that takes longer (a browser that hangs) fails the check. */
const COMMAND_TIMEOUT_MS = 15_000;

/** The browser's WebSocket address, as `/json/version` names it. */
function browserWebSocketUrl(port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/json/version', timeout: timeoutMs },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            const url = (JSON.parse(text) as { webSocketDebuggerUrl?: unknown })
              .webSocketDebuggerUrl;
            if (typeof url !== 'string') throw new Error('no webSocketDebuggerUrl');
            resolve(url);
          } catch (error) {
            reject(new Error(`DevTools endpoint ${port}: ${(error as Error).message}`));
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`DevTools endpoint ${port}: timed out`)));
    request.on('error', reject);
  });
}

/** The browser-level DevTools connection of the endpoint at `port` (flat sessions). */
async function openDevTools(port: number): Promise<CdpConnection> {
  const url = await browserWebSocketUrl(port, COMMAND_TIMEOUT_MS);
  return CdpConnection.overWebSocket(url, {
    maxPayload: MAX_MESSAGE_BYTES,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
  });
}

export interface ProbeOptions {
  /** A tab in the background, not taking the user's window (an environment with a window). */
  background: boolean;
  /** The whole check, from connecting to the report. */
  timeoutMs?: number;
}

/** Runs the check page in a new tab of the browser whose DevTools endpoint is `cdpPort`. */
export async function probeBrowser(cdpPort: number, options: ProbeOptions): Promise<ProbeReport> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const devtools = await openDevTools(cdpPort);
  const base = `/${randomBytes(12).toString('hex')}/`;
  const site = probeSite(base);
  const pageUrl = `${PROBE_ORIGIN}${base}`;
  let targetId: string | undefined;
  try {
    devtools.on('event', (event: CdpEvent) => {
      if (event.method !== 'Fetch.requestPaused') return;
      const { requestId, request } = event.params as {
        requestId: string;
        request: { url: string };
      };
      const file = site.get(new URL(request.url).pathname);
      void devtools
        .send('Fetch.fulfillRequest', {
          requestId,
          responseCode: file ? 200 : 404,
          responseHeaders: [
            { name: 'Content-Type', value: file?.type ?? 'text/plain' },
            // Nothing of the check stays in the profile's cache.
            { name: 'Cache-Control', value: 'no-store' },
          ],
          body: Buffer.from(file?.body ?? '').toString('base64'),
        })
        .catch(() => undefined);
    });
    // On the browser session, requests of every target match: the page, its frame and workers.
    await devtools.send('Fetch.enable', { patterns: [{ urlPattern: `${pageUrl}*` }] });
    ({ targetId } = await devtools.send<{ targetId: string }>('Target.createTarget', {
      // about:blank first: the service's own set-up reaches the tab before its first request.
      url: 'about:blank',
      ...(options.background ? { background: true } : {}),
    }));
    const { sessionId } = await devtools.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    await devtools.send('Page.navigate', { url: pageUrl }, sessionId);
    return await reportOf(devtools, sessionId, pageUrl, deadline);
  } finally {
    if (targetId) await devtools.send('Target.closeTarget', { targetId }).catch(() => undefined);
    // The workers outlive the tab (an unregistered service worker runs until it idles out), and a
    // closed target leaves the list a moment after closeTarget answers: the check answers once
    // none of its targets is left (within about two seconds).
    for (let round = 0; round < 20; round++) {
      const { targetInfos = [] } = await devtools
        .send<{ targetInfos?: { targetId: string; url: string }[] }>('Target.getTargets')
        .catch(() => ({ targetInfos: [] }));
      const left = targetInfos.filter((t) => t.url.startsWith(pageUrl));
      if (left.length === 0) break;
      for (const target of left) {
        await devtools
          .send('Target.closeTarget', { targetId: target.targetId })
          .catch(() => undefined);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await devtools.send('Fetch.disable').catch(() => undefined);
    // The service worker's registration and anything else the page stored.
    await devtools
      .send('Storage.clearDataForOrigin', { origin: PROBE_ORIGIN, storageTypes: 'all' })
      .catch(() => undefined);
    await devtools.close();
  }
}

/** Waits for the page's `window.hainiaoSelfCheck`, reading it as a site's own script would. */
async function reportOf(
  devtools: CdpConnection,
  sessionId: string,
  pageUrl: string,
  deadline: number,
): Promise<ProbeReport> {
  const expression = `location.href === ${JSON.stringify(pageUrl)} && window.hainiaoSelfCheck || null`;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('the check page gave no report in time');
    const answer = await devtools
      .send<{ result: { value?: unknown }; exceptionDetails?: { text: string } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
        left,
      )
      // The context is replaced while the tab navigates: ask again. A browser that went away or
      // hangs fails the check.
      .catch((error: Error) =>
        /no answer within|connection closed/.test(error.message)
          ? Promise.reject(error)
          : undefined,
      );
    if (answer?.exceptionDetails) throw new Error(answer.exceptionDetails.text);
    const value = answer?.result.value as ProbeReport | null | undefined;
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The command line a browser process really runs with (Linux: /proc; macOS: ps), or undefined
 * where it cannot be read.
 */
export async function browserCommandLine(
  pid: number,
  platform: NodeJS.Platform = process.platform,
): Promise<string[] | undefined> {
  if (!pid) return undefined;
  if (platform === 'linux') {
    try {
      const text = await fs.promises.readFile(`/proc/${pid}/cmdline`, 'utf8');
      const args = text.split('\0').filter(Boolean);
      return args.length ? args : undefined;
    } catch {
      return undefined;
    }
  }
  if (platform === 'darwin') {
    return new Promise((resolve) => {
      execFile('ps', ['-ww', '-o', 'command=', '-p', String(pid)], (error, stdout) => {
        const line = error ? '' : stdout.trim();
        // ps joins the arguments with spaces: split before each flag.
        resolve(line ? line.split(/ (?=--)/) : undefined);
      });
    });
  }
  return undefined;
}
