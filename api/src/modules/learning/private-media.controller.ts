import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  PrivateMediaResponse,
  PrivateVideoResponse,
  VideoStatusResponse,
} from '@circo/shared-contracts';
import { viewerOf } from '../catalogue/index.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { MediaParamsDto, VideoStatusParamsDto } from './dto/media-params.dto.js';
import { PrivateMediaService } from './private-media.service.js';

const RULES =
  'Admins and buyers with active access only, in a language where the class is visible. Answers {url}: a short-lived signed link.';

/** The spec's private-media paths (storefront.md section 7). */
@ApiTags('private media')
@Controller()
@Auth()
export class PrivateMediaController {
  constructor(private readonly media: PrivateMediaService) {}

  @ApiForbiddenResponse({ description: 'No active access, or the class is hidden in the language' })
  @Get('cloudinary/privado/:classId/:index/:lang')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: `The PDF pdfs[index] of a formation class. ${RULES}` })
  formationPdf(
    @Param() p: MediaParamsDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PrivateMediaResponse> {
    return this.media.pdf('formation', p.classId.toLowerCase(), p.index, p.lang, viewerOf(user));
  }

  @ApiForbiddenResponse({ description: 'No active access, or the class is hidden in the language' })
  @Get('cloudinary/pdf-curso-privado/:classId/:index/:lang')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: `The PDF pdfs[index] of a course class. ${RULES}` })
  coursePdf(
    @Param() p: MediaParamsDto,
    @CurrentUser() user: AuthUser,
  ): Promise<PrivateMediaResponse> {
    return this.media.pdf('course', p.classId.toLowerCase(), p.index, p.lang, viewerOf(user));
  }

  @ApiForbiddenResponse({ description: 'No active access, or the class is hidden in the language' })
  @Get('upload/video/:classId/:index/:lang')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: `The video videos[index] of a course or formation class, with its provider, id and status. ${RULES}`,
  })
  video(@Param() p: MediaParamsDto, @CurrentUser() user: AuthUser): Promise<PrivateVideoResponse> {
    return this.media.video(p.classId.toLowerCase(), p.index, p.lang, viewerOf(user));
  }

  @Get('upload/video-status/:videoId')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Processing status of a video: "available" when ready, else "processing" or "error"',
  })
  videoStatus(@Param() p: VideoStatusParamsDto): Promise<VideoStatusResponse> {
    return this.media.videoStatus(p.videoId.toLowerCase());
  }
}
