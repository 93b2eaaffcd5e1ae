const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** 'YYYY-MM-DD HH:mm:ss' in the machine's local time (the service runs on the user's machine). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/**
 * A listid time bound, 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss', local time. A date alone is the
 * start of that day for a lower bound and its last millisecond for an upper bound. Undefined for
 * an impossible date (2024-02-30).
 */
export function parseTimeBound(text: string, bound: 'start' | 'end'): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hasTime = m[4] !== undefined;
  const [h, min, s] = hasTime ? [Number(m[4]), Number(m[5]), Number(m[6])] : [0, 0, 0];
  const date = new Date(year, month - 1, day, h, min, s, 0);
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== month - 1 ||
    date.getDate() !== day ||
    date.getHours() !== h ||
    date.getMinutes() !== min ||
    date.getSeconds() !== s
  ) {
    return undefined;
  }
  if (bound === 'start') return date.getTime();
  return hasTime ? date.getTime() + 999 : date.getTime() + 86_400_000 - 1;
}

/** The date part of an ISO time stamp: '2027-11-21T23:59:59.000Z' → '2027-11-21'. */
export function isoDate(iso: string): string {
  return iso.slice(0, 10);
}
