import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { usePathname } from '../../shared/router.ts';
import { apiDocSlugOf, type ApiDocSlug } from '@hainiao/contract';
import { DocsLayout } from './DocsLayout.tsx';
import './docs.css';

/** One chunk per page: its data is generated from the contract at build time. */
export const API_DOC_BODIES: Record<ApiDocSlug, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('./pages/overview.tsx')),
  help: lazy(() => import('./pages/help.tsx')),
  http: lazy(() => import('./pages/http.tsx')),
  question: lazy(() => import('./pages/question.tsx')),
  login: lazy(() => import('./pages/login.tsx')),
  members: lazy(() => import('./pages/members.tsx')),
  browser: lazy(() => import('./pages/browser.tsx')),
  session: lazy(() => import('./pages/session.tsx')),
  group: lazy(() => import('./pages/group.tsx')),
  script: lazy(() => import('./pages/script.tsx')),
  plugin: lazy(() => import('./pages/plugin.tsx')),
  appendix: lazy(() => import('./pages/appendix.tsx')),
  code: lazy(() => import('./pages/code.tsx')),
  postman: lazy(() => import('./pages/postman.tsx')),
  'postman-debug': lazy(() => import('./pages/postman-debug.tsx')),
  'postman-example': lazy(() => import('./pages/postman-example.tsx')),
  example: lazy(() => import('./pages/example.tsx')),
  adspower: lazy(() => import('./pages/adspower.tsx')),
  mcp: lazy(() => import('./pages/mcp.tsx')),
};

const NotFoundPage = lazy(() => import('../not-found/NotFoundPage.tsx'));

/** Every page under /api/doc (and /zh/api/doc): the documentation shell around the page. */
export default function ApiDocPage() {
  const slug = apiDocSlugOf(usePathname());
  if (!slug) {
    return (
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  const Body = API_DOC_BODIES[slug];
  return (
    <DocsLayout slug={slug}>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <Body />
      </Suspense>
    </DocsLayout>
  );
}
