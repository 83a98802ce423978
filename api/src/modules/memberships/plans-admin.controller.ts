import { Body, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminPlan, MoveSubscribersResponse } from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { CatalogueAdminController, DeleteById } from '../catalogue/index.js';
import { PlanBodyDto } from './dto/plan-body.dto.js';
import { PlansService } from './plans.service.js';
import { PriceMovesService } from './price-moves.service.js';

/** The coach's membership plans. The public list is GET /plans. */
@CatalogueAdminController('admin/plans', 'admin: memberships')
export class PlansAdminController {
  constructor(
    private readonly plans: PlansService,
    private readonly moves: PriceMovesService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every plan, withdrawn ones too, newest first, with its subscribers' })
  list(): Promise<AdminPlan[]> {
    return this.plans.listAll();
  }

  /** Creates a plan (400 common.validation_failed: Spanish name, price above zero, what it opens). */
  @Post()
  create(@Body() body: PlanBodyDto): Promise<AdminPlan> {
    return this.plans.create(body);
  }

  /** Updates a plan; a new price applies to new subscribers only. */
  @Put(':id')
  update(@Param('id', UuidPipe) id: string, @Body() body: PlanBodyDto): Promise<AdminPlan> {
    return this.plans.update(id, body);
  }

  /**
   * Tells every subscriber who renews at an older price that the plan's price applies from their
   * first renewal at least MEMBERSHIP_PRICE_NOTICE_DAYS away (an e-mail each).
   */
  @ApiConflictResponse({ description: 'plans.nothing_to_move: everyone pays the current price' })
  @Post(':id/move-subscribers')
  @HttpCode(200)
  moveSubscribers(@Param('id', UuidPipe) id: string): Promise<MoveSubscribersResponse> {
    return this.moves.move(id);
  }

  /** Deletes a plan nobody subscribed to. */
  @ApiConflictResponse({ description: 'plans.in_use: the plan has subscribers (withdraw it)' })
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.plans.remove(id);
  }
}
