import { Module } from '@nestjs/common';
import { CoursesModule } from '../catalogue/courses/courses.module.js';
import { FormationsModule } from '../catalogue/formations/formations.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { ProgressModule } from '../progress/progress.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminCertificatesController } from './admin-certificates.controller.js';
import { CertificateCheckService } from './certificate-check.service.js';
import { CertificateMailService } from './certificate-mail.service.js';
import { CertificatePdfService } from './certificate-pdf.service.js';
import { CertificatesAdminService } from './certificates-admin.service.js';
import { CertificatesController } from './certificates.controller.js';
import { CertificatesRepository } from './certificates.repository.js';
import { CertificatesService } from './certificates.service.js';

/**
 * Certificates of completion: issued by a durable job once a student has completed an item,
 * verified by anyone through their code, managed by the coach (revoke, reissue, review queue).
 */
@Module({
  imports: [
    CoursesModule,
    FormationsModule,
    MailModule,
    PdfModule,
    ProgressModule,
    PurchasesModule,
    UsersModule,
  ],
  controllers: [CertificatesController, AdminCertificatesController],
  providers: [
    CertificatesRepository,
    CertificatesService,
    CertificateCheckService,
    CertificateMailService,
    CertificatePdfService,
    CertificatesAdminService,
  ],
  exports: [CertificatesService],
})
export class CertificatesModule {}
