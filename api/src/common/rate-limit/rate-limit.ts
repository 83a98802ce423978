import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AppError } from '../errors/app-error.js';

/** Limits per client IP (anonymous account routes). */
export type RateLimitBucket = 'login' | 'register' | 'forgot' | 'reset' | 'verify';
/** Limits per account (authenticated routes that cost work). */
export type AccountRateLimitBucket = 'payment' | 'upload' | 'clip' | 'progress';
const RATE_LIMIT_KEY = 'rate-limit:bucket';
export const ACCOUNT_RATE_LIMIT_KEY = 'rate-limit:account-bucket';

const TOO_MANY = ApiTooManyRequestsResponse({
  description: 'Too many requests: retry after `Retry-After` seconds',
});

/** Puts a route under one of the configured per-IP rate limits (429 past it). */
export const RateLimit = (bucket: RateLimitBucket) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, bucket), TOO_MANY);

/**
 * Puts an authenticated route under one of the per-account rate limits (429 past it), counted by
 * the AuthGuard once it knows the caller: an account, not an IP, is what a buyer pays with.
 */
export const AccountRateLimit = (bucket: AccountRateLimitBucket) =>
  applyDecorators(SetMetadata(ACCOUNT_RATE_LIMIT_KEY, bucket), TOO_MANY);

/**
 * The counters of every rate limit: fixed windows of rate-limiter-flexible. With REDIS_URL the
 * counts live in Redis, so the limits hold across API instances; while Redis is unreachable each
 * instance falls back to counting in memory.
 */
@Injectable()
export class RateLimiters implements OnModuleDestroy {
  private readonly limiters: Record<RateLimitBucket | AccountRateLimitBucket, RateLimiterAbstract>;
  private readonly redis: Redis | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const duration = Math.ceil(config.rateLimit.windowMs / 1000);
    this.redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : null;
    // an unreachable Redis is reported by each call (and the memory fallback answers): no crash
    this.redis?.on('error', () => undefined);
    const make = (bucket: string, points: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ keyPrefix: bucket, points, duration });
      if (!this.redis) return memory;
      return new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: `circo:rate:${bucket}`,
        points,
        duration,
        insuranceLimiter: memory,
      });
    };
    const r = config.rateLimit;
    this.limiters = {
      login: make('login', r.login),
      register: make('register', r.register),
      forgot: make('forgot', r.forgot),
      reset: make('reset', r.reset),
      verify: make('verify', r.verify),
      payment: make('account:payment', r.payment),
      upload: make('account:upload', r.upload),
      clip: make('account:clip', r.clip),
      progress: make('account:progress', r.progress),
    };
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  /** Counts one request of `key` in `bucket`; past the limit, a 429 with Retry-After. */
  async consume(
    bucket: RateLimitBucket | AccountRateLimitBucket,
    key: string,
    reply: FastifyReply,
  ): Promise<void> {
    try {
      await this.limiters[bucket].consume(key);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const retryAfterSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      void reply.header('Retry-After', String(retryAfterSeconds));
      // the wait is in the body too, so a form can say how long (headers are not in ApiError)
      throw new AppError(
        429,
        COMMON_ERRORS.tooManyRequests,
        'Too many requests, please try again later',
        { data: { retryAfterSeconds } },
      );
    }
  }
}

/**
 * Global guard of the per-IP limits. The tracker is the client IP; behind a proxy, TRUST_PROXY
 * makes it the forwarded one.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (!bucket) return true;
    const http = context.switchToHttp();
    await this.limiters.consume(
      bucket,
      http.getRequest<FastifyRequest>().ip,
      http.getResponse<FastifyReply>(),
    );
    return true;
  }
}
