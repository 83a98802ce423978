import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminDiscount } from '@circo/shared-contracts';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { Auth } from '../../auth/index.js';
import { DiscountAdminService } from './discount-admin.service.js';
import { DiscountBodyDto } from './dto/discount-body.dto.js';
import { InvalidatesCatalog } from '../cache/invalidates-catalog.js';

/** Admin management of vouchers (admin spec section 7). The public list is GET /discounts/activos. */
@ApiTags('admin: vouchers')
@InvalidatesCatalog()
@Controller('discounts')
@Auth('admin')
export class DiscountsAdminController {
  constructor(private readonly discounts: DiscountAdminService) {}

  @Get()
  @ApiOperation({ summary: 'Every voucher, latest start first' })
  list(): Promise<AdminDiscount[]> {
    return this.discounts.list();
  }

  /** Creates a voucher. */
  @Post()
  create(@Body() body: DiscountBodyDto): Promise<AdminDiscount> {
    return this.discounts.create(body);
  }

  /** Updates a voucher. */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: DiscountBodyDto): Promise<AdminDiscount> {
    return this.discounts.update(id, body);
  }

  /** Deletes a voucher. */
  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.discounts.remove(id);
  }
}
