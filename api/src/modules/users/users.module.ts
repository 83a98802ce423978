import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { PurchasesModule } from '../purchases/purchases.module.js';
import { AccountCache } from './account-cache.js';
import { UsersController } from './users.controller.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [ProgressModule, PurchasesModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, PasswordHasher, AccountCache],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
