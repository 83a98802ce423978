import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LEARNING_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { MediaStorageService, type FileResponse } from './media-storage.service.js';
import type { Visibility } from './media-layout.js';

/** The publicId after `/api/files/<visibility>/` in the request's URL (query stripped), decoded. */
function publicIdOf(req: FastifyRequest, visibility: Visibility): string {
  const path = req.url.split('?')[0];
  const prefix = `/api/files/${visibility}/`;
  const raw = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

function send(reply: FastifyReply, file: FileResponse): void {
  void reply.status(file.statusCode).headers(file.headers);
  void reply.send(file.stream ?? '');
}

/**
 * Local storage files. Public ones (course images) as they are; private ones (class PDFs and
 * videos, and the downloadable copy of a Vimeo video, `vimeo/<id>.mp4`, streamed from Vimeo) only
 * through a link signed by MediaStorageService, until its expiry. Both stream with
 * HTTP ranges (a video seeks by asking for a byte range: 206 + Content-Range, 416 past the end).
 */
@ApiTags('media')
@Controller('files')
export class FilesController {
  constructor(private readonly storage: MediaStorageService) {}

  @Get('public/*')
  @ApiOperation({ summary: 'A public local file (images): GET /api/files/public/<publicId>' })
  async publicFile(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.storage.openFile(
      'public',
      publicIdOf(req, 'public'),
      req.headers.range,
    );
    send(reply, file);
  }

  @ApiForbiddenResponse({ description: 'media.link_invalid: the signed link is not valid' })
  @Get('private/*')
  @ApiOperation({
    summary:
      "A private file through a signed link: GET /api/files/private/<publicId>?exp=<unix>&sig=<hex> (403 media.link_invalid / media.link_expired); vimeo/<id>.mp4 is a Vimeo video's file, streamed from Vimeo",
  })
  async privateFile(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const publicId = publicIdOf(req, 'private');
    const query = req.query as Record<string, unknown>;
    const check = this.storage.checkLink(publicId, query.exp, query.sig);
    if (check === 'invalid') {
      throw new AppError(403, LEARNING_ERRORS.linkInvalid, 'This link is not valid');
    }
    if (check === 'expired') {
      throw new AppError(
        403,
        LEARNING_ERRORS.linkExpired,
        'This link has expired: ask for a new one',
      );
    }
    const file = await this.storage.openFile(
      'private',
      publicId,
      req.headers.range,
      req.method !== 'HEAD',
    );
    send(reply, file);
  }
}
