import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { DIRECT_UPLOAD_FOLDERS, type DirectUploadFolder } from '@circo/shared-contracts';
import { URL_MAX } from '../../../common/dto/localized-fields.js';

/** POST /cloudinary/signature */
export class SignatureBodyDto {
  @ApiProperty({ enum: Object.keys(DIRECT_UPLOAD_FOLDERS) })
  @IsIn(Object.keys(DIRECT_UPLOAD_FOLDERS), {
    message: `folder must be one of ${Object.keys(DIRECT_UPLOAD_FOLDERS).join(', ')}`,
  })
  folder!: DirectUploadFolder;

  @ApiProperty({ description: 'unix seconds, within an hour of now' })
  @IsInt({ message: 'timestamp must be a whole number of seconds' })
  @Min(1, { message: 'timestamp must be a whole number of seconds' })
  timestamp!: number;
}

/** DELETE /cloudinary/delete */
export class DeleteFileBodyDto {
  @ApiProperty()
  @IsString({ message: 'public_id must be a text' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,299}$/, { message: 'public_id is not a valid id' })
  public_id!: string;

  @ApiPropertyOptional({ enum: ['image', 'raw', 'video'], default: 'raw' })
  @IsOptional()
  @IsIn(['image', 'raw', 'video'], { message: 'resource_type must be image, raw or video' })
  resource_type?: 'image' | 'raw' | 'video';
}

/** POST /upload/delete-video */
export class DeleteVideoBodyDto {
  @ApiProperty()
  @IsString({ message: 'videoUrl must be a text' })
  @MaxLength(URL_MAX, { message: `videoUrl must be at most ${URL_MAX} characters` })
  @Matches(/^(https:\/\/|\/api\/files\/)\S+$/, { message: 'videoUrl must be a video URL' })
  videoUrl!: string;
}
