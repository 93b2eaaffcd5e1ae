/**
 * The proxy side of a start: the environment's forwarder (it holds the credentials, so the browser
 * only ever sees 127.0.0.1), the up-front probe of stopOnProxyError, and the exit's IP and
 * locale when asked (automaticConfigure 1, checkProxy 1). Any failure here is -13.
 */
import { BrowserCodes, localApiMessages, type Localized } from '@hainiao/contract';
import type { EnvironmentSettings } from '../../model/settings.ts';
import {
  bothLanguages,
  CheckFailure,
  forwarderFailure,
  localize,
  lookupExit,
  withReason,
  type ExitInfo,
} from './proxy-check.ts';
import { probeUpstream, startForwarder, type Forwarder, type ProxySpec } from './proxy.ts';
import { LaunchFailure } from '../launch/supervisor.ts';

const B = BrowserCodes.code;
const M = localApiMessages;

/** A start's -13, its reason in both languages ("en | zh", as the start answers carry it). */
const proxyFailure = (reason: Localized) =>
  new LaunchFailure(B.CONNECTION_FAILED, bothLanguages(withReason(M.proxyStartFailed, reason)));

export interface ProxyLaunchOptions {
  /** Accept self-signed certificates of HTTPS proxies (tests). */
  insecureUpstreamTls: boolean;
  /** SSH: the environment's host-key pin file (proxy.ts). */
  hostKeyFile: string;
  lookupUrl: string;
  lookupTimeoutMs: number;
}

export interface ProxyLaunch {
  /** Started when the environment has a proxy; the caller closes it. */
  forwarder?: Forwarder;
  /** The exit as the lookup saw it, when asked and answered. */
  exit?: ExitInfo;
}

export async function openProxy(
  spec: ProxySpec | undefined,
  s: EnvironmentSettings,
  options: ProxyLaunchOptions,
): Promise<ProxyLaunch> {
  let forwarder: Forwarder | undefined;
  if (spec) {
    try {
      forwarder = await startForwarder(spec, {
        insecureUpstreamTls: options.insecureUpstreamTls,
        hostKeyFile: options.hostKeyFile,
      });
    } catch (error) {
      throw proxyFailure(forwarderFailure(error, spec).reason);
    }
  }
  try {
    if (spec && s.stopOnProxyError === 1 && spec.type !== 'SSH' && !(await probeUpstream(spec))) {
      throw proxyFailure(localize(M.proxyNotAccepting, { host: spec.host, port: spec.port }));
    }
    let exit: ExitInfo | undefined;
    if (s.automaticConfigure === 1 || (spec && s.checkProxy === 1)) {
      try {
        exit = await lookupExit(options.lookupUrl, forwarder?.port, options.lookupTimeoutMs);
      } catch (error) {
        if (spec && s.stopOnProxyError === 1) {
          throw proxyFailure(
            error instanceof CheckFailure ? error.reason : forwarderFailure(error, spec).reason,
          );
        }
      }
    }
    return { ...(forwarder ? { forwarder } : {}), ...(exit ? { exit } : {}) };
  } catch (error) {
    await forwarder?.close();
    throw error;
  }
}
