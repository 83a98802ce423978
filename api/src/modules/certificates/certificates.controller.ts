import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CertificateVerification, MyCertificate } from '@circo/shared-contracts';
import { LangQueryDto } from '../../common/dto/lang-query.dto.js';
import { sendPrivatePdf } from '../../common/http/private-pdf.js';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { CertificateCodeParams } from './dto/certificates.dto.js';
import { CertificatePdfService } from './certificate-pdf.service.js';
import { CertificatesService } from './certificates.service.js';

/** The student's certificates, and the public check of any certificate by its code. */
@ApiTags('certificates')
@Controller()
export class CertificatesController {
  constructor(
    private readonly certificates: CertificatesService,
    private readonly pdfs: CertificatePdfService,
  ) {}

  @Get('users/me/certificates')
  @Auth()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The caller's certificates of completion (revoked ones included)" })
  mine(@CurrentUser() user: AuthUser): Promise<MyCertificate[]> {
    return this.certificates.mine(user.id);
  }

  @Get('users/me/certificates/:id/pdf')
  @Auth()
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'certificates.not_found: not one of the caller’s' })
  @ApiOperation({ summary: "The caller's certificate as a PDF (404 for anyone else's)" })
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bytes, code } = await this.pdfs.pdfOf(user.id, id);
    sendPrivatePdf(reply, bytes, 'inline', `certificate-${code}.pdf`);
  }

  @Get('certificates/:code')
  @RateLimit('verify')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  @ApiNotFoundResponse({ description: 'certificates.not_found: no certificate has this code' })
  @ApiOperation({
    summary: 'Checks a certificate by its code: the name, title, date and whether it is valid',
  })
  verify(
    @Param() p: CertificateCodeParams,
    @Query() q: LangQueryDto,
  ): Promise<CertificateVerification> {
    return this.certificates.verify(p.code, q.lang ?? 'es');
  }
}
