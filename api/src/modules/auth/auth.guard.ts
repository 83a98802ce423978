import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import type { FastifyReply } from 'fastify';
import { forbidden } from '../../common/errors/app-error.js';
import {
  ACCOUNT_RATE_LIMIT_KEY,
  RateLimiters,
  type AccountRateLimitBucket,
} from '../../common/rate-limit/rate-limit.js';
import { UsersService } from '../users/index.js';
import { isUuid } from '../../common/pipes/uuid.pipe.js';
import type { AuthUser, TokenPayload } from './auth-user.js';
import {
  AUTH_KEY,
  unauthorized,
  type RequestWithUser,
  type Requirement,
} from './auth.decorators.js';

/**
 * Global guard. Protected routes get 401 for a missing, malformed, expired or revoked token and 403
 * for a wrong role; a route with an `@AccountRateLimit` then counts the caller's request (429 past
 * it). On public routes a valid token identifies the caller (an admin sees hidden
 * items, a buyer its content) and an invalid one is ignored, so a stale token never breaks browsing.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<Requirement | undefined>(AUTH_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    const user = await this.identify(req.headers.authorization);
    if (user) req.user = user;
    if (!required) return true;
    if (!user) throw unauthorized();
    if (required === 'admin' && user.role !== 'admin') {
      throw forbidden(COMMON_ERRORS.forbidden, 'This action needs an administrator');
    }
    const bucket = this.reflector.get<AccountRateLimitBucket | undefined>(
      ACCOUNT_RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (bucket) {
      await this.limiters.consume(
        bucket,
        user.id,
        context.switchToHttp().getResponse<FastifyReply>(),
      );
    }
    return true;
  }

  private async identify(header: string | undefined): Promise<AuthUser | null> {
    if (typeof header !== 'string') return null;
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim());
    if (!match) return null;
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(match[1], { algorithms: ['HS256'] });
    } catch {
      return null;
    }
    // claims checked for shape before use: a token signed with our key but written by hand (or by
    // an older release) must be a 401, never a database error; and every token expires
    if (!isUuid(payload.sub) || typeof payload.exp !== 'number') return null;
    if (payload.ver !== undefined && !Number.isSafeInteger(payload.ver)) return null;
    // a database failure propagates (503): an outage must not look like a logout
    const account = await this.users.findAuthAccount(payload.sub.toLowerCase());
    // a token issued before the last password reset or change is revoked (tokens issued before
    // token versions existed carry none: version 0)
    if (!account || account.tokenVersion !== (payload.ver ?? 0)) return null;
    return {
      id: account.id,
      email: account.email,
      role: account.role,
      name: account.name,
      surname: account.surname,
    };
  }
}
