import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { ZH_PREFIX } from '@hainiao/contract';
import { Route, Switch } from '../shared/router.ts';
import type { MetaKey } from './meta.ts';

const HomePage = lazy(() => import('../pages/home/HomePage.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage.tsx'));
const ApplicationPage = lazy(() => import('../pages/application/ApplicationPage.tsx'));
const PricePage = lazy(() => import('../pages/price/PricePage.tsx'));
const DownloadPage = lazy(() => import('../pages/download/DownloadPage.tsx'));
const PrivacyPage = lazy(() => import('../pages/privacy/PrivacyPage.tsx'));
const FaqListPage = lazy(() => import('../pages/faq/FaqListPage.tsx'));
const FaqArticlePage = lazy(() => import('../pages/faq/FaqArticlePage.tsx'));
const AntdOutlet = lazy(() => import('../features/account/AntdOutlet.tsx'));
const SignInPage = lazy(() => import('../pages/signin/SignInPage.tsx'));
const SignUpPage = lazy(() => import('../pages/signup/SignUpPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password/ResetPasswordPage.tsx'));
const RoutePage = lazy(() => import('../pages/route/RoutePage.tsx'));
const ApiConsolePage = lazy(() => import('../pages/api-console/ApiConsolePage.tsx'));
const TicketListPage = lazy(() => import('../pages/ticket/TicketListPage.tsx'));
const TicketAddPage = lazy(() => import('../pages/ticket/TicketAddPage.tsx'));
const TicketInfoPage = lazy(() => import('../pages/ticket/TicketInfoPage.tsx'));
const StaffPage = lazy(() => import('../pages/staff/StaffPage.tsx'));
const StaffTicketPage = lazy(() => import('../pages/staff/StaffTicketPage.tsx'));
const ApiDocPage = lazy(() => import('../pages/api-doc/ApiDocPage.tsx'));

/** English paths; every one is mounted again under /zh. */
export const PAGES: readonly {
  path: string;
  meta: MetaKey;
  Page: LazyExoticComponent<ComponentType>;
}[] = [
  { path: '/', meta: 'home', Page: HomePage },
  { path: '/application', meta: 'application', Page: ApplicationPage },
  { path: '/price', meta: 'price', Page: PricePage },
  { path: '/download', meta: 'download', Page: DownloadPage },
  { path: '/privacy', meta: 'privacy', Page: PrivacyPage },
  { path: '/faq', meta: 'faq', Page: FaqListPage },
];

/**
 * Pages with an id in the path. The build prerenders one per seeded FAQ article (see
 * scripts/prerender.ts); others are served through the 200.html shell.
 */
export const DYNAMIC_PAGES: readonly { path: string; Page: LazyExoticComponent<ComponentType> }[] =
  [{ path: '/faq/:file', Page: FaqArticlePage }];

/**
 * The local API documentation: /api/doc (the overview) and /api/doc/<page>. scripts/prerender.ts
 * prerenders every page of the contract's API_DOC_SLUGS in both languages; the list is not
 * imported here, so that it stays out of the first visit's script.
 */
export const API_DOC_PAGES: readonly { path: string; Page: LazyExoticComponent<ComponentType> }[] =
  [
    { path: '/api/doc', Page: ApiDocPage },
    { path: '/api/doc/:page', Page: ApiDocPage },
  ];

/**
 * Pages rendered in the browser only (served through the 200.html shell): they depend on the
 * visitor's stored session or on a one-time link, so there is nothing to prerender or index.
 */
export const CLIENT_PAGES: readonly { path: string; Page: LazyExoticComponent<ComponentType> }[] = [
  { path: '/signin', Page: SignInPage },
  { path: '/signup', Page: SignUpPage },
  { path: '/forgot-password', Page: ForgotPasswordPage },
  { path: '/reset-password', Page: ResetPasswordPage },
  { path: '/route', Page: RoutePage },
  { path: '/api', Page: ApiConsolePage },
  { path: '/ticket', Page: TicketListPage },
  { path: '/ticket/add', Page: TicketAddPage },
  { path: '/ticket/info', Page: TicketInfoPage },
  { path: '/ticket/info/:id', Page: TicketInfoPage },
  { path: '/staff', Page: StaffPage },
  { path: '/staff/ticket/:id', Page: StaffTicketPage },
];

/** Pages prerendered at build time (English paths) with their meta key. */
export const PRERENDERED = PAGES.map(({ path, meta }) => ({ path, meta }));

/**
 * Marks the document once the page itself is interactive (tests and monitoring wait for it). Its
 * effect runs when its Suspense boundary has hydrated, i.e. with the page's own chunk: the shell
 * around it may hydrate first.
 */
function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page />
      <Hydrated />
    </Suspense>
  );
}

/** wouter's pattern for an English path under a prefix ('' or /zh); the home page is the prefix itself. */
function under(prefix: string, path: string): string {
  return path === '/' ? prefix || '/' : prefix + path;
}

/** Any client page's path in either language: they share one Ant Design shell while moving among them. */
const CLIENT_PATH = new RegExp(
  `^(?:${ZH_PREFIX})?(?:${CLIENT_PAGES.map(({ path }) => path.replace(/:[^/]+/g, '[^/]+')).join('|')})/?$`,
  'i',
);

/**
 * The pages, the same in English (no prefix) and Chinese (/zh); the first that matches the path
 * renders, the not-found page when none does.
 */
export function SiteRoutes() {
  const prefixes = ['', ZH_PREFIX];
  return (
    <Switch>
      {prefixes.flatMap((prefix) =>
        [...PAGES, ...DYNAMIC_PAGES, ...API_DOC_PAGES].map(({ path, Page }) => (
          <Route key={under(prefix, path)} path={under(prefix, path)}>
            {page(Page)}
          </Route>
        )),
      )}
      <Route key="client" path={CLIENT_PATH}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <AntdOutlet>
            <Switch>
              {prefixes.flatMap((prefix) =>
                CLIENT_PAGES.map(({ path, Page }) => (
                  <Route key={prefix + path} path={prefix + path}>
                    {page(Page)}
                  </Route>
                )),
              )}
            </Switch>
          </AntdOutlet>
        </Suspense>
      </Route>
      <Route key="not-found">{page(NotFoundPage)}</Route>
    </Switch>
  );
}
