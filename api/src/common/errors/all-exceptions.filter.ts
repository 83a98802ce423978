import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_ERRORS, type ApiErrorBody } from '@circo/shared-contracts';
import { AppError } from './app-error.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'common.bad_request',
  401: COMMON_ERRORS.unauthorized,
  403: COMMON_ERRORS.forbidden,
  404: COMMON_ERRORS.notFound,
  405: 'common.method_not_allowed',
  406: 'common.not_acceptable',
  409: 'common.conflict',
  413: 'common.payload_too_large',
  415: 'common.unsupported_media_type',
  429: COMMON_ERRORS.tooManyRequests,
};

function bodyFor(exception: unknown): ApiErrorBody {
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
    return { statusCode: status, code: CODE_BY_STATUS[status] ?? `http.${status}`, message };
  }
  // errors raised by Fastify itself (bad JSON, body too large, wrong content type) carry a 4xx
  const status = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      statusCode: status,
      code: CODE_BY_STATUS[status] ?? `http.${status}`,
      message: (exception as Error).message,
    };
  }
  return { statusCode: 500, code: COMMON_ERRORS.internal, message: 'Internal server error' };
}

/** Turns every failure into `{ statusCode, code, message, errors?, data? }`; no stack reaches a client. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = bodyFor(exception);
    // the request's own logger: the line carries its reqId
    if (body.statusCode >= 500) {
      const req = host.switchToHttp().getRequest<FastifyRequest>();
      req.log.error({ context: 'Errors', err: exception }, 'request failed');
    }
    void reply.status(body.statusCode).type('application/json').send(body);
  }
}
