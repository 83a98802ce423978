import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PresentialFormation } from '@circo/shared-contracts';
import { LangQueryDto } from '../../../common/dto/lang-query.dto.js';
import type { FastifyRequest } from 'fastify';
import { cacheAnswerUntil, PublicCache } from '../cache/public-cache.js';
import { PresentialService } from './presential.service.js';

@ApiTags('presential')
@Controller('presential-formations')
@PublicCache()
export class PresentialController {
  constructor(private readonly presential: PresentialService) {}

  /** Upcoming in-person trainings, soonest first. */
  @Get('presencial')
  upcoming(
    @Query() query: LangQueryDto,
    @Req() req: FastifyRequest,
  ): Promise<PresentialFormation[]> {
    const now = new Date();
    // "upcoming" is counted in UTC days: the answer changes at the next UTC midnight
    cacheAnswerUntil(req, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    return this.presential.upcoming(query.lang, now);
  }
}
