import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PresentialFormation } from '@circo/shared-contracts';
import { LangQueryDto } from '../../common/dto/lang-query.dto.js';
import { PublicCache } from '../../common/http/public-cache.js';
import { PresentialService } from './presential.service.js';

@ApiTags('presential')
@Controller('presential-formations')
@PublicCache()
export class PresentialController {
  constructor(private readonly presential: PresentialService) {}

  /** Upcoming in-person trainings, soonest first. */
  @Get('presencial')
  upcoming(@Query() query: LangQueryDto): Promise<PresentialFormation[]> {
    return this.presential.upcoming(query.lang);
  }
}
