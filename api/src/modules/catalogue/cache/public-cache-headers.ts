import type { IncomingHttpHeaders } from 'node:http';
import type { CachedAnswer, CatalogCacheService } from './catalog-cache.service.js';

// What the reply of a cached public answer carries, the same on each of the three paths that
// send one (the interceptor, the Fastify hooks, the server-level path): its caching headers, its
// ETag and the 304, its compressed body.

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const JSON_TYPE = 'application/json; charset=utf-8';
// what @fastify/compress leaves alone (app.factory registers it with this threshold)
export const COMPRESS_THRESHOLD = 1024;

/** Where a hit's headers go: a Fastify reply, or the plain headers of the server-level path. */
export interface HeaderSink {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/** Headers as a plain object (lower-case names), for `ServerResponse.writeHead`. */
export class HeaderBag implements HeaderSink {
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

/** Writes the headers of a public (anonymous) cached answer; true when a 304 is due. */
export function publicHeaders(
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
export function payloadFor(
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

/** Reply headers as strings (a number written as one). */
export const stringHeaders = (all: Record<string, unknown>): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(all)) {
    if (typeof value === 'number') out[name] = String(value);
    else if (value !== undefined) out[name] = value as string | string[];
  }
  return out;
};
