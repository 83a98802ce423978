import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { CachedAnswer, CatalogCacheService } from './catalog-cache.service.js';
import {
  acceptedEncoding,
  COMPRESS_THRESHOLD,
  etagMatches,
  HeaderBag,
  payloadFor,
  publicHeaders,
} from './public-cache-headers.js';

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

/** The state the early hook and the server-level path share; one per server. */
export function createEarlyPath(): EarlyPath {
  return { servedEarly: new WeakSet(), closing: false, hits: 0, serverHits: 0 };
}

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
