import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, made cheap: by default it writes two info lines per request
 * ("incoming request", "request completed"), which under load cost more than a cached answer.
 * Here a 5xx is logged as an error, a request slower than `slowMs` as a warning, and every request
 * (and unknown route) only at debug level. Lines come from the request's logger, so each carries
 * the reqId (taken from X-Request-Id when a proxy sets one).
 */
export class RequestLogController extends LogController {
  private readonly everyRequest: boolean;
  private readonly slowMs: number;

  constructor(opts: { slowMs: number; level: string }) {
    super({});
    this.slowMs = opts.slowMs;
    this.everyRequest = opts.level === 'debug' || opts.level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (error || status >= 500) {
      reply.log.error({ res: reply, err: error, responseTime: ms }, 'request failed');
    } else if (ms >= this.slowMs) {
      reply.log.warn({ res: reply, responseTime: ms }, 'slow request');
    } else if (this.everyRequest) {
      reply.log.debug({ res: reply, responseTime: ms }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.everyRequest) request.log.debug(`Route ${request.method}:${request.url} not found`);
  }

  override defaultErrorLog(
    error: Error & { statusCode?: number },
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if ((error?.statusCode ?? reply.statusCode) >= 500) {
      reply.log.error({ req: request, res: reply, err: error }, error?.message);
    } else if (this.everyRequest) {
      reply.log.debug({ res: reply, err: error }, error?.message);
    }
  }
}
