// The one route matcher (shared-contracts' matchRoute), which the API, the bootstrap and the
// layout ask, opens the route React Router's <Routes> renders (router.tsx), for every address of
// the table and the variants the product accepts or refuses.
import { matchRoutes } from 'react-router-dom';
import { ROUTES, matchRoute, pathTo } from '@circo/shared-contracts';

const table = ROUTES.map((route) => ({ path: route.path, id: route.id }));
const routerAt = (path: string) => matchRoutes(table, path)?.[0]?.route.id ?? null;

const addresses = ROUTES.flatMap((route) => {
  const names = [...route.path.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
  const path = pathTo(route.path, Object.fromEntries(names.map((n) => [n, `${n}-x`])));
  return [path, path.toUpperCase(), `${path}/`, `${path}//`, `${path}/extra/more`];
});

it.each([
  ...addresses,
  '/courses/abc',
  '/olvidaste-tu-contrase%C3%B1a',
  '/courses//x',
  '/no-such-page',
  '/cursos/extra',
])('opens at %s the route the router renders', (path) => {
  expect(matchRoute(path)?.route.id ?? null).toBe(routerAt(path));
});
