import { useContext, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppCacheContext } from './appCache.ts';
import { newQueryClient } from './queryClient.ts';

/**
 * The query cache for what it wraps: the app's one cache (shared/appCache.ts), made by the first
 * page that needs it. Pages that read from the cloud (download, FAQ, the signed-in screens) wrap
 * themselves in it, so the query library loads with them and not on a first visit to a public page.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const client = useContext(AppCacheContext).get('query-client', newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
