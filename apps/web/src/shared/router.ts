import { useLocation as useWouterLocation, useSearch } from 'wouter';
import { useHistoryState, useLocationProperty } from 'wouter/use-browser-location';

/**
 * The site's routing, on wouter: a first visit carries about 2 KB of router instead of React
 * Router's 15 (the public pages need paths, links and navigation, nothing of a data router).
 * Pages import routing from here, so the few things wouter leaves out are written once.
 */
export { Link, Route, Router, Switch, useParams, useSearchParams } from 'wouter';
export { useHistoryState };

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Stored with the history entry (read with useHistoryState). */
  state?: unknown;
}

/** Navigates inside the site to a path (with query and hash). */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useWouterLocation()[1];
}

/** The URL's path: what most components need, without re-rendering on a query or hash change. */
export function usePathname(): string {
  return useWouterLocation()[0];
}

const noHash = () => '';
const currentHash = () => window.location.hash;

/**
 * The URL the page shows. The hash is known only to the browser: it is '' while the server
 * renders and while a prerendered page hydrates, so the markup matches, then the real one.
 */
export function useUrl(): { pathname: string; search: string; hash: string } {
  const pathname = usePathname();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, noHash);
  return { pathname, search: search ? `?${search}` : '', hash };
}
