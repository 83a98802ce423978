import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersRepository } from './reminders.repository.js';
import { RemindersService } from './reminders.service.js';

/** Access reminders by e-mail. */
@Module({
  imports: [MailModule, UsersModule],
  controllers: [RemindersController],
  providers: [RemindersRepository, RemindersService],
  exports: [RemindersService],
})
export class RemindersModule {}
