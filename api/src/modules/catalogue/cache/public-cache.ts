import {
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { map, of, type Observable } from 'rxjs';
import type { AuthUser } from '../../auth/index.js';
import { CatalogCacheService, weakEtag, type CachedAnswer } from './catalog-cache.service.js';

export { weakEtag };

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
const JSON_TYPE = 'application/json; charset=utf-8';
// what @fastify/compress leaves alone (app.factory registers it with this threshold)
const COMPRESS_THRESHOLD = 1024;

// ETag/304 by hand rather than @fastify/etag (issue 7 asked to measure): the ETag is hashed once
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

/** Where a hit's headers go: a Fastify reply, or the plain headers of the server-level path. */
interface HeaderSink {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/** Headers as a plain object (lower-case names), for `ServerResponse.writeHead`. */
class HeaderBag implements HeaderSink {
  readonly headers: Record<string, string | string[]>;
  constructor(base: Record<string, string | string[]>) {
    this.headers = { ...base };
  }
  getHeader(name: string): unknown {
    return this.headers[name.toLowerCase()];
  }
  header(name: string, value: string): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
}

/** Adds a field to the Vary header, keeping what CORS or compression already put there. */
export function appendVary(reply: HeaderSink, field: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    void reply.header('Vary', field);
    return;
  }
  const fields = (Array.isArray(current) ? current.join(',') : String(current))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  void reply.header('Vary', [...fields, field].join(', '));
}

/** If-None-Match against an ETag with the weak comparison of RFC 9110 (a `*` matches anything). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** br or gzip when the client takes it (a `q=0` refuses), else null. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  let gzip = false;
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/**
 * The cached answer is valid until `at` (a voucher starts or ends, the day changes): call it from
 * the controller before returning. Without it an answer lives until the catalogue changes.
 */
export function cacheAnswerUntil(request: FastifyRequest, at: Date | number): void {
  const ms = typeof at === 'number' ? at : at.getTime();
  const req = request as CachedRequest;
  req[EXPIRES_AT] = Math.min(req[EXPIRES_AT] ?? Infinity, ms);
}

/** Writes the headers of a public (anonymous) cached answer; true when a 304 is due. */
function publicHeaders(
  req: { headers: IncomingHttpHeaders },
  reply: HeaderSink,
  answer: CachedAnswer,
): boolean {
  appendVary(reply, 'Authorization');
  reply.header('Cache-Control', PUBLIC_CACHE_CONTROL);
  reply.header('ETag', answer.etag);
  return etagMatches(req.headers['if-none-match'], answer.etag);
}

/** The body to send for a cached answer: precompressed once when the client takes br or gzip. */
function payloadFor(
  cache: CatalogCacheService,
  req: { headers: IncomingHttpHeaders },
  reply: HeaderSink,
  answer: CachedAnswer,
): Buffer {
  reply.header('Content-Type', JSON_TYPE);
  if (answer.body.length < COMPRESS_THRESHOLD) return answer.body;
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  appendVary(reply, 'Accept-Encoding');
  if (!encoding) return answer.body;
  reply.header('Content-Encoding', encoding);
  return cache.compressed(answer, encoding);
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

/**
 * The early hit path of one server (registerEarlyPublicCacheHook): the cache once Nest made it,
 * and the headers that the onRequest hooks between the early and the late hook write on every
 * reply (helmet's security headers), learnt from the first hit that took the late path.
 */
export interface EarlyPath {
  cache?: CatalogCacheService;
  /** undefined: not learnt yet; null: those hooks wrote something request-dependent, never early. */
  headers?: Record<string, string | string[]> | null;
  /**
   * For the server-level path: the headers a hit without an Origin carries before the cache's own
   * (those the first hooks wrote, as CORS's `Vary: Origin`, and `headers`), learnt from the early
   * hook's first such hit.
   */
  serverBase?: Record<string, string | string[]>;
  /** the answers the early hook sent (so their route's own options allowed it): the server path's */
  servedEarly: WeakSet<CachedAnswer>;
  /** the server is closing: every request goes to Fastify (which answers 503) */
  closing: boolean;
  hits: number;
  serverHits: number;
}
const earlyPaths = new WeakMap<FastifyInstance, EarlyPath>();

/** The state the early hook and the server-level path share; one per server. */
export function createEarlyPath(): EarlyPath {
  return { servedEarly: new WeakSet(), closing: false, hits: 0, serverHits: 0 };
}

const stringHeaders = (all: Record<string, unknown>): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(all)) {
    if (typeof value === 'number') out[name] = String(value);
    else if (value !== undefined) out[name] = value as string | string[];
  }
  return out;
};

