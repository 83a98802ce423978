import { Module } from '@nestjs/common';
import { PdfModule } from '../pdf/pdf.module.js';
import { UsersModule } from '../users/users.module.js';
import { BillingAdminController } from './billing-admin.controller.js';
import { BillingService } from './billing.service.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesService } from './invoices.service.js';
import { InvoicingRepository } from './invoicing.repository.js';
import { TaxReportsService } from './tax-reports.service.js';

/**
 * Invoices, credit notes and VAT by the buyer's country: the tax checkout quotes, the invoice of
 * every paid payment and the credit note of every refund (issued by the payments module in its
 * transactions), the buyer's invoices, the coach's billing settings and the accountant's reports.
 */
@Module({
  imports: [PdfModule, UsersModule],
  controllers: [InvoicesController, BillingAdminController],
  providers: [InvoicingRepository, BillingService, InvoicesService, TaxReportsService],
  exports: [BillingService, InvoicesService],
})
export class InvoicingModule {}
