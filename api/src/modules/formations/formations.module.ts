import { Module } from '@nestjs/common';
import { PublicCacheModule } from '../../common/http/public-cache.js';
import { FormationsController } from './formations.controller.js';
import { FormationsRepository } from './formations.repository.js';
import { FormationsService } from './formations.service.js';
import { ModulesController } from './modules.controller.js';

@Module({
  imports: [PublicCacheModule],
  controllers: [FormationsController, ModulesController],
  providers: [FormationsRepository, FormationsService],
  exports: [FormationsService],
})
export class FormationsModule {}
