import { Global, Module } from '@nestjs/common';
import { CatalogCacheService } from './catalog-cache.service.js';
import { CatalogVersionRepository } from './catalog-version.repository.js';

/**
 * The cache of public catalogue answers, one per instance. Any module that writes the catalogue
 * injects CatalogCacheService and calls `invalidate()` after the write commits (other instances
 * learn of it through the catalogue version within CATALOG_CACHE_POLL_MS).
 */
@Global()
@Module({
  providers: [CatalogVersionRepository, CatalogCacheService],
  exports: [CatalogCacheService],
})
export class CatalogCacheModule {}
