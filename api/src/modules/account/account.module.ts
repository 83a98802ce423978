import { Module } from '@nestjs/common';
import { PracticeClipsModule } from '../practice-clips/practice-clips.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountController } from './account.controller.js';
import { AccountRepository } from './account.repository.js';
import { AccountService } from './account.service.js';

/** A student's own data: export and deletion. */
@Module({
  imports: [UsersModule, PracticeClipsModule],
  controllers: [AccountController],
  providers: [AccountRepository, AccountService],
})
export class AccountModule {}
