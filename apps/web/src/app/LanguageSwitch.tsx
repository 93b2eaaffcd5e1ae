import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANG_STORAGE_KEY, LANGS, localizePath, type Lang } from '@hainiao/contract';
import { useLang } from '../shared/useLang.ts';

/**
 * Language dropdown: choosing a language stores it under `lang` and rewrites the current path
 * (adding or removing /zh, keeping query and hash).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);

  function choose(next: Lang) {
    setOpen(false);
    window.localStorage.setItem(LANG_STORAGE_KEY, next);
    const href = location.pathname + location.search + location.hash;
    const target = localizePath(href, next);
    if (target !== href) void navigate(target);
  }

  return (
    <div
      className="lang-switch"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="lang-switch__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('shell.language')}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 2a10 10 0 100 20 10 10 0 000-20zm6.9 6h-2.9a15.7 15.7 0 00-1.4-3.6A8 8 0 0118.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 010-4h3.4a16.5 16.5 0 000 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 015.1 16zM8 8H5.1a8 8 0 014.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 010-4h4.6a14.7 14.7 0 010 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 01-4.3 3.6zM16.3 14a16.5 16.5 0 000-4h3.4a8.2 8.2 0 010 4h-3.4z"
          />
        </svg>
        <span>{t(`shell.languages.${lang}`)}</span>
      </button>
      {open && (
        <ul
          className="lang-switch__list"
          id={listId}
          role="listbox"
          aria-label={t('shell.language')}
        >
          {LANGS.map((option) => (
            <li key={option} role="option" aria-selected={option === lang}>
              <button
                type="button"
                lang={option === 'zh' ? 'zh-CN' : 'en'}
                onClick={() => choose(option)}
              >
                {t(`shell.languages.${option}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
