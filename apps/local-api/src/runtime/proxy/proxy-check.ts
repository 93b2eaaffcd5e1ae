/**
 * The proxy check (create and proxy/update with automaticConfigure 1 or checkProxy 1, and each
 * start of an environment with automaticConfigure 1): the proxy must accept a connection and its
 * handshake, then carry a request to the IP-lookup endpoint, which tells the exit IP and its
 * country, time zone and position (the language follows from the country). Failures carry
 * libcurl's code (the proxy-check table of packages/contract/src/codes/): could not resolve
 * the proxy 5, the target 6, connection refused 7, timeout 28, proxy handshake 97, …
 *
 * The endpoint is configurable (--ip-lookup, HAINIAO_IP_LOOKUP) and may answer in the shapes of
 * ip-api.com (query, countryCode, timezone, lat, lon), ipinfo.io (ip, country, timezone, loc) or
 * ipapi.co / ipwho.is (ip, country_code, timezone or timezone.id, latitude, longitude).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import {
  CurlCodes,
  findTimezone,
  format,
  isLanguageCode,
  localApiMessages,
  type Localized,
} from '@hainiao/contract';
import { SshHostKeyChangedError, startForwarder, type ProxySpec } from './proxy.ts';

export const PROXY_CHECK_TIMEOUT_MS = 10_000;
export const DEFAULT_IP_LOOKUP_URL =
  'http://ip-api.com/json/?fields=status,message,query,countryCode,timezone,lat,lon';

export interface ProxyTarget {
  type: string;
  host: string;
  port: number;
  username?: string;
  password?: string;
}

export interface ExitInfo {
  ip: string;
  /** 'US', or '' when the endpoint did not say. */
  country: string;
  /** An IANA zone of the appendix, or ''. */
  timezone: string;
  /** A language code of the appendix, or ''. */
  language: string;
  latitude?: number;
  longitude?: number;
}

/**
 * A passed check, with the exit and how long its lookup took through the proxy (ms) when one ran;
 * a failed one: curl's code and name, and why in plain words (English; both in `localized`).
 */
export type ProxyCheck =
  | { ok: true; exit?: ExitInfo; latencyMs?: number }
  | { ok: false; curlCode: number; curlName: string; reason: string; localized: Localized };

const C = CurlCodes.code;
const M = localApiMessages;

/** A message of the catalogue with its placeholders filled, in both languages. */
export function localize(
  message: Localized,
  values: Record<string, string | number> = {},
): Localized {
  return { en: format(message.en, values), zh: format(message.zh, values) };
}

/** "en | zh": how a start's reason carries both languages (the manager shows its reader's half). */
export const bothLanguages = (reason: Localized): string => `${reason.en} | ${reason.zh}`;

/** `message` with its `{reason}` filled by the reason in the same language. */
export function withReason(message: Localized, reason: Localized): Localized {
  return {
    en: format(message.en, { reason: reason.en }),
    zh: format(message.zh, { reason: reason.zh }),
  };
}

/** proxyCheckFailed ("Proxy detection failed: …") with the reason in each language. */
export const checkFailedMessage = (reason: Localized): Localized =>
  withReason(M.proxyCheckFailed, reason);

export function failed(curlCode: number, reason: Localized): ProxyCheck & { ok: false } {
  return {
    ok: false,
    curlCode,
    curlName: CurlCodes.get(curlCode)?.name ?? '',
    reason: reason.en,
    localized: reason,
  };
}

/** A failure of the check or of the exit lookup at start: curl's code and the plain reason. */
export class CheckFailure extends Error {
  readonly reason: Localized;
  constructor(
    readonly curlCode: number,
    message: Localized,
    values: Record<string, string | number> = {},
  ) {
    const reason = localize(message, values);
    super(reason.en);
    this.reason = reason;
  }
}

/** What a Node socket error code means for a connection through the proxy. */
function socketReason(error: NodeJS.ErrnoException): Localized {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return M.proxyConnectionBroken;
    default:
      return localize(M.proxyOtherFailure, { detail: error.code || error.message });
  }
}

