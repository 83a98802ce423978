import {
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { map, of, type Observable } from 'rxjs';
import type { AuthUser } from '../../auth/index.js';
import { CatalogCacheService, weakEtag, type CachedAnswer } from './catalog-cache.service.js';

import {
  appendVary,
  payloadFor,
  publicHeaders,
  PRIVATE_CACHE_CONTROL,
  stringHeaders,
} from './public-cache-headers.js';
import { createEarlyPath, type EarlyPath } from './public-cache-server.js';

// what the other modules and the app factory use of the three paths
export { weakEtag };
export {
  acceptedEncoding,
  appendVary,
  etagMatches,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from './public-cache-headers.js';
export {
  createEarlyPath,
  publicCacheServerFactory,
  type EarlyPath,
} from './public-cache-server.js';

// ETag/304 by hand rather than @fastify/etag: the ETag is hashed once
// per cached answer and a revalidation is a string comparison in onRequest, before routing,
// guards or the database, where @fastify/etag hashes every body in onSend. Measured on plain
// Fastify 5.12, 13 KiB JSON, autocannon 50 connections x 5 s, 2 cores, 2 runs each: @fastify/etag
// 6,135-6,235 req/s (200) and 9,615-14,674 (304); precomputed 7,965-19,694 (200) and
// 15,803-31,870 (304).

// set on a reply whose answer the client already holds: the onSend hook turns it into a 304
const NOT_MODIFIED = Symbol('notModified');
// set by a controller on the request: when its cached answer stops being valid
const EXPIRES_AT = Symbol('cacheExpiresAt');
const SKIP_KEY = 'public-cache:skip';
type MarkedReply = FastifyReply & { [NOT_MODIFIED]?: boolean };
type CachedRequest = FastifyRequest & { user?: AuthUser; [EXPIRES_AT]?: number };
// the servers given the hooks (registerPublicCacheHooks)
const hooked = new WeakSet<FastifyInstance>();
let hooksInstalled = false;

/**
 * The cached answer is valid until `at` (a voucher starts or ends, the day changes): call it from
 * the controller before returning. Without it an answer lives until the catalogue changes.
 */
export function cacheAnswerUntil(request: FastifyRequest, at: Date | number): void {
  const ms = typeof at === 'number' ? at : at.getTime();
  const req = request as CachedRequest;
  req[EXPIRES_AT] = Math.min(req[EXPIRES_AT] ?? Infinity, ms);
}

/**
 * Public catalogue answers (lists, details, vouchers, site content, search results), for callers
 * that are not admins: served from the CatalogCacheService (see there how it stays correct) with
 * `Cache-Control: public, max-age=60`, a weak ETag and a 304 for a matching If-None-Match. A hit
 * without an Authorization header is answered by an onRequest hook before routing; this
 * interceptor fills the cache and serves callers with a token. A logged-in caller gets the same
 * body with `private, no-store` and no ETag; an admin (who sees hidden items) is never cached.
 * Only for answers that are the same for every caller who is not an admin. Errors are not cached.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: CatalogCacheService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<CachedRequest>();
    const reply = http.getResponse<MarkedReply>();
    // shared caches keep one copy per Authorization value (none for anonymous callers)
    appendVary(reply, 'Authorization');
    const skip = this.reflector.get<boolean | undefined>(SKIP_KEY, context.getHandler());
    if (req.user?.role === 'admin' || (req.user && skip)) {
      void reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return next.handle();
    }
    const send = (answer: CachedAnswer) => {
      if (req.user) {
        void reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      } else if (publicHeaders(req, reply, answer) && hooksInstalled) {
        // (without the hook a 304 cannot be sent: then the full answer goes out)
        reply[NOT_MODIFIED] = true;
        return '';
      }
      return payloadFor(this.cache, req, reply, answer);
    };
    const key = req.url;
    const hit = skip ? undefined : this.cache.get(key);
    if (hit) return of(send(hit));
    const generation = this.cache.generation();
    return next.handle().pipe(
      map((body: unknown) => {
        // serialised once here: the same string is hashed, kept and sent
        const json = JSON.stringify(body) ?? 'null';
        return send(
          skip
            ? { body: Buffer.from(json), etag: weakEtag(json), expiresAt: 0, bytes: 0 }
            : this.cache.store(key, generation, json, req[EXPIRES_AT]),
        );
      }),
    );
  }
}

/** Marks a controller (or one route) as a public, cacheable catalogue answer. */
export const PublicCache = () => UseInterceptors(PublicCacheInterceptor);

/**
 * On a route of a @PublicCache() controller: the answer may depend on the caller (a buyer's class
 * content), so it is never kept in the cache; anonymous callers still get an ETag and 304s.
 */
export const NotCached = () => SetMetadata(SKIP_KEY, true);

/** Sends a cache hit from an onRequest hook: the 200 with its body, or the 304. */
function sendHit(
  cache: CatalogCacheService,
  req: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): void {
  if (publicHeaders(req, reply, answer)) void reply.code(304).send();
  else void reply.send(payloadFor(cache, req, reply, answer));
}

const earlyPaths = new WeakMap<FastifyInstance, EarlyPath>();

// on a request that the early hook let through: its headers at that point
const HEADERS_BEFORE = Symbol('headersBefore');
type EarlyRequest = FastifyRequest & { [HEADERS_BEFORE]?: Record<string, unknown> };

const headerSnapshot = (reply: FastifyReply): Record<string, unknown> => ({
  ...reply.getHeaders(),
});

/**
 * Answers cache hits of anonymous GETs ahead of Nest's middleware, helmet and compression: call
 * it on the Fastify instance right after the adapter is made, before NestFactory.create. It comes
 * after the adapter's own first hooks (the 503 while shutting down, CORS, the request-target
 * checks), so a hit carries the same CORS headers as any answer; the security headers that the
 * later hooks would add are written at once from a copy learnt from the first hit (see EarlyPath),
 * so a hit is the same status, headers and body as on the late path, for less work. Until that
 * first hit, or for a route with its own helmet options, it lets the request through.
 */
export function registerEarlyPublicCacheHook(
  fastify: FastifyInstance,
  early: EarlyPath = createEarlyPath(),
): void {
  if (earlyPaths.has(fastify)) return;
  earlyPaths.set(fastify, early);
  fastify.addHook('preClose', (done) => {
    early.closing = true;
    done();
  });
  fastify.addHook('onRequest', (req: EarlyRequest, reply, done) => {
    const cache = early.cache;
    if (!cache || req.method !== 'GET' || req.headers.authorization !== undefined) return done();
    const answer = cache.get(req.url);
    if (
      !answer ||
      early.headers === null ||
      (req.routeOptions.config as { helmet?: unknown }).helmet !== undefined
    ) {
      return done();
    }
    if (!early.headers) {
      req[HEADERS_BEFORE] = headerSnapshot(reply);
      return done();
    }
    const noOrigin = req.headers.origin === undefined;
    if (noOrigin && !early.serverBase) {
      early.serverBase = { ...stringHeaders(reply.getHeaders()), ...early.headers };
    }
    void reply.headers(early.headers);
    early.hits++;
    if (noOrigin) early.servedEarly.add(answer);
    sendHit(cache, req, reply, answer);
  });
}

/** How many cache hits the early hook and the server-level path answered on this server (tests, diagnostics). */
export function earlyCacheHits(fastify: FastifyInstance): number {
  return earlyPaths.get(fastify)?.hits ?? 0;
}

/** Of those, how many the server-level path answered. */
export function serverCacheHits(fastify: FastifyInstance): number {
  return earlyPaths.get(fastify)?.serverHits ?? 0;
}

/** On the first hit let through by the early hook: the headers the hooks in between added. */
function learnHeaders(early: EarlyPath, req: EarlyRequest, reply: FastifyReply): void {
  const before = req[HEADERS_BEFORE];
  if (!before || early.headers !== undefined) return;
  const added: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(stringHeaders(reply.getHeaders()))) {
    if (name in before) {
      // a header that was already there and changed: not something that can be replayed
      if (String(before[name]) !== String(value)) early.headers = null;
      continue;
    }
    added[name] = value;
  }
  if (early.headers === undefined) early.headers = added;
}

/**
 * Two Fastify hooks per server, registered while the app initialises: onRequest answers cache
 * hits of anonymous GETs before any routing, guard or database work (those the early hook let
 * through); onSend turns a reply marked by the interceptor into a 304 (Nest writes the route's
 * 200 after the interceptors ran).
 */
export function registerPublicCacheHooks(
  fastify: FastifyInstance,
  cache: CatalogCacheService,
): void {
  if (hooked.has(fastify)) return;
  hooked.add(fastify);
  hooksInstalled = true;
  const early = earlyPaths.get(fastify);
  if (early) early.cache = cache;
  fastify.addHook('onRequest', (req: EarlyRequest, reply, done) => {
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return done();
    const answer = cache.get(req.url);
    if (!answer) return done();
    if (early) learnHeaders(early, req, reply);
    sendHit(cache, req, reply, answer);
  });
  fastify.addHook('onSend', (_req, reply: MarkedReply, payload, done) => {
    if (!reply[NOT_MODIFIED] || reply.statusCode !== 200) return done(null, payload);
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    done(null, null);
  });
}
