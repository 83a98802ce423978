import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates/certificates.module.js';
import { InvoicingModule } from '../invoicing/invoicing.module.js';
import { PracticeClipsModule } from '../practice-clips/practice-clips.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountController } from './account.controller.js';
import { AccountRepository } from './account.repository.js';
import { AccountExportService } from './account-export.service.js';
import { AccountService } from './account.service.js';
import { DeletionConfirmationService } from './deletion-confirmation.service.js';

/** A student's own data: export and deletion. */
@Module({
  imports: [UsersModule, PracticeClipsModule, CertificatesModule, InvoicingModule],
  controllers: [AccountController],
  providers: [AccountRepository, AccountService, DeletionConfirmationService, AccountExportService],
})
export class AccountModule {}
