import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LEARNING_ERRORS } from '@circo/shared-contracts';
import { AppError, notFound } from '../../common/errors/app-error.js';
import { StampedPdfService } from '../media/index.js';
import { UsersService } from '../users/index.js';

const PREFIX = '/api/files/stamped/';

/** The publicId after `/api/files/stamped/` in the request's URL (query stripped), decoded. */
function publicIdOf(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  const raw = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/**
 * A student's copy of a class PDF, every page stamped with their name, e-mail and the date, through
 * the signed link GET /cloudinary/privado/... answered them (the browser opens it without a token).
 */
@ApiTags('private media')
@Controller('files')
export class StampedFilesController {
  constructor(
    private readonly stamped: StampedPdfService,
    private readonly users: UsersService,
  ) {}

  @ApiForbiddenResponse({ description: 'media.link_invalid / media.link_expired' })
  @Get('stamped/*')
  @ApiOperation({
    summary:
      "A student's stamped copy of a class PDF: GET /api/files/stamped/<publicId>?u=<userId>&exp=<unix>&sig=<hex>",
  })
  async stampedFile(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const publicId = publicIdOf(req);
    const q = req.query as Record<string, unknown>;
    const check = this.stamped.check(publicId, q.u, q.exp, q.sig);
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
    const userId = q.u as string;
    const student = await this.users.findAuthAccount(userId);
    if (!student) throw notFound(LEARNING_ERRORS.fileNotFound, 'File not found');
    const name = [student.name, student.surname].filter(Boolean).join(' ');
    const file = await this.stamped.open(
      publicId,
      userId,
      (date) => `${name} · ${student.email} · ${date}`,
      req.headers.range,
    );
    void reply.status(file.statusCode).headers(file.headers);
    void reply.send(file.body ?? '');
  }
}
