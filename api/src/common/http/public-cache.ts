import { createHash } from 'node:crypto';
import {
  Injectable,
  Module,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import type { AuthUser } from '../../modules/auth/auth-user.js';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

// set on a reply whose answer the client already holds: the onSend hook turns it into a 304
const NOT_MODIFIED = Symbol('notModified');
type MarkedReply = FastifyReply & { [NOT_MODIFIED]?: boolean };
// the servers given the onSend hook (registerNotModifiedHook)
const hooked = new WeakSet<FastifyInstance>();
let hookInstalled = false;

/** A weak ETag of a JSON body: the body is what is compared, not its bytes on the wire (gzip). */
export function weakEtag(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Adds a field to the Vary header, keeping what CORS or compression already put there. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  void reply.header('Vary', [...fields, field].join(', '));
}

/** If-None-Match against an ETag with the weak comparison of RFC 9110 (a `*` matches anything). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Public catalogue answers: `Cache-Control: public, max-age=60`, a weak ETag of the JSON body and
 * a 304 for a matching If-None-Match. A caller with a valid token may get a different answer (an
 * admin sees hidden items, a buyer class content), so then `private, no-store` and no ETag.
 * Errors are not touched (the exception filter answers them without cache headers).
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const reply = http.getResponse<MarkedReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        // shared caches keep one copy per Authorization value (none for anonymous callers)
        appendVary(reply, 'Authorization');
        if (req.user) {
          void reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
          return body;
        }
        // serialised once here: the same string is hashed and sent
        const json = JSON.stringify(body) ?? 'null';
        const etag = weakEtag(json);
        void reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).header('ETag', etag);
        void reply.type('application/json; charset=utf-8');
        // (without the hook a 304 cannot be sent: then the full answer goes out)
        if (hookInstalled && etagMatches(req.headers['if-none-match'], etag)) {
          reply[NOT_MODIFIED] = true;
          return '';
        }
        return json;
      }),
    );
  }
}

/** Marks a controller (or one route) as a public, cacheable catalogue answer. */
export const PublicCache = () => UseInterceptors(PublicCacheInterceptor);

/**
 * Nest always writes the route's status (200) after the interceptors ran, so the 304 is set in a
 * Fastify onSend hook, registered once per server while the app initialises.
 */
export function registerNotModifiedHook(fastify: FastifyInstance): void {
  if (hooked.has(fastify)) return;
  hooked.add(fastify);
  hookInstalled = true;
  fastify.addHook('onSend', async (_req, reply: MarkedReply, payload) => {
    if (!reply[NOT_MODIFIED] || reply.statusCode !== 200) return payload;
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  });
}

/** Import into any module whose controllers use @PublicCache(): it installs the 304 hook. */
@Module({})
export class PublicCacheModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (instance) registerNotModifiedHook(instance);
  }
}
