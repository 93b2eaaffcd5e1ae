/** One notification: its own mail, and the line that stands for it in a summary. */
export interface Notice {
  subject: string;
  text: string;
  /** One line for the summary mail when this notice is coalesced with others. */
  line: string;
}

export interface BoundedNotifierOptions {
  /** Sends one mail (recipients are the sender's business). */
  send: (mail: { subject: string; text: string }) => Promise<void>;
  /** At most this many mails per window… */
  perWindow?: number;
  /** …of this many milliseconds (sliding). */
  windowMs?: number;
  /** A summary lists at most this many notices, then "and N more". */
  maxListed?: number;
  /** The summary mail for `count` coalesced notices. */
  summary: (count: number, lines: string[], more: number) => { subject: string; text: string };
  log?: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

/** New-ticket mails to staff per minute, overall (docs/security.md). */
export const STAFF_MAILS_PER_MINUTE = 10;

/**
 * Sends notices as mails at a bounded rate: at most `perWindow` mails in any `windowMs`. While the
 * window is full, notices are coalesced, and one summary mail listing them goes out as soon as a
 * mail may be sent again. Nothing is lost to a burst (every ticket still reaches staff, at worst a
 * minute late and grouped), memory stays bounded (`maxListed` lines and a counter), and a flood of
 * tickets cannot make the cloud a mail cannon that gets its SMTP account throttled or blocked.
 * Timers are `unref()`'d; `close()` cancels a pending summary (and logs what it held).
 */
export function boundedNotifier(options: BoundedNotifierOptions) {
  const perWindow = options.perWindow ?? STAFF_MAILS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const maxListed = options.maxListed ?? 50;
  /** When the mails of the current window went out, oldest first. */
  const sent: number[] = [];
  let pending: string[] = [];
  let pendingCount = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const prune = (now: number) => {
    while (sent.length > 0 && sent[0]! <= now - windowMs) sent.shift();
  };

  const deliver = (mail: { subject: string; text: string }) => {
    sent.push(Date.now());
    options.send(mail).catch((error: unknown) => {
      options.log?.warn({ err: error, subject: mail.subject }, 'notification mail failed');
    });
  };

  function flush() {
    timer = undefined;
    if (closed || pendingCount === 0) return;
    const now = Date.now();
    prune(now);
    if (sent.length >= perWindow) return schedule();
    const lines = pending;
    const more = pendingCount - lines.length;
    const count = pendingCount;
    pending = [];
    pendingCount = 0;
    deliver(options.summary(count, lines, more));
  }

  function schedule() {
    if (timer || closed) return;
    const wait = Math.max(1, (sent[0] ?? Date.now()) + windowMs - Date.now());
    timer = setTimeout(flush, wait);
    timer.unref();
  }

  return {
    notify(notice: Notice): void {
      if (closed) return;
      prune(Date.now());
      if (pendingCount === 0 && sent.length < perWindow) return deliver(notice);
      if (pendingCount === 0) {
        options.log?.info(
          { perWindow, windowMs },
          'notification mails at their rate limit: further notices go out as one summary',
        );
      }
      if (pending.length < maxListed) pending.push(notice.line);
      pendingCount += 1;
      schedule();
    },
    /** Notices waiting for the next summary. */
    get pending(): number {
      return pendingCount;
    },
    close(): void {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (pendingCount > 0) {
        options.log?.warn(
          { notices: pending, count: pendingCount },
          'shutting down: coalesced notification mails not sent',
        );
      }
    },
  };
}
export type BoundedNotifier = ReturnType<typeof boundedNotifier>;
