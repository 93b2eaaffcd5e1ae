import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../shared/router.ts';
import { LANGS, localizePath, type Lang } from '@hainiao/contract';
import { chooseLang } from '../shared/chosenLang.ts';
import { useLang } from '../shared/useLang.ts';
import { Icon } from '../shared/ui/icons.tsx';
import { useText } from './i18n.ts';

/**
 * Language dropdown (a button and a listbox): choosing a language stores it under `lang` and
 * rewrites the current path — adding or removing /zh, keeping query and hash. Keyboard: Enter,
 * Space or ArrowDown open it; arrows move; Enter or Space choose; Escape and Tab close.
 */
export function LanguageSwitch() {
  const text = useText().shell;
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);

  function show() {
    setActive(Math.max(0, LANGS.indexOf(lang)));
    setOpen(true);
  }

  function hide(focusButton: boolean) {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }

  function choose(next: Lang) {
    hide(true);
    chooseLang(next);
    // The live URL, not the one of the last render: a page's own redirect (/route → its target)
    // may have replaced it a moment before this click, before React re-rendered the header.
    const { pathname, search, hash } = window.location;
    const href = pathname + search + hash;
    const target = localizePath(href, next);
    if (target !== href) void navigate(target);
  }

  function onListKey(event: KeyboardEvent) {
    const last = LANGS.length - 1;
    if (event.key === 'ArrowDown') setActive((n) => Math.min(last, n + 1));
    else if (event.key === 'ArrowUp') setActive((n) => Math.max(0, n - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(last);
    else if (event.key === 'Enter' || event.key === ' ') choose(LANGS[active] ?? lang);
    else if (event.key === 'Escape') hide(true);
    else if (event.key === 'Tab') hide(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="lang-switch" ref={root}>
      <button
        ref={button}
        type="button"
        className="lang-switch__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={text.language}
        onClick={() => (open ? hide(false) : show())}
        onKeyDown={(event) => {
          if (!open && event.key === 'ArrowDown') {
            event.preventDefault();
            show();
          }
        }}
      >
        <Icon name="globe" size={18} />
        <span>{text.languages[lang]}</span>
        <Icon name="chevronDown" size={16} className="lang-switch__chevron" />
      </button>
      {open && (
        <ul
          ref={list}
          className="lang-switch__list"
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={text.language}
          aria-activedescendant={`${listId}-${LANGS[active]}`}
          onKeyDown={onListKey}
        >
          {LANGS.map((option, index) => (
            <li
              key={option}
              id={`${listId}-${option}`}
              role="option"
              aria-selected={option === lang}
              lang={option === 'zh' ? 'zh-CN' : 'en'}
              className={index === active ? 'is-active' : undefined}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(index)}
            >
              {text.languages[option]}
              {option === lang && <Icon name="check" size={16} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
