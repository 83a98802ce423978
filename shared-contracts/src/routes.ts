/**
 * The route table of the storefront and admin (spec storefront.md section 2), with the app that
 * owns each route. The shell builds its router from this list; each remote renders the pages it
 * owns from the page id.
 */
export type RemoteName = 'mf_catalog' | 'mf_learning' | 'mf_checkout' | 'mf_admin';
export type RouteOwner = RemoteName | 'shell';

export const REMOTES: readonly RemoteName[] = [
  'mf_catalog',
  'mf_learning',
  'mf_checkout',
  'mf_admin',
];

export interface RouteDef {
  /** Stable page id, also the key of the page title in the shell's `titles` translations. */
  id: string;
  /** React Router path pattern. */
  path: string;
  owner: RouteOwner;
  /** Pages the spec marks noindex carry `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
  /** Who may open it: the shell redirects others to /login before any remote code loads. */
  access?: 'user' | 'admin';
}

export const ROUTES = [
  { id: 'home', path: '/', owner: 'mf_catalog' },
  { id: 'courses', path: '/cursos', owner: 'mf_catalog' },
  { id: 'courseDetail', path: '/courses/:id/:slug?', owner: 'mf_catalog' },
  { id: 'formations', path: '/formaciones', owner: 'mf_catalog' },
  { id: 'formationDetail', path: '/formaciones/:id/:slug?', owner: 'mf_catalog' },
  { id: 'about', path: '/nosotros', owner: 'mf_catalog' },
  { id: 'search', path: '/buscar', owner: 'mf_catalog' },
  // the public check of a certificate of completion, by its code: never indexed
  { id: 'certificate', path: '/certificados/:code', owner: 'mf_catalog', noindex: true },
  { id: 'membership', path: '/membresia', owner: 'mf_catalog' },
  { id: 'login', path: '/login', owner: 'shell', noindex: true },
  { id: 'register', path: '/register', owner: 'shell', noindex: true },
  { id: 'registerSuccess', path: '/registro-exitoso', owner: 'shell', noindex: true },
  { id: 'forgotPassword', path: '/olvidaste-tu-contraseña', owner: 'shell', noindex: true },
  { id: 'resetPassword', path: '/reset-password/:token', owner: 'shell', noindex: true },
  { id: 'myCourses', path: '/mis-cursos', owner: 'mf_learning', noindex: true, access: 'user' },
  {
    id: 'myFormation',
    path: '/mis-cursos/formacion/:id',
    owner: 'mf_learning',
    noindex: true,
    access: 'user',
  },
  {
    id: 'myCourse',
    path: '/mis-cursos/curso/:id',
    owner: 'mf_learning',
    noindex: true,
    access: 'user',
  },
  {
    id: 'expiredFormation',
    path: '/detalle/formacion/:id',
    owner: 'mf_learning',
    noindex: true,
    access: 'user',
  },
  {
    id: 'expiredCourse',
    path: '/detalle/curso/:id',
    owner: 'mf_learning',
    noindex: true,
    access: 'user',
  },
  { id: 'cart', path: '/carrito', owner: 'mf_checkout' },
  { id: 'checkout', path: '/pago-embed', owner: 'mf_checkout' },
  // spec: the success page needs a session (a returning buyer logs in and comes back to it)
  {
    id: 'paymentSuccess',
    path: '/pago-exitoso',
    owner: 'mf_checkout',
    noindex: true,
    access: 'user',
  },
  { id: 'maintenance', path: '/mantenimiento', owner: 'shell' },
  { id: 'admin', path: '/admin', owner: 'mf_admin', noindex: true, access: 'admin' },
  {
    id: 'adminCreateCourse',
    path: '/admin/create',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  {
    id: 'adminEditCourse',
    path: '/admin/edit/:id',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  {
    id: 'adminFormations',
    path: '/admin/formaciones-online',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  { id: 'adminCourses', path: '/admin/cursos', owner: 'mf_admin', noindex: true, access: 'admin' },
  { id: 'adminVouchers', path: '/admin/bonos', owner: 'mf_admin', noindex: true, access: 'admin' },
  {
    id: 'adminPresential',
    path: '/admin/formaciones-presenciales',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  // membership plans
  { id: 'adminPlans', path: '/admin/planes', owner: 'mf_admin', noindex: true, access: 'admin' },
  // the coach's students
  {
    id: 'adminStudents',
    path: '/admin/alumnos',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  {
    id: 'adminStudent',
    path: '/admin/alumnos/:id',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  // certificates: the review queue, an item's certificates, the signature printed on them
  {
    id: 'adminCertificates',
    path: '/admin/certificados',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  // invoicing: the seller's billing settings, the VAT report and the invoices of a period
  {
    id: 'adminBilling',
    path: '/admin/facturacion',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  // practice feedback: the queue of students' clips and the answer view
  {
    id: 'adminPractice',
    path: '/admin/practica',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  {
    id: 'adminPracticeClip',
    path: '/admin/practica/:id',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
  // the background jobs' state: for whoever runs the site, kept off the coach's home
  {
    id: 'adminDiagnostics',
    path: '/admin/diagnostico',
    owner: 'mf_admin',
    noindex: true,
    access: 'admin',
  },
] as const satisfies readonly RouteDef[];

export type PageId = (typeof ROUTES)[number]['id'];
export type PageOf<O extends RouteOwner> = Extract<(typeof ROUTES)[number], { owner: O }>['id'];

export function routesOf(owner: RouteOwner): RouteDef[] {
  return ROUTES.filter((r) => r.owner === owner);
}

/** Builds a concrete path from a pattern: `pathTo('/courses/:id/:slug?', { id: 'x' })`. */
export function pathTo(pattern: string, params: Record<string, string | undefined> = {}): string {
  const path = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const optional = part.endsWith('?');
      const key = part.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`pathTo: missing "${key}" for ${pattern}`);
      }
      return encodeURIComponent(value);
    })
    .filter((p) => p !== null)
    .join('/');
  return path === '' ? '/' : path;
}

/** The route an address opens, with its parameters by name (decoded). */
export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDef;
  parts: Array<{ name: string; optional: boolean } | { literal: string }>;
  required: number;
}

const COMPILED: CompiledRoute[] = (ROUTES as readonly RouteDef[]).map((route) => {
  const parts = route.path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? { name: part.slice(1).replace(/\?$/, ''), optional: part.endsWith('?') }
        : { literal: part.toLowerCase() },
    );
  return { route, parts, required: parts.filter((p) => !('optional' in p && p.optional)).length };
});

/**
 * The one route matcher: the route of the table that `pathname` opens, or null (the not-found
 * page). The API (status, head tags, preloads, first screen), the shell's bootstrap and its layout
 * all ask it, and it answers as React Router's `<Routes>` renders (shell/src/router.tsx):
 * - letters are compared case-insensitively (`/CURSOS` is `/cursos`);
 * - trailing slashes are ignored (`/cursos/` is `/cursos`), an empty segment elsewhere is not
 *   (`/courses//x` and `//cursos` open no route);
 * - each segment is percent-decoded (`/olvidaste-tu-contrase%C3%B1a`); one that cannot be decoded
 *   opens no route;
 * - the table's order decides between two routes (no two of them overlap today).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.replace(/\/+$/, '');
  const raw = path === '' ? [] : path.split('/').slice(1);
  if (!pathname.startsWith('/') && pathname !== '') return null;
  let segments: string[];
  try {
    segments = raw.map((s) => {
      if (s === '') throw new Error('empty segment');
      return decodeURIComponent(s);
    });
  } catch {
    return null;
  }
  for (const { route, parts, required } of COMPILED) {
    if (segments.length < required || segments.length > parts.length) continue;
    const params: Record<string, string> = {};
    const ok = segments.every((segment, i) => {
      const part = parts[i];
      if ('literal' in part) return segment.toLowerCase() === part.literal;
      params[part.name] = segment;
      return true;
    });
    if (ok) return { route, params };
  }
  return null;
}
