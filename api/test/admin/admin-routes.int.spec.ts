import request from 'supertest';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { createUser } from '../support/factories.js';
import { appRoutes, concrete, type RouteInfo } from '../support/routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

// Paths of the catalogue's admin side (admin spec section 7): every write under them, and every
// read with "admin" in its path, must be an admin-only route.
const ADMIN_AREAS = [
  '/api/courses',
  '/api/course-classes',
  '/api/formations',
  '/api/modules',
  '/api/classes',
  '/api/presential-formations',
  '/api/discounts',
  '/api/cloudinary',
  '/api/upload',
  // the business: sales dashboard and students
  '/api/admin',
];
const inAdminArea = (r: RouteInfo) =>
  ADMIN_AREAS.some((a) => r.path === a || r.path.startsWith(`${a}/`));
const mustBeAdmin = (r: RouteInfo) =>
  inAdminArea(r) &&
  (r.method !== 'GET' ||
    /\/admin(\/|$)/.test(r.path) ||
    r.path === '/api/presential-formations' ||
    r.path === '/api/discounts');

describe('admin routes: admins only', () => {
  let t: TestApp;
  let studentToken: string;
  let routes: RouteInfo[];
  beforeAll(async () => {
    t = await createTestApp();
    studentToken = await tokenFor(t, await createUser(t.db));
    routes = appRoutes(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the route list from the router', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/courses/admin', auth: 'admin' }),
    );
  });

  it('marks every write of the catalogue, vouchers and uploads as admin-only', () => {
    const unguarded = routes.filter((r) => mustBeAdmin(r) && r.auth !== 'admin');
    expect(unguarded.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('every admin route answers 401 to an anonymous caller and 403 to a student', async () => {
    const admin = routes.filter((r) => r.auth === 'admin');
    expect(admin.length).toBeGreaterThanOrEqual(35);
    const wrong: string[] = [];
    for (const r of admin) {
      const url = concrete(r.path);
      const send = (token?: string) => {
        const req = request(t.app.getHttpServer())[r.method.toLowerCase() as 'get'](url);
        return token ? req.set('Authorization', `Bearer ${token}`) : req;
      };
      const anonymous = await send();
      if (anonymous.status !== 401 || anonymous.body.code !== COMMON_ERRORS.unauthorized)
        wrong.push(`${r.method} ${url} anonymous -> ${anonymous.status}`);
      const student = await send(studentToken);
      if (student.status !== 403 || student.body.code !== COMMON_ERRORS.forbidden)
        wrong.push(`${r.method} ${url} student -> ${student.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
