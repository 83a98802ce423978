import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';

/** DELETE /users/me: without a token it e-mails one; with the e-mailed token it deletes. */
export class DeleteAccountDto {
  @ApiPropertyOptional({ description: 'the token of the confirmation e-mail' })
  @IsOptional()
  @IsString()
  @MaxLength(400)
  token?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'language of the confirmation e-mail' })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Lang;
}