/** The seconds of a time limit, as a reader counts them. */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** Reads exactly `size` bytes or fails. */
function reader(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  const waiting: { size: number; resolve: (b: Buffer) => void; reject: (e: Error) => void }[] = [];
  const flush = () => {
    while (waiting[0] && buffer.length >= waiting[0].size) {
      const next = waiting.shift()!;
      next.resolve(buffer.subarray(0, next.size));
      buffer = buffer.subarray(next.size);
    }
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    flush();
  });
  const fail = (error: Error) => {
    for (const w of waiting.splice(0)) w.reject(error);
  };
  socket.on('close', () => fail(new CheckFailure(C.CURLE_PROXY, M.proxyClosedConnection)));
  socket.on('error', fail);
  return (size: number) =>
    new Promise<Buffer>((resolve, reject) => {
      waiting.push({ size, resolve, reject });
      flush();
    });
}

async function socks5Handshake(socket: net.Socket, target: ProxyTarget): Promise<void> {
  const read = reader(socket);
  const withAuth = Boolean(target.username);
  socket.write(Buffer.from(withAuth ? [5, 2, 0, 2] : [5, 1, 0]));
  const [version, method] = await read(2);
  if (version !== 5) throw new CheckFailure(C.CURLE_PROXY, M.proxyNotSocks5);
  if (method === 0xff) throw new CheckFailure(C.CURLE_PROXY, M.proxyNoCommonMethod);
  if (method === 2) {
    if (!withAuth) {
      throw new CheckFailure(C.CURLE_PROXY, M.proxyCredentialsRequired);
    }
    const user = Buffer.from(target.username ?? '');
    const pass = Buffer.from(target.password ?? '');
    socket.write(
      Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]),
    );
    const [, status] = await read(2);
    if (status !== 0) {
      throw new CheckFailure(C.CURLE_PROXY, M.proxyCredentialsRefused);
    }
  } else if (method !== 0) {
    throw new CheckFailure(C.CURLE_PROXY, M.proxyUnknownMethod, { method: String(method) });
  }
}

/** The proxy accepts a TCP connection (and, for SOCKS5, the greeting and the credentials). */
async function connectCheck(target: ProxyTarget): Promise<void> {
  const socket = net.connect({ host: target.host, port: target.port });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    }).catch((error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') {
        throw new CheckFailure(C.CURLE_COULDNT_RESOLVE_PROXY, M.proxyHostNotFound, {
          host: target.host,
        });
      }
      throw new CheckFailure(C.CURLE_COULDNT_CONNECT, M.proxyNotAccepting, {
        host: target.host,
        port: target.port,
      });
    });
    if (target.type === 'SOCKS5') {
      try {
        await socks5Handshake(socket, target);
      } catch (error) {
        if (error instanceof CheckFailure) throw error;
        throw new CheckFailure(C.CURLE_PROXY, socketReason(error as NodeJS.ErrnoException));
      }
    }
  } finally {
    socket.destroy();
  }
}

/**
 * A failure the proxy answered instead of carrying the request: the proxy's own 407, or one of
 * proxy-chain's statuses for its upstream (597 wrong credentials, 593 host not found, 594
 * refused, 595/596 connection lost, 590 upstream answered other than 200, 599 other), as curl
 * would name it and in plain words; undefined for an answer of the website itself.
 */
function failureOfStatus(status: number, host: string): CheckFailure | undefined {
  switch (status) {
    case 407:
    case 597:
      return new CheckFailure(C.CURLE_PROXY, M.proxyCredentialsRefused);
    case 593:
      return new CheckFailure(C.CURLE_COULDNT_RESOLVE_HOST, M.proxyTargetNotFound, { host });
    case 594:
      return new CheckFailure(C.CURLE_COULDNT_CONNECT, M.proxyTargetRefused, { host });
    case 504:
      return new CheckFailure(C.CURLE_OPERATION_TIMEDOUT, M.proxyConnectionBroken);
    case 590:
      return new CheckFailure(C.CURLE_RECV_ERROR, M.proxyUpstreamRefused);
    case 595:
    case 596:
      return new CheckFailure(C.CURLE_RECV_ERROR, M.proxyConnectionBroken);
    case 502:
    case 592:
    case 599:
      return new CheckFailure(C.CURLE_RECV_ERROR, M.proxyAnsweredStatus, { status });
    default:
      return undefined;
  }
}

