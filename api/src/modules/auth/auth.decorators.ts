import {
  SetMetadata,
  createParamDecorator,
  applyDecorators,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import type { AuthUser } from './auth-user.js';

// What routes declare about their caller; AuthGuard (auth.guard.ts) enforces it. Kept apart from
// the guard so a controller importing these does not import the users module.
export type { AuthUser } from './auth-user.js';

export const AUTH_KEY = 'auth:required';
export type Requirement = 'user' | 'admin';

/** The route needs a logged-in caller (401 without a valid token), or an admin (403 otherwise). */
export const Auth = (requirement: Requirement = 'user') =>
  applyDecorators(
    SetMetadata(AUTH_KEY, requirement),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'No valid bearer token' }),
    ...(requirement === 'admin'
      ? [ApiForbiddenResponse({ description: 'The caller is not an admin' })]
      : []),
  );

export type RequestWithUser = FastifyRequest & { user?: AuthUser };

/** The caller of a route (`undefined` on a public route without a valid token). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<RequestWithUser>().user,
);

export const unauthorized = (message = 'A valid bearer token is required') =>
  new AppError(401, COMMON_ERRORS.unauthorized, message);
