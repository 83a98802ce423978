import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** PUT /users/me/preferences */
export class PreferencesDto {
  @ApiProperty({ description: 'e-mails before access ends (30, 7, 1 days) and once it ended' })
  @IsBoolean({ message: 'reminders must be true or false' })
  reminders!: boolean;
}
