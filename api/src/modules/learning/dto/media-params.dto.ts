import { Type } from 'class-transformer';
import { IsIn, IsInt, IsUUID, Matches, Max, Min } from 'class-validator';
import { LANGUAGES, MEDIA_INDEX_MAX, type Lang } from '@circo/shared-contracts';
import { CanonicalId } from '../../../common/validators.js';

/** /{classId}/{index}/{lang} of the private-media routes. */
export class MediaParamsDto {
  @CanonicalId()
  @IsUUID('all', { message: 'classId must be a valid id' })
  classId: string;

  @Type(() => Number)
  @IsInt({ message: 'index must be a whole number' })
  @Min(0, { message: 'index must be 0 or more' })
  @Max(MEDIA_INDEX_MAX, { message: `index must be at most ${MEDIA_INDEX_MAX}` })
  index: number;

  @IsIn(LANGUAGES, { message: 'lang must be one of es, en, fr' })
  lang: Lang;
}

/** /upload/video-status/{videoId}: a Vimeo numeric id or an uploaded asset's id. */
export class VideoStatusParamsDto {
  @Matches(/^(\d{1,15}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
    message: 'videoId must be a Vimeo id or a video id',
  })
  videoId: string;
}
