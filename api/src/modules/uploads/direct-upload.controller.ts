import { Controller, Inject, Post, Req } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { DirectUploadResponse } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DirectUploadsService } from './direct-uploads.service.js';
import { receiveUpload } from './received-file.js';
import { UploadsService } from './uploads.service.js';

/**
 * The local stand-in of Cloudinary's direct upload (no Cloudinary configured): like Cloudinary, no
 * bearer token; the signature POST /cloudinary/signature gave an admin is the authorisation.
 */
@ApiTags('uploads')
@Controller('files')
export class DirectUploadController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly direct: DirectUploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Signed direct upload (fields file, folder, public_id, timestamp, signature, api_key): {secure_url, public_id}; 401 uploads.signature_invalid',
  })
  async upload(@Req() req: FastifyRequest): Promise<DirectUploadResponse> {
    const u = this.config.uploads;
    const { file, fields } = await receiveUpload(
      req,
      this.config.dataDir,
      'file',
      (f) => this.direct.directKind(f),
      (kind) => this.uploads.maxBytes(kind),
      Math.max(u.maxImageBytes, u.maxPdfBytes),
    );
    return this.direct.directUpload(file, fields);
  }
}
