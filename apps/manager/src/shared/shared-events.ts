/**
 * One live connection (GET /manager/events) for all the manager's tabs of a browser. A browser
 * opens six connections to a host at most over HTTP/1.1: with one stream per tab, a seventh tab
 * never loaded (issue 27). So one tab, the leader, holds the stream and relays each event to the
 * others over a BroadcastChannel. The leader is the holder of a Web Lock: the other tabs wait
 * for it, and when the leader closes the browser releases the lock, the next tab gets it and
 * opens the stream again (the service sends the state at once to a new stream). A tab that opens
 * asks the leader for the last state, so it need not wait for the next change.
 *
 * Without Web Locks or BroadcastChannel (an old browser), each tab has its own stream as before.
 */

const CHANNEL = 'hainiao-manager-events';
const LEADER_LOCK = 'hainiao-manager-events-leader';
export const EVENTS_PATH = '/manager/events';

/** What a tab hears: the stream's state and, once it has one, the last `running` event's data. */
export interface StreamUpdate {
  connected: boolean;
  /** The `running` event's JSON, as the service sent it. */
  data?: string;
}

type Message =
  /** The leader relays a `running` event. */
  | { kind: 'running'; data: string }
  /** The leader's stream failed (it reconnects by itself). */
  | { kind: 'down' }
  /** A tab that opened asks the leader for the last state. */
  | { kind: 'ask' };

/** One stream of this tab's own (the behaviour without sharing). */
function ownStream(onUpdate: (update: StreamUpdate) => void): () => void {
  const source = new EventSource(EVENTS_PATH);
  source.addEventListener('running', (event) =>
    onUpdate({ connected: true, data: (event as MessageEvent<string>).data }),
  );
  // EventSource reconnects by itself (retry: 2000); meanwhile the state is marked stale.
  source.onerror = () => onUpdate({ connected: false });
  return () => source.close();
}

/**
 * Listens to the running environments, through the tabs' shared stream when the browser can
 * share it. Answers the function that stops listening (and, in the leader, hands the stream on).
 */
export function listenToEvents(onUpdate: (update: StreamUpdate) => void): () => void {
  if (typeof BroadcastChannel === 'undefined' || typeof navigator.locks?.request !== 'function') {
    return ownStream(onUpdate);
  }
  const channel = new BroadcastChannel(CHANNEL);
  const abort = new AbortController();
  let closed = false;
  let closeStream: (() => void) | undefined;
  let releaseLock = () => {};
  let last: StreamUpdate | undefined;

  const hear = (update: StreamUpdate) => {
    last = update.data === undefined ? { ...last, connected: update.connected } : update;
    onUpdate(last);
  };
  const tell = (message: Message) => {
    if (!closed) channel.postMessage(message);
  };
  const answer = () => {
    if (!last) return; // the first event will reach every tab anyway
    tell(
      last.connected && last.data !== undefined
        ? { kind: 'running', data: last.data }
        : { kind: 'down' },
    );
  };

  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (closeStream) {
      // The leader: it answers the newcomers (the others' relays cannot be, there is one leader).
      if (message.kind === 'ask') answer();
      return;
    }
    if (message.kind === 'running') hear({ connected: true, data: message.data });
    else if (message.kind === 'down') hear({ connected: false });
  };
  tell({ kind: 'ask' });

  navigator.locks
    .request(LEADER_LOCK, { signal: abort.signal }, () => {
      // Granted after this tab let go: hand the lock on at once.
      if (closed) return undefined;
      closeStream = ownStream((update) => {
        hear(update);
        tell(update.data !== undefined ? { kind: 'running', data: update.data } : { kind: 'down' });
      });
      // Held while this tab lives (the browser releases it when the tab closes).
      return new Promise<void>((resolve) => (releaseLock = resolve));
    })
    .catch(() => undefined); // aborted: this tab stopped listening before it led

  return () => {
    closed = true;
    abort.abort();
    closeStream?.();
    releaseLock();
    channel.close();
  };
}
