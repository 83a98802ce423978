// The project's hostile-input fuzzer: requests generated from the OpenAPI document
// (/api/docs-json) with fast-check, valid values from each schema first, then hostile variants of
// each; every answer is checked against what the document promises for its status (ajv). A
// failure is shrunk by fast-check to the smallest request that still fails.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { anyText, controlChar, loneSurrogate } from './fuzz.js';

// ---------------------------------------------------------------- the document

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Response>;
  security?: unknown[];
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path: /api/courses/{id} */
  path: string;
  params: Parameter[];
  body: Schema | null;
  /** The content types its body is documented with. */
  bodyTypes: string[];
  /** What the document promises for each status it lists. */
  responses: Record<string, Response>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document. */
export function routesOf(doc: OpenApiDoc): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const params = [...(op.parameters ?? [])];
      // a placeholder of the path the document does not describe is still a path parameter
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!params.some((p) => p.in === 'path' && p.name === name))
          params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
      routes.push({
        method: method.toUpperCase() as FuzzRoute['method'],
        path,
        params,
        body: content['application/json']?.schema ?? null,
        bodyTypes: Object.keys(content),
        responses: op.responses ?? {},
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------- values

/** Ids the fuzzer uses: rows that exist (so requests reach the deeper code) and unknown ones. */
export interface FuzzContext {
  ids: string[];
  /** Authorization headers: none, a student's, an admin's, broken ones. */
  auth: Array<string | undefined>;
}

/** Values no schema expects: the hostile half of every field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  controlChar,
  loneSurrogate,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e-9,
    0.004,
    99_999_999_999,
    9_007_199_254_740_992,
    -9_007_199_254_740_992,
    1e308,
    '99999999999',
    '9007199254740992',
    '1e400',
    'NaN',
    'Infinity',
    '-0',
    '',
    ' ',
    '0x10',
    '__proto__',
    'constructor',
    '../../../etc/passwd',
    '%00',
    '{{7*7}}',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    'Ω'.repeat(5000),
    '3F1C2A40-5B6D-4E7F-8A9B-0C1D2E3F4A5B',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.anything({ maxDepth: 3 }),
);

function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return s;
}

const uuidLike = (ctx: FuzzContext) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ctx.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...ctx.ids).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: fc.uuid() },
  );

/** A value of `schema` (valid as far as the schema says), or, now and then, a hostile one. */
export function valueOf(
  doc: OpenApiDoc,
  schema: Schema | undefined,
  ctx: FuzzContext,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: validValueOf(doc, schema, ctx, name, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function validValueOf(
  doc: OpenApiDoc,
  raw: Schema | undefined,
  ctx: FuzzContext,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (parts?.length) return fc.oneof(...parts.map((p) => validValueOf(doc, p, ctx, name, depth)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (depth > 4) return fc.constant(null);
  const isId = /(^_?id$|Id$|^ids?$)/.test(name) || schema.format === 'uuid';
  switch (schema.type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1e9),
        max: Math.min(schema.maximum ?? 100_000, 1e9),
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 200 }),
        fc.double({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? 200_000,
          noNaN: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(doc, schema.items, ctx, name.replace(/s$/, ''), depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
    case undefined:
      if (schema.properties) {
        const props = schema.properties;
        const required = new Set(schema.required ?? []);
        return fc
          .tuple(
            fc.record(
              Object.fromEntries(
                Object.entries(props).map(([k, v]) => [k, valueOf(doc, v, ctx, k, depth + 1)]),
              ),
              { requiredKeys: [...required].filter((k) => k in props) },
            ),
            // now and then a key the schema does not know
            fc.option(fc.tuple(fc.string({ maxLength: 20 }), hostileValue), { freq: 8 }),
          )
          .map(([obj, extra]) => (extra ? { ...obj, [extra[0]]: extra[1] } : obj));
      }
      if (schema.type === 'object')
        return fc.dictionary(fc.constantFrom('es', 'en', 'fr'), anyText);
      if (isId) return uuidLike(ctx);
      return fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean());
    case 'string':
    default:
      if (isId) return uuidLike(ctx);
      if (name === 'lang') return fc.constantFrom('es', 'en', 'fr');
      if (schema.format === 'email' || /email/i.test(name))
        return fc.constantFrom('ana@example.com', 'ADMIN@EXAMPLE.COM', 'x@y.z');
      if (/password/i.test(name)) return fc.constantFrom('Secret123', 'Contraseña1');
      if (/date/i.test(name))
        return fc.constantFrom('2030-01-01', '2020-02-30', new Date().toISOString());
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 200),
      });
  }
}

// ---------------------------------------------------------------- requests

export interface FuzzRequest {
  route: FuzzRoute;
  inject: InjectOptions & { url: string; method: FuzzRoute['method'] };
}

const encodeSegment = (v: unknown): string => {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x');
  try {
    return encodeURIComponent(s) || 'x';
  } catch {
    return 'x'; // a lone surrogate has no UTF-8 form
  }
};

function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A request to `route`: path and query from its parameters, a body from its schema, a token. */
export function requestOf(
  doc: OpenApiDoc,
  route: FuzzRoute,
  ctx: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const pathParams = route.params.filter((p) => p.in === 'path');
  const queryParams = route.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) => valueOf(doc, p.schema, ctx, p.name).map((v) => [p.name, v] as const)),
  );
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, valueOf(doc, p.schema, ctx, p.name)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const bodyArb: fc.Arbitrary<unknown> = !hasBody
    ? fc.constant(undefined)
    : route.body
      ? fc.oneof(
          { weight: 6, arbitrary: valueOf(doc, route.body, ctx, 'body') },
          { weight: 1, arbitrary: hostileValue },
        )
      : fc.option(hostileValue, { freq: 3 });
  const rawArb = fc.option(
    fc.constantFrom(
      '{"a":',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      `[${'['.repeat(40)}${']'.repeat(40)}]`,
      '\u0000',
      '{"a":1,"a":2}',
    ),
    { freq: 15 },
  );
  return fc
    .record({
      path: pathArb,
      query: queryArb,
      body: bodyArb,
      raw: rawArb,
      auth: fc.constantFrom(...ctx.auth),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    })
    .map(({ path, query, body, raw, auth, contentType }) => {
      let url = route.path;
      for (const [name, value] of path) url = url.replace(`{${name}}`, encodeSegment(value));
      url += queryString(query);
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      let payload: string | undefined;
      if (hasBody && (body !== undefined || raw !== null)) {
        headers['content-type'] = contentType;
        payload = raw ?? JSON.stringify(body) ?? 'null';
        if (contentType === 'application/x-www-form-urlencoded') payload = queryString({ body });
      }
      const request: FuzzRequest = {
        route,
        inject: { method: route.method, url, headers, payload },
      };
      // how fast-check prints a failing request: short enough to read
      const shown = () =>
        `${route.method} ${url.slice(0, 300)} ${JSON.stringify(headers)} ${(payload ?? '').slice(0, 500)}`;
      return Object.assign(request, { [fc.toStringMethod]: shown });
    });
}

export { answerCheckOf, problemOf, type AnswerCheck } from './openapi-verdicts.js';
