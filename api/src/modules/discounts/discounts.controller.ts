import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DiscountDto } from '@circo/shared-contracts';
import { PublicCache } from '../../common/http/public-cache.js';
import { DiscountsService } from './discounts.service.js';

@ApiTags('discounts')
@Controller('discounts')
@PublicCache()
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  /** Vouchers running now (200 [] when none). */
  @Get('activos')
  active(): Promise<DiscountDto[]> {
    return this.discounts.active();
  }
}
