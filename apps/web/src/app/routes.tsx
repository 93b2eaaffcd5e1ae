import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route } from 'react-router';
import { ZH_PREFIX } from '@hainiao/contract';
import { Layout } from './Layout.tsx';
import type { MetaKey } from './meta.ts';

const HomePage = lazy(() => import('../pages/home/HomePage.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage.tsx'));

/** English paths; every one is mounted again under /zh. */
export const PAGES: readonly {
  path: string;
  meta: MetaKey;
  Page: LazyExoticComponent<ComponentType>;
}[] = [{ path: '/', meta: 'home', Page: HomePage }];

/** Pages prerendered at build time (English paths) with their meta key. */
export const PRERENDERED = PAGES.map(({ path, meta }) => ({ path, meta }));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page />
    </Suspense>
  );
}

/** The route tree: the same pages in English (no prefix) and Chinese (/zh). */
export function siteRoutes() {
  return ['', ZH_PREFIX].map((prefix) => (
    <Route key={prefix || '/'} path={prefix || '/'} element={<Layout />}>
      {PAGES.map(({ path, Page }) =>
        path === '/' ? (
          <Route key="index" index element={page(Page)} />
        ) : (
          <Route key={path} path={path.slice(1)} element={page(Page)} />
        ),
      )}
      <Route path="*" element={page(NotFoundPage)} />
    </Route>
  ));
}
