import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import './styles/global.css';

const container = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered pages hydrate; the shell for dynamic routes (no prerendered markup) renders fresh.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
