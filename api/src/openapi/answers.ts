import { STATUS_CODES } from 'node:http';
import type {
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger';
import generated from './answers.generated.json' with { type: 'json' };

/** How one route handler answers, as tools/openapi/answer-schemas.mjs read it from its type. */
export type GeneratedAnswer = {
  /** Its success status (@HttpCode, else 201 for POST, 200 for the rest). */
  status: number;
  /** The first sentence of its doc comment. */
  summary?: string;
} & (
  | { kind: 'json'; contentType: string; schema: SchemaObject | ReferenceObject }
  | { kind: 'text'; contentType: string }
  /** No body (204, or a 202/200 with nothing to say). */
  | { kind: 'empty' }
  /** The handler writes the answer itself: a file, a page, a redirect. */
  | { kind: 'file' }
);

export interface GeneratedAnswers {
  /** By operationId (`<Controller>_<method>`, Nest's default). */
  operations: Record<string, GeneratedAnswer>;
  schemas: Record<string, SchemaObject | ReferenceObject>;
}

/** The answers `npm run openapi:answers` read from the controllers' types (data, not code). */
const GENERATED_ANSWERS = generated as unknown as GeneratedAnswers;

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** What each error status means on any route that can answer it. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'The request is not valid: a parameter, the query or the body (`errors` lists the fields)',
  401: 'No valid bearer token',
  403: 'The caller may not do this',
  404: 'Nothing with this id (or not visible to the caller)',
  409: 'It conflicts with what the shop holds',
  413: 'The body is larger than the route accepts',
  414: 'A path parameter is longer than any id or name the API has',
  415: 'The body is not of a type the route accepts',
  429: 'Too many requests: retry after `Retry-After` seconds',
};

/**
 * Completes the document Nest writes from the controllers with what they answer: the success
 * body's schema (generated from the handler's declared type) and the error statuses, each in the
 * API's one error shape. The statuses every route of a kind can answer are added here (400 on any
 * request, 404 and 414 where the path names something, 409 on a delete, 413 and 415 where a body
 * is read); the ones a
 * route adds itself come from its decorators (`@Auth` 401/403, `@RateLimit` 429, `@ApiResponse`).
 */
export function describeAnswers(
  doc: OpenAPIObject,
  answers: GeneratedAnswers = GENERATED_ANSWERS,
): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ...answers.schemas };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) describeOperation(op, path, method, answers);
    }
  }
  return doc;
}

function describeOperation(
  op: OperationObject,
  path: string,
  method: (typeof METHODS)[number],
  answers: GeneratedAnswers,
): void {
  const answer = op.operationId ? answers.operations[op.operationId] : undefined;
  const responses = op.responses as Record<string, ResponseObject>;
  if (!op.summary && answer?.summary) op.summary = answer.summary;
  // Nest lists the success status only when the handler declares no other answer (@Auth does)
  if (answer && !Object.keys(responses).some((s) => s.startsWith('2')))
    responses[String(answer.status)] = { description: STATUS_CODES[answer.status] ?? '' };
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (code >= 200 && code < 300 && code !== 204 && answer) {
      const content = contentOf(answer);
      if (content) response.content = content;
      else if (answer.kind === 'empty') delete response.content;
    }
  }
  const errors = new Set<number>([400]);
  if (path.includes('{')) {
    errors.add(404);
    errors.add(414); // a path parameter longer than the router takes
  }
  // deleting what other rows still point at is a conflict (the error filter's common.in_use)
  if (method === 'delete') errors.add(409);
  if (op.requestBody || method === 'post' || method === 'put' || method === 'patch') {
    errors.add(413);
    errors.add(415);
  }
  for (const status of errors) responses[String(status)] ??= { description: '' };
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (code < 400) continue;
    response.description ||= ERROR_MEANINGS[code] ?? 'An error';
    response.content = { 'application/json': { schema: ERROR_REF } };
  }
}

function contentOf(answer: GeneratedAnswer): ResponseObject['content'] | undefined {
  switch (answer.kind) {
    case 'json':
      return { [answer.contentType]: { schema: answer.schema } };
    case 'text':
      return { [answer.contentType]: { schema: { type: 'string' } } };
    case 'file':
      return { '*/*': { schema: { type: 'string', format: 'binary' } } };
    case 'empty':
      return undefined;
  }
}
