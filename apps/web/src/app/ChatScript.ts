import { useEffect, useSyncExternalStore } from 'react';
import { usePathname } from '../shared/router.ts';
import { chatAllowedOn, type Lang } from '@hainiao/contract';

/** The meta tag the cloud adds when a chat script is configured (`CHAT_SCRIPT_URL`). */
export const CHAT_META_NAME = 'hainiao-chat';
export const CHAT_SCRIPT_ID = 'hainiao-chat-script';

/** The chat script's URL for a language: the configured URL with `lang=en|zh`. */
export function chatScriptUrl(base: string, lang: Lang): string {
  const url = new URL(base, window.location.href);
  url.searchParams.set('lang', lang);
  return url.href;
}

/** The configured chat script's URL, from the cloud's meta tag; undefined without one. */
function configuredChat(): string | undefined {
  return (
    document.querySelector(`meta[name="${CHAT_META_NAME}"]`)?.getAttribute('content')?.trim() ||
    undefined
  );
}

// The meta tag never changes while a document lives: nothing to subscribe to.
const unchanging = () => () => {};

/**
 * Whether this page offers the chat, i.e. `useChatScript` loads it here: a chat script is
 * configured (`CHAT_SCRIPT_URL`) and the page is not a private one. False while a prerendered
 * page hydrates (its markup was built without knowing the cloud's setting), then the real answer.
 */
export function useChatOffered(): boolean {
  const pathname = usePathname();
  return useSyncExternalStore(
    unchanging,
    () => chatAllowedOn(pathname) && configuredChat() !== undefined,
    () => false,
  );
}

/** Set once a chat script ran in this document: its code stays in memory until the next load. */
let chatLoaded = false;

/**
 * Loads the customer-service chat script with the page's language, once the page has loaded, and
 * replaces it (the old script element removed) when the language changes. Nothing is loaded when
 * no chat host is configured, nor on private pages. Going from a page that ran the chat to a
 * private page reloads that page from the cloud, so the outside code is gone before it shows.
 */
export function useChatScript(lang: Lang): void {
  const pathname = usePathname();
  const allowed = chatAllowedOn(pathname);

  useEffect(() => {
    if (!allowed && chatLoaded) window.location.reload();
  }, [allowed]);

  useEffect(() => {
    if (!allowed) return;
    const base = configuredChat();
    if (!base) return;
    let cancelled = false;
    const load = () => {
      if (cancelled) return;
      document.getElementById(CHAT_SCRIPT_ID)?.remove();
      const script = document.createElement('script');
      script.id = CHAT_SCRIPT_ID;
      script.src = chatScriptUrl(base, lang);
      script.async = true;
      script.dataset.lang = lang;
      document.body.appendChild(script);
      chatLoaded = true;
    };
    if (document.readyState === 'complete') load();
    else window.addEventListener('load', load, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', load);
    };
  }, [lang, allowed]);
}
