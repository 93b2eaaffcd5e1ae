import { languageRedirect } from '@hainiao/contract';
import { AFTER_PAINT_ID } from './shared/afterPaint.ts';
import { storedLang } from './shared/chosenLang.ts';
// The site's stylesheet: the build inlines it in every page, and each page's own after it
// (scripts/prerender.ts).
import './styles/global.css';

/** Resolves once the browser has painted the current frame (at once in a hidden tab). */
function afterPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const container = document.getElementById('root') as HTMLElement;

// A visitor whose stored language is not the URL's arrives on the other language's path: Chinese
// adds /zh, English removes it (lang.ts of @hainiao/contract). It is decided before React
// starts, so the page never hydrates with a language its markup was not rendered in: a
// prerendered page is replaced by the other language's prerendered page (nothing hydrates, so
// nothing stores the URL's language first); the shell of client-rendered pages just rewrites the
// URL and renders.
const here = window.location.pathname + window.location.search + window.location.hash;
const stored = storedLang();
const target = stored === null ? null : languageRedirect(here, stored);
const prerendered = container.firstElementChild !== null;

async function boot() {
  if (target !== null) window.history.replaceState(window.history.state, '', target);
  // A prerendered page reads and paints without a script: React, the app and the page's chunks
  // load once it has painted, so they never hold back its first paint on a slow line.
  if (prerendered) await afterPaint();
  const preloads = document.getElementById(AFTER_PAINT_ID);
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  const { start } = await import('./hydrate.tsx');
  start(container, prerendered);
}

if (target !== null && prerendered) window.location.replace(target);
else void boot();
