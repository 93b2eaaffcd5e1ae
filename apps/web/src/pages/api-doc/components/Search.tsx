import { useDeferredValue, useId, useState } from 'react';
import { Link } from '../../../shared/router.ts';
import { apiDocPath, format, type Lang } from '@hainiao/contract';
import { useLang, useLocalize } from '../../../shared/useLang.ts';
import type { SearchEntry } from '../types.ts';
import { useDocCopy } from './useDocCopy.ts';

const MAX_RESULTS = 8;

let index: Promise<readonly SearchEntry[]> | undefined;
/** The index is a separate chunk, loaded when the visitor first uses the search box. */
const loadIndex = () => (index ??= import('virtual:api-doc/search').then((m) => m.default));

/** Entries that contain every word of the query (in either language), best first. */
export function searchDocs(
  entries: readonly SearchEntry[],
  query: string,
  lang: Lang,
): SearchEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const whole = query.trim().toLowerCase();
  const scored: { entry: SearchEntry; score: number }[] = [];
  for (const entry of entries) {
    const title = `${entry.title[lang]} ${entry.title.en}`.toLowerCase();
    const haystack = `${title} ${entry.text[lang]} ${entry.text.en}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    let score = title.includes(whole) ? 20 : 0;
    for (const word of words) if (title.includes(word)) score += 5;
    if (entry.anchor) score += 1;
    scored.push({ entry, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.entry);
}

function snippet(text: string, query: string): string {
  const word = query.toLowerCase().split(/\s+/).find(Boolean) ?? '';
  const at = Math.max(0, text.toLowerCase().indexOf(word));
  const start = Math.max(0, at - 40);
  return `${start > 0 ? '…' : ''}${text.slice(start, start + 110)}${start + 110 < text.length ? '…' : ''}`;
}

/** The search box of the side navigation. */
export function Search({ onNavigate }: { onNavigate?: () => void }) {
  const lang = useLang();
  const localize = useLocalize();
  const copy = useDocCopy();
  const id = useId();
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<readonly SearchEntry[] | null>(null);
  const deferred = useDeferredValue(query);
  const load = () => void loadIndex().then(setEntries);
  const results = entries ? searchDocs(entries, deferred, lang).slice(0, MAX_RESULTS) : [];
  const open = query.trim().length > 0;

  return (
    <div className="doc-search" role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {copy.search.label}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        className="doc-search__input"
        placeholder={copy.search.placeholder}
        value={query}
        autoComplete="off"
        aria-controls={`${id}-results`}
        onFocus={load}
        onChange={(event) => {
          load();
          setQuery(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setQuery('');
        }}
      />
      {open ? (
        <div id={`${id}-results`} className="doc-search__results" aria-live="polite">
          {!entries ? (
            <p className="doc-search__status">{copy.search.loading}</p>
          ) : results.length === 0 ? (
            <p className="doc-search__status">{format(copy.search.none, { query })}</p>
          ) : (
            <ul aria-label={copy.search.results}>
              {results.map((entry) => (
                <li key={`${entry.slug}#${entry.anchor}#${entry.title.en}`}>
                  <Link
                    to={localize(apiDocPath(entry.slug)) + (entry.anchor ? `#${entry.anchor}` : '')}
                    onClick={() => {
                      setQuery('');
                      onNavigate?.();
                    }}
                  >
                    <span className="doc-search__title">{entry.title[lang]}</span>
                    <span className="doc-search__text">{snippet(entry.text[lang], deferred)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
