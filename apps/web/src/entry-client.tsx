import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { languageRedirect } from '@hainiao/contract';
import { App } from './app/App.tsx';
import { storedLang } from './shared/chosenLang.ts';
import { DataProvider, readInitialData } from './shared/data.tsx';
import './styles/global.css';

const container = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <DataProvider data={readInitialData()}>
      <App />
    </DataProvider>
  </StrictMode>
);

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

if (target !== null && prerendered) {
  window.location.replace(target);
} else if (prerendered) {
  // Hydrating inside a transition lets React yield to the browser between components, so the
  // page stays responsive (no long task) while it becomes interactive.
  startTransition(() => void hydrateRoot(container, app));
} else {
  if (target !== null) window.history.replaceState(window.history.state, '', target);
  createRoot(container).render(app);
}
