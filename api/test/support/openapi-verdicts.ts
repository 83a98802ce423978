// The fuzzer's verdicts on an answer: what the OpenAPI document promises for its status (checked
// with ajv), and no stack trace or server path shown to a client.
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FuzzRequest, FuzzRoute, OpenApiDoc, Schema } from './openapi-fuzz.js';

// ---------------------------------------------------------------- verdicts

/** Lines of a JavaScript stack trace, or the file paths of one. */
const STACK = /\n\s+at [^\n]+:\d+:\d+|\(?\/[\w./-]+\.(?:ts|js|mjs):\d+:\d+|node_modules\//;

/** Checks an answer's body against the document: what is wrong with it, or null. */
export type AnswerCheck = (
  route: FuzzRoute,
  status: number,
  contentType: string,
  body: unknown,
) => string | null;

/**
 * OpenAPI 3.0's `nullable` beside `allOf`/`$ref` (no `type`), which ajv refuses, as the JSON
 * Schema it means: the schema, or null.
 */
function forAjv(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forAjv);
  if (!value || typeof value !== 'object') return value;
  const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forAjv(v)]));
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/**
 * The document's promises as a check: the status must be one the operation lists, the content
 * type one it lists for that status, and a JSON body valid against that status's schema.
 */
export function answerCheckOf(doc: OpenApiDoc): AnswerCheck {
  const ajv = new Ajv({ strict: false, allErrors: false });
  // a CommonJS module: its function is its `default`
  formats.default(ajv);
  ajv.addFormat('binary', true);
  // the operations' schemas point into the document's components
  ajv.addSchema({ $id: 'doc', components: forAjv(doc.components ?? {}) });
  const compiled = new Map<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema): ValidateFunction => {
    let v = compiled.get(schema);
    if (!v) {
      const rooted = JSON.parse(
        JSON.stringify(forAjv(schema)).replaceAll('"#/components/', '"doc#/components/'),
      ) as object;
      v = ajv.compile(rooted);
      compiled.set(schema, v);
    }
    return v;
  };
  return (route, status, contentType, body) => {
    const promised = route.responses[String(status)];
    if (!promised) {
      const listed = Object.keys(route.responses).join(', ');
      return `answered ${status}, which the document does not list (it lists ${listed})`;
    }
    if (!contentType || !promised.content) return null;
    const type = contentType.split(';')[0].trim();
    const media =
      promised.content[type] ??
      promised.content[`${type.split('/')[0]}/*`] ??
      promised.content['*/*'];
    if (!media) {
      const listed = Object.keys(promised.content).join(', ');
      return `answered ${status} as ${type}; the document lists ${listed}`;
    }
    if (type !== 'application/json' || !media.schema || body === undefined) return null;
    const validate = validatorOf(media.schema);
    if (validate(body)) return null;
    const [first] = validate.errors ?? [];
    return `answered ${status} off its documented schema: ${first?.instancePath || '(body)'} ${first?.message ?? ''} ${JSON.stringify(first?.params ?? {})}`;
  };
}

/**
 * What is wrong with an answer, or null: a 5xx, a slow answer, a stack trace in the body, an
 * error answer not in the API's error shape (or larger than a few KB), a status the document does
 * not list for the route, a body off the schema it documents, a JSON body that does not parse.
 */
export function problemOf(
  req: FuzzRequest,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ms: number,
  maxMs: number,
  check?: AnswerCheck,
): string | null {
  const { statusCode: status, body } = res;
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  if (ms > maxMs) return `answered after ${Math.round(ms)} ms (limit ${maxMs} ms)`;
  if (STACK.test(body)) return `a stack trace in the body: ${body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  const json = type.includes('application/json');
  let parsed: unknown;
  if (json && body.length > 0) {
    try {
      parsed = JSON.parse(body);
    } catch {
      return `a JSON answer that does not parse: ${body.slice(0, 200)}`;
    }
  }
  if (status >= 400) {
    if (!json) return `an error answer that is not JSON (${type})`;
    const e = parsed as Record<string, unknown> | null;
    if (
      !e ||
      e.statusCode !== status ||
      typeof e.code !== 'string' ||
      typeof e.message !== 'string' ||
      (e.errors !== undefined && !Array.isArray(e.errors))
    ) {
      return `an error answer not of the shape {statusCode, code, message}: ${body.slice(0, 300)}`;
    }
    if (Array.isArray(e.errors) && e.errors.length > 10)
      return `an error answer listing ${e.errors.length} problems`;
    if (body.length > 4096)
      return `an error answer (${status}) of ${body.length} bytes: ${body.slice(0, 200)}`;
  }
  return check?.(req.route, status, body.length > 0 ? type : '', parsed) ?? null;
}
