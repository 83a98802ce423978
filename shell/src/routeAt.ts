import { matchRoutes } from 'react-router-dom';
import { ROUTES, type RouteDef } from '@circo/shared-contracts';

const table = ROUTES.map((route) => ({ path: route.path, def: route as RouteDef }));

/** The route of the spec's table at `pathname`, as the router picks it (none: not found). */
export function routeAt(pathname: string): RouteDef | undefined {
  return matchRoutes(table, pathname)?.[0]?.route.def;
}
