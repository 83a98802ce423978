import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PublicPlan } from '@circo/shared-contracts';
import { LangQueryDto } from '../../common/dto/lang-query.dto.js';
import { PublicCache } from '../catalogue/index.js';
import { PlansService } from './plans.service.js';

@ApiTags('memberships')
@Controller('plans')
@PublicCache()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  /** The active membership plans, cheapest first, with what each opens, in the language. */
  @Get()
  list(@Query() query: LangQueryDto): Promise<PublicPlan[]> {
    return this.plans.listActive(query.lang);
  }
}
