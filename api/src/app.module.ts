import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { CatalogCacheModule } from './modules/catalogue/cache/catalog-cache.module.js';
import { SearchIndexModule } from './modules/catalogue/search/search-index.module.js';
import { TransactionsModule } from './database/transactions.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { RateLimitGuard } from './common/rate-limit/rate-limit.js';
import { RateLimitModule } from './common/rate-limit/rate-limit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { DiagnosticsModule } from './modules/diagnostics/diagnostics.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { SiteModule } from './modules/site/site.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { CoursesModule } from './modules/catalogue/courses/courses.module.js';
import { FormationsModule } from './modules/catalogue/formations/formations.module.js';
import { ClassesModule } from './modules/catalogue/classes/classes.module.js';
import { PresentialModule } from './modules/catalogue/presential/presential.module.js';
import { DiscountsModule } from './modules/catalogue/discounts/discounts.module.js';
import { SearchModule } from './modules/catalogue/search/search.module.js';
import { PurchasesModule } from './modules/purchases/purchases.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { LearningModule } from './modules/learning/learning.module.js';
import { PracticeModule } from './modules/practice/practice.module.js';
import { PracticeClipsModule } from './modules/practice-clips/practice-clips.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { InsightsModule } from './modules/insights/insights.module.js';
import { RemindersModule } from './modules/reminders/reminders.module.js';
import { AccountModule } from './modules/account/account.module.js';
import { CertificatesModule } from './modules/certificates/certificates.module.js';
import { MembershipsModule } from './modules/memberships/memberships.module.js';
import { InvoicingModule } from './modules/invoicing/invoicing.module.js';
import { prepareDatabase } from './demo/prepare.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        RateLimitModule,
        DatabaseModule.forRoot(config, (handle, logger) => prepareDatabase(handle, config, logger)),
        TransactionsModule,
        JobsModule,
        PurchasesModule,
        CatalogCacheModule,
        SearchIndexModule,
        MailModule,
        HealthModule,
        DiagnosticsModule,
        SiteModule,
        UsersModule,
        AuthModule,
        CoursesModule,
        FormationsModule,
        ClassesModule,
        PresentialModule,
        DiscountsModule,
        SearchModule,
        PaymentsModule,
        MediaModule,
        LearningModule,
        PracticeModule,
        PracticeClipsModule,
        InsightsModule,
        RemindersModule,
        AccountModule,
        CertificatesModule,
        MembershipsModule,
        InvoicingModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
