import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { CanonicalId } from '../../../common/validators.js';

export class ProgressDto {
  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;
}
