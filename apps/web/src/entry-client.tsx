import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { DataProvider, readInitialData } from './shared/data.tsx';
import './styles/global.css';

const container = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <DataProvider data={readInitialData()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </DataProvider>
  </StrictMode>
);

// Prerendered pages hydrate; the shell for dynamic routes (no prerendered markup) renders fresh.
// Hydrating inside a transition lets React yield to the browser between components, so the page
// stays responsive (no long task) while it becomes interactive.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
