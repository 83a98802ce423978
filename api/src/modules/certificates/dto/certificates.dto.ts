import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { CERTIFICATE_LIMITS, ITEM_TYPES, type ItemType } from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

/** GET /certificates/{code}: a code of 10 to 40 letters and digits (others are 404 anyway). */
export class CertificateCodeParams {
  @ApiProperty({ example: '7K3M9QX2HV4D' })
  @IsString()
  @Matches(/^[A-Za-z0-9]{10,40}$/, { message: 'code must be 10 to 40 letters or digits' })
  code: string;
}

/** GET /admin/certificates: one item's, one student's, or the review queue. */
export class AdminCertificatesQuery {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @IsOptional()
  @IsIn(ITEM_TYPES, { message: 'itemType must be course or formation' })
  itemType?: ItemType;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'itemId must be a valid id' })
  itemId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @CanonicalId()
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId?: string;

  @ApiPropertyOptional({ enum: ['pending'], description: 'only the ones waiting for review' })
  @IsOptional()
  @IsIn(['pending'], { message: 'status must be pending' })
  status?: 'pending';
}

/** DELETE /admin/certificates/{id}: why (optional, shown to the coach only). */
export class RevokeCertificateDto {
  @ApiPropertyOptional({ maxLength: CERTIFICATE_LIMITS.reason })
  @IsOptional()
  @IsString()
  @MaxLength(CERTIFICATE_LIMITS.reason)
  reason?: string;
}

/** POST /admin/certificates/{id}/approve|decline: the coach's note (optional). */
export class ReviewCertificateDto {
  @ApiPropertyOptional({ maxLength: CERTIFICATE_LIMITS.note })
  @IsOptional()
  @IsString()
  @MaxLength(CERTIFICATE_LIMITS.note)
  note?: string;
}

export class ItemRefParams {
  @ApiProperty({ enum: ITEM_TYPES })
  @IsIn(ITEM_TYPES, { message: 'itemType must be course or formation' })
  itemType: ItemType;

  @ApiProperty({ format: 'uuid' })
  @CanonicalId()
  @IsUUID('all', { message: 'itemId must be a valid id' })
  itemId: string;
}

export class ReviewSettingDto {
  @ApiProperty()
  @IsBoolean({ message: 'review must be true or false' })
  review: boolean;
}

export class CertificateSettingsDto {
  @ApiProperty({ maxLength: CERTIFICATE_LIMITS.coachName })
  @IsString()
  @MaxLength(CERTIFICATE_LIMITS.coachName)
  coachName: string;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'a PNG or JPEG data URL (200 KB at most), or null for none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(300_000)
  signature: string | null;
}
