import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../cache/public-cache.module.js';
import { PresentialAdminController } from './presential-admin.controller.js';
import { PresentialAdminService } from './presential-admin.service.js';
import { PresentialController } from './presential.controller.js';
import { PresentialRepository } from './presential.repository.js';
import { PresentialService } from './presential.service.js';

@Module({
  imports: [PublicCacheModule],
  controllers: [PresentialAdminController, PresentialController],
  providers: [PresentialRepository, PresentialService, PresentialAdminService],
  exports: [PresentialService],
})
export class PresentialModule {}
