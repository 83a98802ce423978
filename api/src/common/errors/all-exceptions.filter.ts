import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_ERRORS, httpErrorCode, type ApiErrorBody } from '@circo/shared-contracts';
import { asConstraintViolation, isDatabaseUnavailable } from '../../database/db-errors.js';
import { AppError } from './app-error.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: COMMON_ERRORS.badRequest,
  401: COMMON_ERRORS.unauthorized,
  403: COMMON_ERRORS.forbidden,
  404: COMMON_ERRORS.notFound,
  405: COMMON_ERRORS.methodNotAllowed,
  406: COMMON_ERRORS.notAcceptable,
  409: COMMON_ERRORS.conflict,
  413: COMMON_ERRORS.payloadTooLarge,
  415: COMMON_ERRORS.unsupportedMediaType,
  429: COMMON_ERRORS.tooManyRequests,
};

/** The error shape (and status) for anything a handler threw. */
export function bodyFor(exception: unknown): ApiErrorBody {
  if (exception instanceof AppError) return exception.toBody();
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    const message =
      typeof res === 'string'
        ? res
        : Array.isArray((res as { message?: unknown }).message)
          ? (res as { message: string[] }).message.join('; ')
          : String((res as { message?: unknown }).message ?? exception.message);
    return { statusCode: status, code: CODE_BY_STATUS[status] ?? httpErrorCode(status), message };
  }
  // errors raised by Fastify itself (bad JSON, body too large, wrong content type) carry a 4xx
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      statusCode: status,
      code: CODE_BY_STATUS[status] ?? httpErrorCode(status),
      message: (exception as Error).message,
    };
  }
  // a reference a repository did not map itself: deleting what others still point at (a course
  // with buyers) is a conflict with the current state; pointing at what does not exist, a 404
  const violation = asConstraintViolation(exception);
  if (violation?.kind === 'foreign_key') {
    const stillReferenced =
      violation.code === '23001' || /still referenced/.test(violation.detail ?? '');
    return stillReferenced
      ? {
          statusCode: 409,
          code: COMMON_ERRORS.inUse,
          message:
            'This cannot be changed or deleted because other records depend on it (for example, a course that has buyers)',
        }
      : {
          statusCode: 404,
          code: COMMON_ERRORS.notFound,
          message: 'A referenced record does not exist',
        };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      statusCode: 503,
      code: COMMON_ERRORS.serviceUnavailable,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    };
  }
  return { statusCode: 500, code: COMMON_ERRORS.internal, message: 'Internal server error' };
}

/** Longest message (and field name) an error answer carries: some echo what the client sent. */
const MAX_TEXT = 300;
/** Most problems an error answer lists. */
const MAX_ERRORS = 10;
const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The answer's size bounded, whatever the client sent (a URL of 10 KB in "Cannot GET ..."). */
export function bounded(body: ApiErrorBody): ApiErrorBody {
  const out: ApiErrorBody = { ...body, message: cut(body.message) };
  if (body.errors) {
    out.errors = body.errors
      .slice(0, MAX_ERRORS)
      .map((e) => ({ ...e, field: cut(e.field), message: cut(e.message) }));
  }
  return out;
}

/** Turns every failure into `{ statusCode, code, message, errors?, data? }`; no stack reaches a client. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = bounded(bodyFor(exception));
    // the request's own logger: the line carries its reqId
    if (body.statusCode >= 500) {
      const req = host.switchToHttp().getRequest<FastifyRequest>();
      req.log.error({ context: 'Errors', err: exception }, 'request failed');
    }
    if (body.statusCode === 503) {
      // a busy answer says when to come back; an outage, in a few seconds
      const after = Number(body.data?.retryAfterSeconds);
      void reply.header(
        'Retry-After',
        String(Number.isSafeInteger(after) && after > 0 ? after : 5),
      );
    }
    void reply.status(body.statusCode).type('application/json').send(body);
  }
}
