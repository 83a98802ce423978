import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class ProgressDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;
}
