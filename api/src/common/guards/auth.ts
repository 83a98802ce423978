import {
  Injectable,
  SetMetadata,
  createParamDecorator,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { COMMON_ERRORS, type Role } from '@circo/shared-contracts';
import { AppError, forbidden } from '../errors/app-error.js';
import { UsersService } from '../../modules/users/users.service.js';

/** The caller, once the bearer token is verified and the account still exists. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
}

export interface TokenPayload {
  sub: string;
  role: Role;
}

const AUTH_KEY = 'auth:required';
type Requirement = 'user' | 'admin';

/** The route needs a logged-in caller (401 without a valid token), or an admin (403 otherwise). */
export const Auth = (requirement: Requirement = 'user') =>
  applyDecorators(SetMetadata(AUTH_KEY, requirement), ApiBearerAuth());

type RequestWithUser = FastifyRequest & { user?: AuthUser };

/** The caller of a route (`undefined` on a public route without a valid token). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<RequestWithUser>().user,
);

export const unauthorized = (message = 'A valid bearer token is required') =>
  new AppError(401, COMMON_ERRORS.unauthorized, message);

/**
 * Global guard. Protected routes get 401 for a missing, malformed, expired or revoked token and 403
 * for a wrong role. On public routes a valid token identifies the caller (an admin sees hidden
 * items, a buyer its content) and an invalid one is ignored, so a stale token never breaks browsing.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
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
    if (typeof payload.sub !== 'string') return null;
    const account = await this.users.findAuthUser(payload.sub);
    return account ?? null;
  }
}