/** GET `url` through the HTTP proxy on 127.0.0.1:`proxyPort` (or directly without one). */
export function fetchText(
  url: string,
  proxyPort: number | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const port = Number(target.port || (secure ? 443 : 80));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new CheckFailure(C.CURLE_OPERATION_TIMEDOUT, M.proxyNoAnswer, {
            seconds: seconds(timeoutMs),
          }),
        ),
      timeoutMs,
    );
    const finish = (error: Error | undefined, value?: { status: number; text: string }) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value!);
    };
    const read = (response: http.IncomingMessage) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (text.length < 65_536) text += chunk;
      });
      response.on('end', () => finish(undefined, { status: response.statusCode ?? 0, text }));
      response.on('error', (error) => finish(error));
    };
    const fail = (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      if (error instanceof CheckFailure) return finish(error);
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return finish(
          new CheckFailure(C.CURLE_COULDNT_RESOLVE_HOST, M.proxyTargetNotFound, {
            host: target.hostname,
          }),
        );
      }
      if (code === 'ECONNREFUSED') {
        return finish(
          new CheckFailure(C.CURLE_COULDNT_CONNECT, M.proxyTargetRefused, { host: target.host }),
        );
      }
      const reason = socketReason(error);
      finish(new CheckFailure(C.CURLE_RECV_ERROR, reason));
    };
    if (!proxyPort) {
      const request = (secure ? https : http).get(url, read);
      request.on('error', fail);
      return;
    }
    if (!secure) {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          method: 'GET',
          path: url,
          headers: { host: target.host },
        },
        read,
      );
      request.on('error', fail);
      request.end();
      return;
    }
    const connect = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: `${target.hostname}:${port}`,
    });
    connect.on('connect', (response, socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        const status = response.statusCode ?? 0;
        return finish(
          failureOfStatus(status, target.hostname) ??
            new CheckFailure(C.CURLE_RECV_ERROR, M.proxyAnsweredStatus, { status }),
        );
      }
      const secured = tls.connect({ socket, servername: target.hostname });
      const request = http.request(
        {
          createConnection: () => secured,
          path: target.pathname + target.search,
          headers: { host: target.host },
        },
        read,
      );
      request.on('error', fail);
      request.end();
    });
    connect.on('error', fail);
    connect.end();
  });
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : NaN;

/** The language people of `country` most likely browse in ('DE' → 'de-DE'), or ''. */
export function languageOfCountry(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return '';
  try {
    const language = new Intl.Locale(`und-${country}`).maximize().language;
    for (const code of [`${language}-${country}`, language]) if (isLanguageCode(code)) return code;
  } catch {
    // no likely language
  }
  return '';
}

/** The exit information in any of the usual lookup answer shapes. */
export function parseLookup(text: string): ExitInfo | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const ip = str(body.query) || str(body.ip) || str(body.ip_address);
  if (!ip || !net.isIP(ip)) return undefined;
  const countryRaw =
    str(body.countryCode) ||
    str(body.country_code) ||
    (str(body.country).length === 2 ? str(body.country) : '');
  const country = countryRaw.toUpperCase();
  const zoneField = body.timezone ?? body.time_zone;
  const zone =
    typeof zoneField === 'object' && zoneField
      ? str((zoneField as Record<string, unknown>).id)
      : str(zoneField);
  const timezone = (zone && findTimezone(zone)?.zone) || '';
  let latitude = num(body.lat ?? body.latitude);
  let longitude = num(body.lon ?? body.lng ?? body.longitude);
  if (Number.isNaN(latitude) && typeof body.loc === 'string') {
    [latitude, longitude] = body.loc.split(',').map(Number) as [number, number];
  }
  return {
    ip,
    country,
    timezone,
    language: languageOfCountry(country),
    ...(Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : {}),
  };
}

