import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { IsInstant } from '../../../common/date-fields.js';
import { CanonicalId } from '../../../common/validators.js';

/** GET /admin/subscriptions/stats: the period the started and cancelled counts cover. */
export class MembershipStatsQueryDto {
  @ApiPropertyOptional({ description: 'start (ISO); 30 days ago by default' })
  @IsOptional()
  @IsInstant()
  from?: string;

  @ApiPropertyOptional({ description: 'end, excluded (ISO); now by default' })
  @IsOptional()
  @IsInstant()
  to?: string;
}

/** GET /admin/subscriptions: one student's, or everyone's. */
export class AdminSubscriptionsQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId?: string;
}
