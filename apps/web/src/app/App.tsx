import { useState } from 'react';
import { Routes } from 'react-router';
import { AppCache, AppCacheContext } from '../shared/appCache.ts';
import { siteRoutes } from './routes.tsx';

export function App() {
  // One cache per app: the browser's lives as long as the page, each prerendered page gets its own.
  // The pages that read from the cloud fill it (shared/QueryScope.tsx).
  const [cache] = useState(() => new AppCache());
  return (
    <AppCacheContext.Provider value={cache}>
      <Routes>{siteRoutes()}</Routes>
    </AppCacheContext.Provider>
  );
}