/** Asks the lookup endpoint through the proxy on `proxyPort` (or directly) for the exit. */
export async function lookupExit(
  lookupUrl: string,
  proxyPort: number | undefined,
  timeoutMs: number,
): Promise<ExitInfo> {
  const { status, text } = await fetchText(lookupUrl, proxyPort, timeoutMs);
  const viaProxyError = failureOfStatus(status, new URL(lookupUrl).hostname);
  if (viaProxyError) throw viaProxyError;
  if (status < 200 || status >= 300) {
    throw new CheckFailure(C.CURLE_HTTP_RETURNED_ERROR, M.proxyLookupStatus, { status });
  }
  const exit = parseLookup(text);
  if (!exit) throw new CheckFailure(C.CURLE_WEIRD_SERVER_REPLY, M.proxyLookupNoIp);
  return exit;
}

export interface CheckOptions {
  /** Also find the exit IP, country and time zone through the proxy. */
  lookupUrl?: string;
  insecureUpstreamTls?: boolean;
  /**
   * SSH: the environment's host-key pin (`<data>/sessions/<id>/ssh_host_key`). When it pins this
   * host:port, the server must present that key (curl's 60, as for a known_hosts mismatch); the
   * check never writes a pin (the first start does).
   */
  hostKeyFile?: string;
}

/**
 * Why the environment's forwarder did not start (an SSH connection that failed, a pinned host
 * key that changed, …), with curl's code and in plain words.
 */
export function forwarderFailure(
  error: unknown,
  target: Pick<ProxyTarget, 'type' | 'host' | 'port'>,
): CheckFailure {
  if (error instanceof CheckFailure) return error;
  const message = (error as Error).message;
  if (error instanceof SshHostKeyChangedError) {
    return new CheckFailure(C.CURLE_PEER_FAILED_VERIFICATION, error.localized);
  }
  if (target.type !== 'SSH') {
    return new CheckFailure(C.CURLE_PROXY, M.proxyOtherFailure, { detail: message });
  }
  if (/authentication/i.test(message)) {
    return new CheckFailure(C.CURLE_LOGIN_DENIED, M.proxySshLoginRefused);
  }
  if (/ECONNREFUSED/.test(message)) {
    return new CheckFailure(C.CURLE_COULDNT_CONNECT, M.proxyNotAccepting, {
      host: target.host,
      port: target.port,
    });
  }
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) {
    return new CheckFailure(C.CURLE_COULDNT_RESOLVE_PROXY, M.proxyHostNotFound, {
      host: target.host,
    });
  }
  return new CheckFailure(C.CURLE_SSH, M.proxySshFailed, { detail: message });
}

export async function checkProxy(
  target: ProxyTarget,
  timeoutMs = PROXY_CHECK_TIMEOUT_MS,
  options: CheckOptions = {},
): Promise<ProxyCheck> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ProxyCheck>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          failed(
            C.CURLE_OPERATION_TIMEDOUT,
            localize(M.proxyNoAnswer, { seconds: seconds(timeoutMs) }),
          ),
        ),
      timeoutMs,
    );
  });
  const check = (async (): Promise<ProxyCheck> => {
    if (target.type !== 'SSH') await connectCheck(target);
    if (!options.lookupUrl) {
      if (target.type === 'SSH') await connectCheck(target);
      return { ok: true };
    }
    const spec: ProxySpec = {
      type: target.type,
      host: target.host,
      port: target.port,
      username: target.username ?? '',
      password: target.password ?? '',
    };
    let forwarder;
    try {
      forwarder = await startForwarder(spec, {
        insecureUpstreamTls: options.insecureUpstreamTls,
        ...(options.hostKeyFile ? { hostKeyFile: options.hostKeyFile, hostKeyMode: 'verify' } : {}),
      });
    } catch (error) {
      throw forwarderFailure(error, target);
    }
    try {
      const sent = performance.now();
      const exit = await lookupExit(options.lookupUrl, forwarder.port, timeoutMs);
      return { ok: true, exit, latencyMs: Math.max(1, Math.round(performance.now() - sent)) };
    } finally {
      await forwarder.close();
    }
  })().catch((error: unknown) =>
    error instanceof CheckFailure
      ? failed(error.curlCode, error.reason)
      : failed(C.CURLE_RECV_ERROR, socketReason(error as NodeJS.ErrnoException)),
  );
  try {
    return await Promise.race([check, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
