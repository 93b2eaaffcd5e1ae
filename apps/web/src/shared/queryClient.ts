import { QueryClient } from '@tanstack/react-query';

/**
 * The site's cache of cloud reads. A failed read is reported at once (the pages show the cloud's
 * message), not retried behind a spinner; reads refresh when a page mounts or asks, not whenever
 * the window regains focus.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
