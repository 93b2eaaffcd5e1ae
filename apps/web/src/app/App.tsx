import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Routes } from 'react-router';
import { newQueryClient } from '../shared/queryClient.ts';
import { siteRoutes } from './routes.tsx';

export function App() {
  // One cache per app: the browser's lives as long as the page, each prerendered page gets its own.
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>{siteRoutes()}</Routes>
    </QueryClientProvider>
  );
}
