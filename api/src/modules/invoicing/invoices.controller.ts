import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { MyBilling, MyInvoice } from '@circo/shared-contracts';
import { sendPrivatePdf } from '../../common/http/private-pdf.js';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { BillingService } from './billing.service.js';
import { InvoicesService } from './invoices.service.js';

/** The buyer's invoices and credit notes, and the billing details the cart prefills. */
@ApiTags('invoices')
@Controller('users/me')
@Auth()
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly billing: BillingService,
  ) {}

  @Get('invoices')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "The caller's invoices and credit notes, newest first" })
  mine(@CurrentUser() user: AuthUser): Promise<MyInvoice[]> {
    return this.invoices.mine(user.id);
  }

  @Get('invoices/:id/pdf')
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'invoices.not_found: not one of the caller’s' })
  @ApiOperation({ summary: "The caller's invoice or credit note as a PDF (404 for anyone else's)" })
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id', UuidPipe) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { bytes, number } = await this.invoices.pdfOf(user.id, id);
    sendPrivatePdf(reply, bytes, 'attachment', `${number}.pdf`);
  }

  @Get('billing')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'The billing details the caller gave last (the cart prefills them)' })
  myBilling(@CurrentUser() user: AuthUser): Promise<MyBilling> {
    return this.billing.mine(user.id);
  }
}
