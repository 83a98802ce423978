import { ROUTES, matchRoute, pathTo, type RouteDef } from './routes.js';

/** An address of every route of the table, its parameters filled in. */
const samples = (ROUTES as readonly RouteDef[]).map((route) => {
  const names = [...route.path.matchAll(/:(\w+)\??/g)].map((m) => m[1]);
  const params = Object.fromEntries(names.map((n, i) => [n, `${n}-${i + 1}`]));
  return { route, params, path: pathTo(route.path, params) };
});

describe('matchRoute, the one route matcher', () => {
  it.each(samples)('opens $route.id at $path, whatever its case and trailing slash', (s) => {
    const variants = [s.path, s.path.toUpperCase(), `${s.path}/`, `${s.path.toUpperCase()}//`];
    for (const path of variants) {
      const match = matchRoute(path);
      expect(match?.route.id).toBe(s.route.id);
      // parameters keep the address's own case
      const params =
        path === s.path.toUpperCase() || path.startsWith(s.path.toUpperCase())
          ? Object.fromEntries(Object.entries(s.params).map(([k, v]) => [k, v.toUpperCase()]))
          : s.params;
      expect(match?.params).toEqual(params);
    }
  });

  it('opens a route without its optional parameter, and decodes each segment', () => {
    expect(matchRoute('/courses/abc')).toEqual({
      route: expect.objectContaining({ id: 'courseDetail' }),
      params: { id: 'abc' },
    });
    expect(matchRoute('/courses/abc/aro%20a%C3%A9reo')?.params).toEqual({
      id: 'abc',
      slug: 'aro aéreo',
    });
    expect(matchRoute('/olvidaste-tu-contrase%C3%B1a')?.route.id).toBe('forgotPassword');
    expect(matchRoute('/OLVIDASTE-TU-CONTRASE%C3%91A')?.route.id).toBe('forgotPassword');
    expect(matchRoute('')?.route.id).toBe('home');
    expect(matchRoute('/')?.route.id).toBe('home');
  });

  it('opens no route for an address outside the table', () => {
    for (const path of [
      '/no-such-page',
      '/courses',
      '/courses/a/b/c',
      '/courses//x',
      '//cursos',
      '/cursos/extra',
      '/admin/edit',
      '/%E0%A4%A',
      'cursos',
    ]) {
      expect(matchRoute(path)).toBeNull();
    }
  });

  it('gives every route of the table its own address (no two overlap)', () => {
    for (const s of samples) expect(matchRoute(s.path)?.route).toBe(s.route);
  });
});
