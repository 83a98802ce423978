import { rm } from 'node:fs/promises';
import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  HttpCode,
  Inject,
  Post,
  Req,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  COMMON_ERRORS,
  type SignatureResponse,
  type UploadedFileResponse,
  type UploadedVideoResponse,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { badRequest } from '../../common/errors/app-error.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import {
  DeleteFileBodyDto,
  DeleteVideoBodyDto,
  SignatureBodyDto,
} from './dto/upload-bodies.dto.js';
import { receiveUpload, type UploadKind } from './received-file.js';
import { DirectUploadsService } from './direct-uploads.service.js';
import { UploadsService } from './uploads.service.js';
import { AccountRateLimit } from '../../common/rate-limit/rate-limit.js';

const CHECKS =
  'multipart/form-data; the bytes are checked (415 uploads.wrong_type), the size too (413 uploads.too_large, data.maxBytes)';

/** A multipart upload (beside its @Post): rate-limited per account, its summary ending with the checks. */
function MultipartUpload(summary: string) {
  return applyDecorators(
    AccountRateLimit('upload'),
    ApiConsumes('multipart/form-data'),
    ApiOperation({ summary: `${summary} ${CHECKS}` }),
  );
}

/** A deletion of an uploaded file or video (beside its route and 204): 404 when unknown, 409 while a record uses it. */
function UploadDeletion(what: 'file' | 'video', summary: string) {
  return applyDecorators(
    AccountRateLimit('upload'),
    ApiNotFoundResponse({ description: `uploads.not_found: no such uploaded ${what}` }),
    ApiConflictResponse({ description: `uploads.in_use: a record still uses the ${what}` }),
    ApiOperation({ summary }),
  );
}

/** Text fields of the video uploads: short, no control characters. */
function textField(fields: Record<string, string>, name: string, max: number): string | undefined {
  const v = fields[name]?.trim();
  if (!v) return undefined;
  // eslint-disable-next-line no-control-regex
  if (v.length > max || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v)) {
    throw badRequest(
      COMMON_ERRORS.validation,
      `${name} must be a text of at most ${max} characters`,
      name,
    );
  }
  return v;
}

/** The admin upload calls of admin.md section 7 (the GET ones are in the learning module). */
@ApiTags('uploads')
@Controller()
@Auth('admin')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly direct: DirectUploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private receive(req: FastifyRequest, field: string, kind: UploadKind) {
    return receiveUpload(req, this.config.dataDir, field, kind, this.uploads.maxBytes(kind));
  }

  @Post('cloudinary/signature')
  @AccountRateLimit('upload')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Signs a direct upload of {folder, public_id, timestamp}: post the file with those fields, signature and api_key to upload_url',
  })
  signature(
    @Body() body: SignatureBodyDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SignatureResponse> {
    return this.direct.sign(body.folder, body.timestamp, user.id);
  }

  @Post('cloudinary/upload-pdf-publico')
  @MultipartUpload('A public PDF (field "pdf"): answers {url, public_id}.')
  pdfPublic(
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<UploadedFileResponse> {
    return this.file(req, 'pdf', 'pdf', false, user);
  }

  @Post('cloudinary/upload-pdf-privado')
  @MultipartUpload(
    'A private class PDF (field "pdf"), served only through signed links: {url, public_id}.',
  )
  pdfPrivate(
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<UploadedFileResponse> {
    return this.file(req, 'pdf', 'pdf', true, user);
  }

  @Post('cloudinary/upload-imagen-curso')
  @MultipartUpload('A course or formation image (field "file"): {url, public_id}.')
  courseImage(
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<UploadedFileResponse> {
    return this.file(req, 'file', 'image', false, user);
  }

  @Delete('cloudinary/delete')
  @HttpCode(204)
  @UploadDeletion(
    'file',
    'Deletes an uploaded file (404 uploads.not_found; 409 uploads.in_use while a record uses it)',
  )
  async deleteFile(@Body() body: DeleteFileBodyDto): Promise<void> {
    await this.uploads.deleteFile(body.public_id);
  }

  @Post('upload/video-promocional')
  @MultipartUpload(
    'A presentation video (fields file, title, description): {url, public_id, videoId, status}.',
  )
  videoPromo(
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<UploadedVideoResponse> {
    return this.video(req, false, user);
  }

  @Post('upload/video-privado')
  @MultipartUpload(
    'A private class video (fields file, title, description): {url, public_id, videoId, status}.',
  )
  videoPrivate(
    @Req() req: FastifyRequest,
    @CurrentUser() user: AuthUser,
  ): Promise<UploadedVideoResponse> {
    return this.video(req, true, user);
  }

  @Post('upload/delete-video')
  @HttpCode(204)
  @UploadDeletion(
    'video',
    'Deletes an uploaded video by its URL; a failure on Vimeo is logged and the local record goes anyway',
  )
  async deleteVideo(@Body() body: DeleteVideoBodyDto): Promise<void> {
    await this.uploads.deleteVideo(body.videoUrl);
  }

  private async file(
    req: FastifyRequest,
    field: 'pdf' | 'file',
    kind: 'pdf' | 'image',
    isPrivate: boolean,
    user: AuthUser,
  ): Promise<UploadedFileResponse> {
    const { file } = await this.receive(req, field, kind);
    return this.uploads.storeFile(file, kind, isPrivate, user.id);
  }

  private async video(
    req: FastifyRequest,
    isPrivate: boolean,
    user: AuthUser,
  ): Promise<UploadedVideoResponse> {
    const { file, fields } = await this.receive(req, 'file', 'video');
    try {
      const meta = {
        title: textField(fields, 'title', 200),
        description: textField(fields, 'description', 5000),
      };
      return await this.uploads.storeVideo(file, isPrivate, meta, user.id);
    } finally {
      // storeVideo removes it; a refused text field must not leave it behind
      await rm(file.tmpPath, { force: true });
    }
  }
}
