import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type {
  AdminCertificate,
  CertificateReviewSetting,
  CertificateSettings,
} from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth } from '../auth/index.js';
import { CertificatesAdminService } from './certificates-admin.service.js';
import {
  AdminCertificatesQuery,
  CertificateSettingsDto,
  ItemRefParams,
  RevokeCertificateDto,
  ReviewCertificateDto,
  ReviewSettingDto,
} from './dto/certificates.dto.js';

@ApiTags('admin: certificates')
@Controller('admin/certificates')
@Auth('admin')
export class AdminCertificatesController {
  constructor(private readonly admin: CertificatesAdminService) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'Certificates of an item (itemType, itemId), of a student (userId), or waiting for review (status=pending), newest first (500 at most)',
  })
  list(@Query() q: AdminCertificatesQuery): Promise<AdminCertificate[]> {
    return this.admin.list({
      itemType: q.itemType,
      itemId: q.itemId,
      userId: q.userId,
      pending: q.status === 'pending',
    });
  }

  @Get('settings')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The coach's name and signature printed on every certificate" })
  settings(): Promise<CertificateSettings> {
    return this.admin.settings();
  }

  @Put('settings')
  @ApiOperation({ summary: "Sets the coach's name and signature image (PNG or JPEG, 200 KB)" })
  setSettings(@Body() body: CertificateSettingsDto): Promise<CertificateSettings> {
    return this.admin.setSettings({ coachName: body.coachName, signature: body.signature ?? null });
  }

  @Get('review/:itemType/:itemId')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "Whether an item's certificates wait for the coach's review" })
  reviewSetting(@Param() p: ItemRefParams): Promise<CertificateReviewSetting> {
    return this.admin.reviewSetting(p.itemType, p.itemId);
  }

  @Put('review/:itemType/:itemId')
  @ApiOperation({ summary: "Turns the review of an item's certificates on or off" })
  setReview(
    @Param() p: ItemRefParams,
    @Body() body: ReviewSettingDto,
  ): Promise<CertificateReviewSetting> {
    return this.admin.setReview(p.itemType, p.itemId, body.review);
  }

  @ApiConflictResponse({ description: 'certificates.already_revoked: not a valid certificate' })
  @Delete(':id')
  @ApiOperation({
    summary: 'Revokes a certificate, with an optional reason: its page says revoked',
  })
  revoke(
    @Param('id', UuidPipe) id: string,
    @Body() body: RevokeCertificateDto,
  ): Promise<AdminCertificate> {
    return this.admin.revoke(id, body?.reason ?? null);
  }

  @ApiConflictResponse({ description: 'certificates.already_revoked: the student has a valid one' })
  @Post(':id/reissue')
  @HttpCode(201)
  @ApiOperation({ summary: 'Issues a new certificate (new code, today) in place of a revoked one' })
  reissue(@Param('id', UuidPipe) id: string): Promise<AdminCertificate> {
    return this.admin.reissue(id);
  }

  @ApiConflictResponse({ description: 'certificates.not_pending: not waiting for review' })
  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approves a certificate waiting for review: it is issued and e-mailed' })
  approve(
    @Param('id', UuidPipe) id: string,
    @Body() body: ReviewCertificateDto,
  ): Promise<AdminCertificate> {
    return this.admin.review(id, true, body?.note ?? null);
  }

  @ApiConflictResponse({ description: 'certificates.not_pending: not waiting for review' })
  @Post(':id/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Declines a certificate waiting for review, with a note' })
  decline(
    @Param('id', UuidPipe) id: string,
    @Body() body: ReviewCertificateDto,
  ): Promise<AdminCertificate> {
    return this.admin.review(id, false, body?.note ?? null);
  }
}
