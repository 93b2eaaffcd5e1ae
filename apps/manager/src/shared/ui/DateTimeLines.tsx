/**
 * A date above its time ("Nov 27, 2026" / "12:54 PM"), as formatDateTime writes them: a table
 * column of dates stays half as wide, and neither half is ever broken mid-way.
 */
import { formatDateTime } from '../format.ts';
import type { UiLang } from '../lang.tsx';

const lines = { display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' } as const;

export function DateTimeLines({ value, lang }: { value: string | undefined; lang: UiLang }) {
  const full = formatDateTime(value, lang);
  const day = formatDateTime(value?.slice(0, 10), lang);
  // A locale that writes the time first (or a value that is no date) stays on one line.
  if (!value || !day || day === full || !full.startsWith(day)) return <>{full}</>;
  return (
    <span style={lines}>
      <span>{day}</span>
      <span>{full.slice(day.length).replace(/^[\s,]+/, '')}</span>
    </span>
  );
}
