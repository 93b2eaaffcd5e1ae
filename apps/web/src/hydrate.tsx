import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { DataProvider, readInitialData } from './shared/data.tsx';

/**
 * Starts the app in `container`: hydrates the prerendered markup, or renders the shell of a page
 * rendered in the browser only (entry-client.tsx decides when).
 */
export function start(container: HTMLElement, prerendered: boolean): void {
  const app = (
    <StrictMode>
      <DataProvider data={readInitialData()}>
        <App />
      </DataProvider>
    </StrictMode>
  );
  if (prerendered) {
    // Hydrating inside a transition lets React yield to the browser between components, so the
    // page stays responsive (no long task) while it becomes interactive.
    startTransition(() => void hydrateRoot(container, app));
  } else {
    createRoot(container).render(app);
  }
}
