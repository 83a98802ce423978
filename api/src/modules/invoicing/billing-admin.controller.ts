import { Body, Controller, Get, Header, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { BillingSettings, TaxReport } from '@circo/shared-contracts';
import { Auth } from '../auth/index.js';
import { BillingService } from './billing.service.js';
import {
  BillingSettingsDto,
  InvoicesExportQueryDto,
  TaxReportQueryDto,
} from './dto/invoicing.dto.js';
import { TaxReportsService } from './tax-reports.service.js';

/** The coach's billing settings and the accountant's reports. */
@ApiTags('admin: invoices')
@Controller('admin')
@Auth('admin')
export class BillingAdminController {
  constructor(
    private readonly billing: BillingService,
    private readonly reports: TaxReportsService,
  ) {}

  @Get('billing/settings')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Who sells, the invoice series, how VAT is applied, the EUR rates' })
  settings(): Promise<BillingSettings> {
    return this.billing.settings();
  }

  @Put('billing/settings')
  @ApiOperation({ summary: 'Sets the billing settings (every field)' })
  setSettings(@Body() body: BillingSettingsDto): Promise<BillingSettings> {
    return this.billing.setSettings(body);
  }

  @Get('tax/report')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'The VAT invoiced in a period by country and rate, in EUR (the OSS return); format=csv for a spreadsheet',
  })
  async taxReport(
    @Query() q: TaxReportQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TaxReport | string> {
    const report = await this.reports.report(q.from, q.to);
    if (q.format !== 'csv') return report;
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header('Content-Disposition', `attachment; filename="iva-${q.from}-${q.to}.csv"`);
    return this.reports.reportCsv(report, q.lang);
  }

  @Get('invoices')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('text/csv', 'application/zip')
  @ApiOperation({
    summary: 'Every invoice and credit note of a period: CSV, or format=zip for their PDFs',
  })
  async invoices(@Query() q: InvoicesExportQueryDto, @Res() reply: FastifyReply): Promise<void> {
    if (q.format === 'zip') {
      const zip = await this.reports.invoicesZip(q.from, q.to);
      void reply.status(200).headers({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="facturas-${q.from}-${q.to}.zip"`,
        'Cache-Control': 'private, no-store',
      });
      void reply.send(Buffer.from(zip));
      return;
    }
    const csv = await this.reports.invoicesCsv(q.from, q.to, q.lang);
    void reply.status(200).headers({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="facturas-${q.from}-${q.to}.csv"`,
      'Cache-Control': 'private, no-store',
    });
    void reply.send(csv);
  }
}
