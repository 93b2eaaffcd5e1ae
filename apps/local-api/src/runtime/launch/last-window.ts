/**
 * The end of a windowed browser that its user closes. Chromium driven over a DevTools pipe does
 * not quit when its last window closes (the pipe keeps it alive, measured on Chromium 156): left
 * alone, the environment would read "running" with no window and its cookies would never be
 * saved. The service notices that the last page is gone, saves the cookies (Exit_SaveCookie) and
 * ends the browser as a stop does; its status then reads 0.
 */
import type { CdpEvent, CdpConnection } from '../devtools/cdp.ts';

export interface LastWindowWatch {
  /** From now on, no page left means the user closed the browser (after the start's own tabs). */
  arm(): void;
  stop(): void;
}

/**
 * Watches the page targets of the service's own (root) session. When none is left once armed,
 * and still none after `graceMs` (a tab closed and another opened at once, as a script may do),
 * `onLastClosed` runs once.
 */
export function watchLastWindow(
  cdp: CdpConnection,
  onLastClosed: () => void,
  graceMs = 500,
): LastWindowWatch {
  const pages = new Set<string>();
  let armed = false;
  let done = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    timer = undefined;
    if (done || !armed || pages.size > 0) return;
    const { targetInfos } = await cdp.send<{ targetInfos: { type: string }[] }>(
      'Target.getTargets',
    );
    if (done || pages.size > 0 || targetInfos.some((t) => t.type === 'page')) return;
    done = true;
    onLastClosed();
  };
  const schedule = () => {
    if (!timer && armed && !done && pages.size === 0) {
      timer = setTimeout(() => void check().catch(() => undefined), graceMs);
    }
  };

  const listener = (event: CdpEvent) => {
    if (event.sessionId !== undefined) return;
    const session = event.params.sessionId as string | undefined;
    if (!session) return;
    if (event.method === 'Target.attachedToTarget') {
      if ((event.params.targetInfo as { type?: string } | undefined)?.type === 'page') {
        pages.add(session);
      }
    } else if (event.method === 'Target.detachedFromTarget' && pages.delete(session)) {
      schedule();
    }
  };
  cdp.on('event', listener);

  return {
    arm() {
      armed = true;
      schedule();
    },
    stop() {
      done = true;
      clearTimeout(timer);
      cdp.off('event', listener);
    },
  };
}
