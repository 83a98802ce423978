import { Controller, Get, Header, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { REMINDERS_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { OptOutQueryDto } from './dto/opt-out-query.dto.js';
import { optOutPage } from './reminder-mail.js';
import { RemindersService } from './reminders.service.js';

const badLink = () =>
  new AppError(400, REMINDERS_ERRORS.badLink, 'This link is not valid (it may be incomplete)');

/** The link in every reminder that stops them (GET from a mail reader, POST one-click). */
@ApiTags('reminders')
@Controller('reminders')
export class RemindersController {
  constructor(
    private readonly reminders: RemindersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('opt-out')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Stops the access reminders of the account the signed link names' })
  async optOutPage(@Query() q: OptOutQueryDto): Promise<string> {
    if (!(await this.reminders.optOut(q.u, q.s))) throw badLink();
    return optOutPage(q.lang ?? 'es', `${this.config.publicUrl}/mis-cursos`);
  }

  /** RFC 8058 one-click unsubscribe (List-Unsubscribe-Post). */
  @Post('opt-out')
  @HttpCode(200)
  async optOutOneClick(@Query() q: OptOutQueryDto): Promise<{ reminders: false }> {
    if (!(await this.reminders.optOut(q.u, q.s))) throw badLink();
    return { reminders: false };
  }
}
