/** Dates as the reader's locale writes them, and copy with its placeholders filled. */
import { format } from '@hainiao/contract';
import type { UiLang } from './lang.tsx';

/**
 * `text` with its `{name}` placeholders filled ('' for a value not given) and its English plurals
 * chosen (`{count|environment|environments}`, the contract's format()).
 */
export function fill(text: string, values: Record<string, string | number>): string {
  const blanks = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map((m) => [m[1] ?? '', '']));
  return format(text, { ...blanks, ...values });
}

const locale = (lang: UiLang) => (lang === 'zh' ? 'zh-CN' : navigator.language || 'en');

/** `YYYY-MM-DD HH:mm:ss` (the service's local time) or `YYYY-MM-DD`, in the reader's format. */
export function formatDateTime(text: string | undefined, lang: UiLang): string {
  if (!text) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
  if (!m) return text;
  const date = new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  if (Number.isNaN(date.getTime())) return text;
  return m[4] === undefined
    ? date.toLocaleDateString(locale(lang), { dateStyle: 'medium' })
    : date.toLocaleString(locale(lang), { dateStyle: 'medium', timeStyle: 'short' });
}
