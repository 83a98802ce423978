import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { LoginResponse, MessageResponse, UserProfile } from '@circo/shared-contracts';
import { Auth, CurrentUser, type AuthUser } from './auth.decorators.js';
import { RateLimit } from '../../common/rate-limit/rate-limit.js';
import { UsersService } from '../users/index.js';
import { AuthService } from './auth.service.js';
import { ForgotPasswordDto } from './dto/forgot-password.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { ResetPasswordDto } from './dto/reset-password.dto.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
  ) {}

  /** Signs in with e-mail and password: answers a bearer token. */
  @ApiUnauthorizedResponse({ description: 'auth.invalid_credentials: wrong e-mail or password' })
  @Post('login')
  @HttpCode(200)
  @RateLimit('login')
  login(@Body() dto: LoginDto): Promise<LoginResponse> {
    return this.auth.login(dto.email, dto.password);
  }

  /** The caller's profile. */
  @Get('perfil')
  @Auth()
  profile(@CurrentUser() user: AuthUser): Promise<UserProfile> {
    return this.users.profile(user);
  }

  /** Sends a reset link to the address if it has an account; the answer is the same either way. */
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('forgot')
  forgotPassword(@Body() dto: ForgotPasswordDto): Promise<MessageResponse> {
    return this.auth.forgotPassword(dto.email, dto.lang);
  }

  /** Sets a new password with the token of a reset link. */
  @Post('reset-password/:token')
  @HttpCode(200)
  @RateLimit('reset')
  resetPassword(
    @Param('token') token: string,
    @Body() dto: ResetPasswordDto,
  ): Promise<MessageResponse> {
    return this.auth.resetPassword(token, dto.newPassword);
  }
}
