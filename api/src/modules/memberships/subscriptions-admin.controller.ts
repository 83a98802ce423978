import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AdminSubscription, MembershipStats } from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth } from '../auth/index.js';
import { AdminSubscriptionsQueryDto, MembershipStatsQueryDto } from './dto/stats-query.dto.js';
import { SubscriptionsAdminService } from './subscriptions-admin.service.js';

/** The coach's subscribers and the membership figures of the sales dashboard. */
@ApiTags('admin: memberships')
@Controller('admin/subscriptions')
@Auth('admin')
export class SubscriptionsAdminController {
  constructor(private readonly subscriptions: SubscriptionsAdminService) {}

  /** The subscribers (status, since, next renewal), newest first; `?userId=` for one student. */
  @Get()
  list(@Query() query: AdminSubscriptionsQueryDto): Promise<AdminSubscription[]> {
    return this.subscriptions.list(query.userId);
  }

  /** MRR and active subscriptions now; started and cancelled in [from, to) (30 days by default). */
  @Get('stats')
  stats(@Query() query: MembershipStatsQueryDto): Promise<MembershipStats> {
    return this.subscriptions.stats(query.from, query.to);
  }

  /** Cancels a student's subscription at the end of its period. */
  @ApiNotFoundResponse({ description: 'subscriptions.not_found: no such subscription' })
  @ApiConflictResponse({ description: 'subscriptions.not_cancelable: it has ended already' })
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id', UuidPipe) id: string): Promise<AdminSubscription> {
    return this.subscriptions.cancel(id);
  }

  /** Refunds the last period paid and ends the subscription (and its access) now. */
  @ApiNotFoundResponse({ description: 'subscriptions.not_found: no such subscription' })
  @ApiConflictResponse({
    description: 'subscriptions.nothing_to_refund: no paid period left to refund',
  })
  @Post(':id/refund')
  @HttpCode(200)
  refund(@Param('id', UuidPipe) id: string): Promise<AdminSubscription> {
    return this.subscriptions.refundLastPeriod(id);
  }
}
