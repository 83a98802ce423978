import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../../common/http/public-cache.js';
import { PresentialController } from './presential.controller.js';
import { PresentialRepository } from './presential.repository.js';
import { PresentialService } from './presential.service.js';

@Module({
  imports: [PublicCacheModule],
  controllers: [PresentialController],
  providers: [PresentialRepository, PresentialService],
  exports: [PresentialService],
})
export class PresentialModule {}
