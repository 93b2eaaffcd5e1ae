/** Dates as the reader's locale writes them. */
import type { UiLang } from './lang.tsx';

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
