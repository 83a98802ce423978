import { Body, Controller, Delete, Get, Header, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AccountExport, DeletionRequested } from '@circo/shared-contracts';
import { AccountRateLimit, RateLimit } from '../../common/rate-limit/rate-limit.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { AccountExportService } from './account-export.service.js';
import { AccountService } from './account.service.js';
import { DeletionConfirmationService } from './deletion-confirmation.service.js';
import { DeleteAccountDto } from './dto/delete-account.dto.js';

/** A student's own data: download it all, delete the account. */
@ApiTags('users')
@Controller('users/me')
@Auth()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly confirmation: DeletionConfirmationService,
    private readonly data: AccountExportService,
  ) {}

  @Get('export')
  @AccountRateLimit('progress')
  @Header('Cache-Control', 'private, no-store')
  @Header('Content-Disposition', 'attachment; filename="mis-datos.json"')
  @ApiOperation({ summary: 'Everything the shop holds about the caller, as JSON' })
  export(@CurrentUser() user: AuthUser): Promise<AccountExport> {
    return this.data.export(user.id);
  }

  @ApiConflictResponse({
    description: 'account.admin_not_deletable: an admin account is not deleted here',
  })
  @Delete()
  @RateLimit('forgot')
  @ApiResponse({ status: 202, description: 'the confirmation e-mail is on its way' })
  @ApiResponse({ status: 204, description: 'the account is deleted' })
  @ApiOperation({
    summary:
      'Without a token: e-mails a confirmation link (202). With its token: deletes the account (204)',
  })
  async remove(
    @CurrentUser() user: AuthUser,
    @Body() body: DeleteAccountDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeletionRequested | undefined> {
    if (body.token === undefined) {
      await this.confirmation.requestDeletion(user, body.lang ?? 'es');
      void reply.status(202);
      return { confirmation: 'sent' };
    }
    await this.account.confirmDeletion(user, body.token);
    void reply.status(204);
    return undefined;
  }
}
