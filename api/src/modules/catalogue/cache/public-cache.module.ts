import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { CatalogCacheService } from './catalog-cache.service.js';
import { registerPublicCacheHooks } from './public-cache.js';

/** Import into any module whose controllers use @PublicCache(): it installs the hooks. */
@Module({})
export class PublicCacheModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: CatalogCacheService,
  ) {}

  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (instance) registerPublicCacheHooks(instance, this.cache);
  }
}
