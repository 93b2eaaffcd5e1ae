/**
 * stopOnProxyError for a running environment: its upstream proxy is probed every few seconds
 * and at once when the forwarder reports a failed hop; a proxy that refuses two probes in a row
 * is down, and the environment is stopped (-13, connection failed, for the caller).
 */
import { probeUpstream, type Forwarder, type ProxySpec } from './proxy.ts';

export interface ProxyWatchOptions {
  spec: ProxySpec;
  /** The environment's forwarder: an upstream error there triggers a probe at once. */
  forwarder?: Pick<Forwarder, 'onUpstreamError'> | undefined;
  intervalMs: number;
  /** Whether the environment still runs and is not being ended (no probe, no verdict else). */
  active(): boolean;
  /** The proxy is down: called once, while active() is still true. */
  onDown(): Promise<void> | void;
}

/** Starts the watch; the returned function ends it. */
export function watchProxy(options: ProxyWatchOptions): () => void {
  let checking = false;
  let down = false;
  const check = async () => {
    if (checking || down || !options.active()) return;
    checking = true;
    try {
      const ok = (await probeUpstream(options.spec)) || (await probeUpstream(options.spec));
      if (!ok && !down && options.active()) {
        down = true;
        await options.onDown();
      }
    } finally {
      checking = false;
    }
  };
  options.forwarder?.onUpstreamError(() => void check());
  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
