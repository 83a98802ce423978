import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '@circo/shared-web';
import { ROUTES, type RemoteName, type RouteDef } from '@circo/shared-contracts';
import { Layout, type RouteHandle } from './layout/Layout';
import { RequireAccess } from './layout/RequireAccess';
import { RemotePage } from './federation/RemotePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { shellPages } from './shellPages';

function elementFor(route: RouteDef) {
  if (route.owner === 'shell') {
    const Page = shellPages[route.id as keyof typeof shellPages];
    return (
      <div className="shell-page" data-shell-page={route.id}>
        <Suspense fallback={<Spinner />}>
          <Page />
        </Suspense>
      </div>
    );
  }
  // `key` keeps one RemotePage per remote, so moving between its pages keeps it mounted
  const page = <RemotePage key={route.owner} remote={route.owner as RemoteName} page={route.id} />;
  return route.access ? <RequireAccess access={route.access}>{page}</RequireAccess> : page;
}

/** Every route of the spec's route table, mapped to the app that owns it. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            ...ROUTES.map((route): RouteObject => ({
              path: route.path,
              element: elementFor(route),
              handle: { route, titleKey: route.id } satisfies RouteHandle,
            })),
            { path: '*', element: <NotFoundPage />, handle: { titleKey: 'notFound' } },
          ],
        },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
