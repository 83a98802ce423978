import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@circo/shared-web';
import { ROUTES, type RemoteName, type RouteDef } from '@circo/shared-contracts';
import { Layout } from './layout/Layout';
import { RequireAccess } from './layout/RequireAccess';
import { LiveMark } from './federation/LiveMark';
import { RemotePage } from './federation/RemotePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorBoundary } from './pages/RouteErrorPage';
import { shellPages } from './shellPages';

function elementFor(route: RouteDef) {
  if (route.owner === 'shell') {
    const Page = shellPages[route.id as keyof typeof shellPages];
    return (
      <div className="shell-page" data-shell-page={route.id}>
        <Suspense fallback={<Spinner />}>
          <Page />
          <LiveMark />
        </Suspense>
      </div>
    );
  }
  // `key` keeps one RemotePage per remote, so moving between its pages keeps it mounted
  const page = <RemotePage key={route.owner} remote={route.owner as RemoteName} page={route.id} />;
  return route.access ? <RequireAccess access={route.access}>{page}</RequireAccess> : page;
}

/** A page that throws shows the error page inside the layout; the layout throwing, instead of it. */
function PageErrors() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * Every route of the spec's route table, mapped to the app that owns it. A plain router (no data
 * router: the apps load their data with TanStack Query), so the shared part of react-router is
 * its smaller half.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route element={<Layout />}>
          <Route element={<PageErrors />}>
            {ROUTES.map((route) => (
              <Route key={route.id} path={route.path} element={elementFor(route)} />
            ))}
            <Route
              path="*"
              element={
                <>
                  <NotFoundPage />
                  <LiveMark />
                </>
              }
            />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
