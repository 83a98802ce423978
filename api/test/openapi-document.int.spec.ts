// The API's contract in its OpenAPI document (/api/docs-json): every operation says what it
// answers, success and errors, and a client generated from the document by openapi-typescript
// type-checks against the types the handlers declare (most of them shared-contracts types, the
// ones the front ends use). The answer schemas come from tools/openapi/answer-schemas.mjs: when a
// route or an answer type changed, `npm run openapi:answers` brings them up to date.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp, type TestApp } from './support/test-app.js';
import type { OpenApiDoc } from './support/openapi-fuzz.js';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'circo-openapi-client-'));

let t: TestApp;
let doc: OpenApiDoc;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.getHttpAdapter().getInstance().inject('/api/docs-json');
  doc = res.json<OpenApiDoc>();
});
afterAll(async () => {
  await t?.close();
  rmSync(outDir, { recursive: true, force: true });
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ path, method, op: item[method] }] : [])),
  );

it('every operation has a summary and its success answer with its body', () => {
  const missing: string[] = [];
  for (const { path, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    if (!op.summary?.trim()) missing.push(`${where}: no summary`);
    const ok = Object.entries(op.responses ?? {}).filter(([s]) => s.startsWith('2'));
    if (ok.length === 0) missing.push(`${where}: no success status`);
    for (const [status, response] of ok) {
      const empty = status === '204' || !response.content;
      // an answer without a body must be a handler typed `void` (204, or a 202 beside one)
      if (empty && status !== '204' && !ok.some(([s]) => s === '204'))
        missing.push(`${where}: ${status} without a body schema`);
      for (const [type, media] of Object.entries(response.content ?? {}))
        if (!media.schema) missing.push(`${where}: ${status} ${type} without a schema`);
    }
  }
  expect(missing).toEqual([]);
  expect(operations().length).toBeGreaterThan(100);
});

it('every operation lists its error statuses, each in the one error shape', () => {
  const wrong: string[] = [];
  for (const { path, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${path}`;
    const errors = Object.entries(op.responses ?? {}).filter(([s]) => Number(s) >= 400);
    const statuses = errors.map(([s]) => Number(s));
    if (!statuses.includes(400)) wrong.push(`${where}: no 400`);
    if (op.security?.length && !statuses.includes(401)) wrong.push(`${where}: guarded, no 401`);
    if (path.includes('{') && !statuses.includes(404)) wrong.push(`${where}: no 404`);
    if (op.requestBody && !(statuses.includes(413) && statuses.includes(415)))
      wrong.push(`${where}: a body, no 413/415`);
    for (const [status, response] of errors) {
      const schema = response.content?.['application/json']?.schema;
      if (schema?.$ref !== '#/components/schemas/ApiError')
        wrong.push(`${where}: ${status} not in the error shape`);
    }
  }
  expect(wrong).toEqual([]);
  // the one error shape, from shared-contracts' ApiErrorBody
  const body = doc.components?.schemas?.ApiErrorBody;
  expect([...(body?.required ?? [])].sort()).toEqual(['code', 'message', 'statusCode']);
  expect(Object.keys(body?.properties ?? {})).toEqual(
    expect.arrayContaining(['statusCode', 'code', 'message', 'errors']),
  );
});

it('the admin, rate-limited and guarded routes list 403, 429 and 401', () => {
  const responses = (path: string, method: (typeof METHODS)[number]) =>
    Object.keys(doc.paths[path]?.[method]?.responses ?? {});
  expect(responses('/api/courses/admin', 'get')).toEqual(expect.arrayContaining(['401', '403']));
  expect(responses('/api/auth/login', 'post')).toEqual(expect.arrayContaining(['200', '429']));
  expect(responses('/api/auth/perfil', 'get')).toContain('401');
  expect(responses('/api/auth/perfil', 'get')).not.toContain('403');
});

/** Where each controller class is declared (files move; the class names are the operationIds'). */
function controllerFiles(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
        for (const [, name] of readFileSync(file, 'utf8').matchAll(
          /export class (\w+Controller)\b/g,
        ))
          found.set(name, file);
    }
  };
  walk(join(apiDir, 'src'));
  return found;
}

/**
 * A file that asserts, operation by operation, that the generated client's answer type and the
 * handler's declared answer type are the same type (each assignable to the other).
 */
function sameTypesCheck(schemaModule: string): string {
  const files = controllerFiles();
  const imports = new Map<string, string>();
  const lines: string[] = [];
  for (const { op } of operations()) {
    const [controller, handler] = (op.operationId ?? '').split('_');
    const ok = Object.entries(op.responses ?? {}).find(
      ([s, r]) => s.startsWith('2') && r.content?.['application/json'],
    );
    if (!ok || !controller || !handler) continue;
    const file = files.get(controller);
    if (!file) throw new Error(`no file declares ${controller}`);
    imports.set(controller, relative(outDir, file).replace(/\.ts$/, '.js'));
    // one line per operation: a type error names the operation it is on
    lines.push(
      `export const ${op.operationId}: Same<operations['${op.operationId}']['responses'][${ok[0]}]['content']['application/json'], Awaited<ReturnType<${controller}['${handler}']>>> = true;`,
    );
  }
  return [
    `import type { operations } from './${schemaModule}.js';`,
    ...[...imports].map(([name, from]) => `import type { ${name} } from '${from}';`),
    // compared as JSON carries them: no `undefined` (a key that is absent), no methods
    'type Json<T> = T extends (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<Exclude<T[K], undefined>> } : T;',
    'type Same<A, B> = [Json<A>] extends [Json<Exclude<B, undefined>>] ? ([Json<Exclude<B, undefined>>] extends [Json<A>] ? true : false) : false;',
    ...lines,
  ].join('\n');
}

/** How the front ends read answers (shared-web's `getJson<T>(path)`), typed by the client. */
const FRONT_END_USE = `
import type { AdminCourse, CourseDetail, CourseSummary, ApiErrorBody, SalesStats,
  StudentsPage, MyItemsResponse, SiteContent } from '@circo/shared-contracts';
import type { paths } from './client.js';

type Json<P extends keyof paths, S extends number> = paths[P] extends {
  get: { responses: { [K in S]: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;
declare function getJson<P extends keyof paths>(path: P): Promise<Json<P, 200>>;
declare function errorOf<P extends keyof paths>(path: P): Json<P, 404>;

export async function frontEnd(): Promise<void> {
  const catalogue: CourseSummary[] = await getJson('/api/courses/visible');
  const course: CourseDetail = await getJson('/api/courses/{id}');
  const admin: AdminCourse[] = await getJson('/api/courses/admin');
  const sales: SalesStats = await getJson('/api/admin/stats/sales');
  const students: StudentsPage = await getJson('/api/admin/students');
  const mine: MyItemsResponse = await getJson('/api/learning/my-items');
  const site: SiteContent = await getJson('/api/content');
  const missing: ApiErrorBody = errorOf('/api/courses/{id}');
  void [catalogue, course, admin, sales, students, mine, site, missing];
}
`;

/** The client generated from the document, the same client drifted, and the checks against them. */
async function writeClientChecks(): Promise<string[]> {
  const write = (name: string, text: string) => {
    writeFileSync(join(outDir, name), text);
    return join(outDir, name);
  };
  write('client.ts', astToString(await openapiTS(doc as never)));
  // the same client from a document where one answer no longer matches its type: the check
  // must catch it (a field the type requires, gone from the schema)
  const drifted = structuredClone(doc);
  const detail = drifted.components?.schemas?.CourseDetail;
  detail!.required = detail!.required?.filter((k) => k !== 'title');
  write('drifted.ts', astToString(await openapiTS(drifted as never)));
  return [
    write('same-types.ts', sameTypesCheck('client')),
    write('front-end.ts', FRONT_END_USE),
    write('same-types-drifted.ts', sameTypesCheck('drifted')),
  ];
}

interface Compiled {
  /** Whether api/src/openapi/answers.generated.json is what the handlers' types give today. */
  answersUpToDate: boolean;
  /** Type errors of the checks, as `file:line code: message` lines. */
  typeErrors: string[];
}

/**
 * What the compiler says, for the two tests below: one process (support/openapi-compile.mjs) that
 * parses the API's sources and its libraries' types once for the answer schemas and for the
 * checks.
 */
let compiled: Promise<Compiled> | undefined;
function compile(): Promise<Compiled> {
  compiled ??= writeClientChecks().then(async (files) => {
    const child = spawn(
      process.execPath,
      [join(apiDir, 'test', 'support', 'openapi-compile.mjs'), outDir, ...files],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) throw new Error(`openapi-compile.mjs exited ${code}:\n${err}`);
    return JSON.parse(out) as Compiled;
  });
  return compiled;
}

it('a client generated from the document type-checks against the handlers and the front ends', async () => {
  const errors = (await compile()).typeErrors;
  expect(errors.filter((e) => !e.startsWith('same-types-drifted.ts'))).toEqual([]);
  const drift = errors.filter((e) => e.startsWith('same-types-drifted.ts'));
  expect(drift.map((e) => /export const (\w+)/.exec(e)?.[1])).toEqual(['CoursesController_detail']);
}, 180_000);

it('the committed answer schemas are what the handlers declare today', async () => {
  // on failure: `npm run openapi:answers` writes them again
  expect((await compile()).answersUpToDate).toBe(true);
}, 180_000);
