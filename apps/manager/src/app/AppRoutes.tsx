/** The pages, lazily loaded; every page but sign-in needs a login on the service. */
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useRunning } from '../shared/running.tsx';
import { useAuth } from '../shared/auth.tsx';
import { PATHS } from '../shared/paths.ts';
import { Shell } from './Shell.tsx';

const EnvironmentsPage = lazy(() => import('./EnvironmentsRoute.tsx'));
const ProxiesPage = lazy(() => import('../features/proxies/ProxiesPage.tsx'));
const GroupsPage = lazy(() => import('../features/groups/GroupsPage.tsx'));
const ScriptsPage = lazy(() => import('../features/scripts/ScriptsPage.tsx'));
const PluginsPage = lazy(() => import('../features/plugins/PluginsPage.tsx'));
const TeamPage = lazy(() => import('../features/team/TeamPage.tsx'));
const SignInPage = lazy(() => import('../features/sign-in/SignInPage.tsx'));
const NotFoundPage = lazy(() => import('./NotFoundPage.tsx'));

const loading = (
  <div className="page-loading">
    <Spin size="large" />
  </div>
);

function SignedIn({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (!state) return loading;
  if (!state.account)
    return <Navigate to={PATHS.signIn} replace state={{ from: location.pathname }} />;
  return <Shell>{children}</Shell>;
}

export function AppRoutes() {
  const { state, refresh } = useAuth();
  const stream = useRunning();
  // Another tab, a script or an expired lease changed the login: follow it.
  const known = state?.account;
  useEffect(() => {
    if (known !== undefined && stream.connected && stream.account !== known) void refresh();
  }, [known, stream.connected, stream.account, refresh]);
  const page = (node: ReactNode) => (
    <SignedIn>
      <Suspense fallback={loading}>{node}</Suspense>
    </SignedIn>
  );
  return (
    <Routes>
      <Route path="/" element={<Navigate to={PATHS.environments} replace />} />
      <Route path={PATHS.environments} element={page(<EnvironmentsPage />)} />
      <Route path={PATHS.proxies} element={page(<ProxiesPage />)} />
      <Route path={PATHS.groups} element={page(<GroupsPage />)} />
      <Route path={PATHS.scripts} element={page(<ScriptsPage />)} />
      <Route path={PATHS.plugins} element={page(<PluginsPage />)} />
      <Route path={PATHS.team} element={page(<TeamPage />)} />
      <Route
        path={PATHS.signIn}
        element={
          <Suspense fallback={loading}>
            <SignInPage />
          </Suspense>
        }
      />
      <Route
        path="*"
        element={
          <Suspense fallback={loading}>
            <NotFoundPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
