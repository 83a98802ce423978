import { Body, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminDiscount } from '@circo/shared-contracts';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { DiscountAdminService } from './discount-admin.service.js';
import { DiscountBodyDto } from './dto/discount-body.dto.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin management of vouchers (admin spec section 7). The public list is GET /discounts/activos. */
@CatalogueAdminController('discounts', 'admin: vouchers')
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
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.discounts.remove(id);
  }
}
