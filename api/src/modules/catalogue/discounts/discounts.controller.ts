import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DiscountDto } from '@circo/shared-contracts';
import type { FastifyRequest } from 'fastify';
import { cacheAnswerUntil, PublicCache } from '../cache/public-cache.js';
import { DiscountsService } from './discounts.service.js';

@ApiTags('discounts')
@Controller('discounts')
@PublicCache()
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  /** Vouchers running now (200 [] when none). */
  @Get('activos')
  async active(@Req() req: FastifyRequest): Promise<DiscountDto[]> {
    const now = new Date();
    const [list, changes] = await Promise.all([
      this.discounts.active(now),
      this.discounts.nextChange(now),
    ]);
    if (changes) cacheAnswerUntil(req, changes);
    return list;
  }
}
