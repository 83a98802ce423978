// The hostile-input fuzzer over every route of the OpenAPI document. In the normal test
// run: a fixed seed and a short budget. `npm run fuzz` runs it longer with a new seed
// (FUZZ_SECONDS, FUZZ_SEED; FUZZ_REPORT writes the summary to a file). A failure prints the seed and
// the smallest failing request fast-check found: rerun with FUZZ_SEED to reproduce it.
import { writeFileSync } from 'node:fs';
import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import fc from 'fast-check';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import {
  createCourse,
  createDiscount,
  createFormationWithModules,
  createUser,
} from './support/factories.js';
import { tokenFor } from './catalog/catalog-helpers.js';
import {
  answerCheckOf,
  problemOf,
  requestOf,
  routesOf,
  type AnswerCheck,
  type FuzzContext,
  type FuzzRequest,
  type FuzzRoute,
  type OpenApiDoc,
} from './support/openapi-fuzz.js';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 28);
/** An answer slower than this fails the run. */
const MAX_MS = Number(process.env.FUZZ_MAX_MS ?? 1000);

jest.setTimeout(SECONDS * 1000 + 180_000);

let t: TestApp;
let doc: OpenApiDoc;
let routes: FuzzRoute[];
let ctx: FuzzContext;
let check: AnswerCheck;

const stats = {
  requests: 0,
  byStatus: new Map<number, number>(),
  byRoute: new Map<string, number>(),
  slowest: { ms: 0, what: '' },
  durations: [] as number[],
  /** every problem seen, shrinking included: the run fails on any, whatever fast-check reports */
  problems: [] as string[],
};
const routeKey = (r: FuzzRoute) => `${r.method} ${r.path}`;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: NO_RATE_LIMITS });
  const fastify = t.app.getHttpAdapter().getInstance();
  const docRes = await fastify.inject({ method: 'GET', url: '/api/docs-json' });
  doc = docRes.json<OpenApiDoc>();
  routes = routesOf(doc);
  check = answerCheckOf(doc);

  const user = await createUser(t.db);
  const admin = await createUser(t.db, { role: 'admin' });
  const course = await createCourse(t.db, { classes: 2 });
  const formation = await createFormationWithModules(t.db);
  const discount = await createDiscount(t.db, {
    targets: [{ itemType: 'course', itemId: course.id }],
  });
  const jwt = t.app.get(JwtService, { strict: false });
  ctx = {
    ids: [
      course.id,
      ...course.classes.map((c) => c.id),
      formation.id,
      ...formation.modules.flatMap((m) => [m.id, ...m.classes.map((c) => c.id)]),
      user.id,
      admin.id,
      discount.id,
    ],
    auth: [
      undefined,
      `Bearer ${await tokenFor(t, user)}`,
      `Bearer ${await tokenFor(t, admin)}`,
      'Bearer a.b.c',
      `Bearer ${await jwt.signAsync({ sub: 'not-a-uuid', role: 'admin' })}`,
      'Basic YWRtaW46YWRtaW4=',
    ],
  };
});
afterAll(async () => {
  await t?.close();
  const sorted = [...stats.durations].sort((a, b) => a - b);
  const pct = (p: number) => Math.round(sorted[Math.floor((sorted.length - 1) * p)] ?? 0);
  const summary = [
    `openapi fuzz: seed ${SEED}, ${SECONDS} s budget, ${stats.requests} requests over ${stats.byRoute.size} of ${routes?.length ?? 0} routes`,
    `statuses: ${[...stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ')}`,
    `latency ms: p50 ${pct(0.5)}, p99 ${pct(0.99)}, max ${Math.round(stats.slowest.ms)} (${stats.slowest.what})`,
    `problems: ${stats.problems.length}`,
    ...stats.problems.slice(0, 5).map((p) => `  ${p}`),
  ].join('\n');
  console.log(summary);
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${summary}\n`);
});

async function send(req: FuzzRequest): Promise<string | null> {
  const fastify = t.app.getHttpAdapter().getInstance();
  const start = performance.now();
  const res = await fastify.inject(req.inject);
  const ms = performance.now() - start;
  stats.requests++;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  stats.byRoute.set(routeKey(req.route), (stats.byRoute.get(routeKey(req.route)) ?? 0) + 1);
  stats.durations.push(ms);
  if (ms > stats.slowest.ms)
    stats.slowest = { ms, what: `${req.inject.method} ${req.inject.url.slice(0, 80)}` };
  const problem = problemOf(
    req,
    { statusCode: res.statusCode, headers: res.headers, body: res.body },
    ms,
    MAX_MS,
    check,
  );
  if (!problem) return null;
  const line = `${problem}\n  request: ${JSON.stringify(req.inject).slice(0, 600)}`;
  stats.problems.push(line);
  return line;
}

it('the document lists every route of the API', () => {
  expect(routes.length).toBeGreaterThan(80);
  for (const path of ['/api/auth/login', '/api/stripe/crear-payment-intent', '/api/courses/{id}'])
    expect(routes.map((r) => r.path)).toContain(path);
});

it('an answer off its documented schema, or of a status its operation does not list, is a problem', () => {
  const detail = routes.find((r) => r.method === 'GET' && r.path === '/api/courses/{id}')!;
  const [req] = fc.sample(requestOf(doc, detail, ctx), { seed: SEED, numRuns: 1 });
  const answer = (statusCode: number, body: unknown) =>
    problemOf(
      req,
      {
        statusCode,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
      },
      1,
      MAX_MS,
      check,
    );
  const notFound = { statusCode: 404, code: 'courses.not_found', message: 'Course not found' };
  expect(answer(404, notFound)).toBeNull();
  expect(answer(200, { id: 'c1', title: 'Aro' })).toMatch(/off its documented schema/);
  expect(answer(409, { ...notFound, statusCode: 409 })).toMatch(/does not list/);
});

it('every route answers a few generated requests without a problem', async () => {
  const problems: string[] = [];
  for (const route of routes) {
    for (const req of fc.sample(requestOf(doc, route, ctx), { seed: SEED, numRuns: 3 })) {
      const problem = await send(req);
      if (problem) problems.push(problem);
    }
  }
  expect(problems).toEqual([]);
});

it(`random hostile requests over every route for ${SECONDS} s: no 5xx, no slow answer, the documented shapes`, async () => {
  const anyRequest = fc.constantFrom(...routes).chain((route) => requestOf(doc, route, ctx));
  await fc.assert(
    fc.asyncProperty(anyRequest, async (req) => {
      const problem = await send(req);
      if (problem) throw new Error(problem);
    }),
    {
      seed: SEED,
      numRuns: Number.MAX_SAFE_INTEGER,
      interruptAfterTimeLimit: SECONDS * 1000,
      markInterruptAsFailure: false,
      endOnFailure: process.env.FUZZ_SHRINK === 'false',
    },
  );
  // a failure found just before the time limit is not always reported by an interrupted run
  expect(stats.problems).toEqual([]);
});
