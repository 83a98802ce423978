import {
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { tap, type Observable } from 'rxjs';
import { CatalogCacheService } from './catalog-cache.service.js';

/** After a successful write through the controller, this instance's catalogue cache is emptied. */
@Injectable()
export class CatalogInvalidationInterceptor implements NestInterceptor {
  constructor(private readonly cache: CatalogCacheService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { method } = context.switchToHttp().getRequest<FastifyRequest>();
    if (method === 'GET' || method === 'HEAD') return next.handle();
    // the write has committed when the handler's answer comes back; other instances follow
    // within the version poll (the catalogue tables' triggers bumped it in the same transaction)
    return next.handle().pipe(tap(() => this.cache.invalidate()));
  }
}

/**
 * On an admin controller that writes the catalogue: every successful write empties the public
 * cache of this instance at once, so the teacher sees the change on the site on the next request.
 */
export const InvalidatesCatalog = () => UseInterceptors(CatalogInvalidationInterceptor);