/**
 * The server-level hit path: a Fastify `serverFactory` whose Node request handler answers a
 * repeated cache hit of an anonymous GET without an Origin itself, before Fastify builds its
 * request, reply and child logger, runs its hooks and routes (measured: a course's detail cost
 * ~48 µs of CPU through the early hook against ~31 µs for a bare Nest route; the hook's work was
 * mostly Fastify's reply and header handling). Only an answer the early hook already sent is
 * answered here, with the headers it learnt, so both paths send the same status, headers and
 * body (api/test/catalog/catalog-cache.int.spec.ts compares them); anything else, and every
 * request once the server is closing, goes on to Fastify.
 */
export function publicCacheServerFactory(early: EarlyPath) {
  return (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    opts: Record<string, unknown>,
  ): Server => {
    const server = createServer((req, res) => {
      if (!answerAtServer(early, req, res)) handler(req, res);
    });
    // what Fastify sets on a server it makes itself (it sets nothing on a factory's): without
    // it, Node's 5 s keep-alive would close idle connections that clients (browsers, proxies,
    // API clients) reuse later, and a request sent as one closes fails with ECONNRESET
    const n = (key: string, fallback: number) =>
      typeof opts[key] === 'number' ? (opts[key] as number) : fallback;
    server.keepAliveTimeout = n('keepAliveTimeout', FASTIFY_KEEP_ALIVE_MS);
    server.requestTimeout = n('requestTimeout', 0);
    server.setTimeout(n('connectionTimeout', 0));
    const perSocket = n('maxRequestsPerSocket', 0);
    if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}

/** Fastify's default keep-alive timeout (its options hand it to the factory). */
const FASTIFY_KEEP_ALIVE_MS = 72_000;

function answerAtServer(early: EarlyPath, req: IncomingMessage, res: ServerResponse): boolean {
  const { cache, serverBase } = early;
  if (
    !cache ||
    !serverBase ||
    early.closing ||
    req.method !== 'GET' ||
    req.headers.authorization !== undefined ||
    req.headers.origin !== undefined
  ) {
    return false;
  }
  const answer = cache.get(req.url ?? '');
  if (!answer || !early.servedEarly.has(answer)) return false;
  early.hits++;
  early.serverHits++;
  const reply = serverReply(cache, serverBase, req, answer);
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
  return true;
}

/** A hit's whole reply at the server level: status, headers (a flat name, value list) and body. */
interface ServerReply {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}
// per answer, by what in the request changes the reply (a 304 or not, the encoding): made once
const serverReplies = new WeakMap<CachedAnswer, Map<string, ServerReply>>();

function serverReply(
  cache: CatalogCacheService,
  base: Record<string, string | string[]>,
  req: IncomingMessage,
  answer: CachedAnswer,
): ServerReply {
  const notModified = etagMatches(req.headers['if-none-match'], answer.etag);
  const encoding =
    answer.body.length < COMPRESS_THRESHOLD
      ? null
      : acceptedEncoding(req.headers['accept-encoding']);
  const key = `${notModified ? 304 : 200}${encoding ?? ''}`;
  let replies = serverReplies.get(answer);
  if (!replies) serverReplies.set(answer, (replies = new Map()));
  const made = replies.get(key);
  if (made) return made;
  // the same functions as the other paths, on plain headers
  const bag = new HeaderBag(base);
  let reply: ServerReply;
  if (publicHeaders(req, bag, answer)) {
    reply = { status: 304, headers: [], body: undefined };
  } else {
    const body = payloadFor(cache, req, bag, answer);
    bag.header('Content-Length', String(body.length));
    reply = { status: 200, headers: [], body };
  }
  for (const [name, value] of Object.entries(bag.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) reply.headers.push(name, v);
  }
  replies.set(key, reply);
  return reply;
}
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
