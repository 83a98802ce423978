import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../catalogue/cache/public-cache.module.js';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';

@Module({
  imports: [PublicCacheModule],
  controllers: [SiteController],
  providers: [SiteService],
  exports: [SiteService],
})
export class SiteModule {}
