import {
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
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

export type RateLimitBucket = 'login' | 'register' | 'forgot' | 'reset';
const RATE_LIMIT_KEY = 'rate-limit:bucket';

/** Puts a route under one of the configured rate limits (429 past it). */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT_KEY, bucket);

/**
 * Counts requests per client IP and bucket in a fixed window (rate-limiter-flexible). The tracker
 * is the client IP; behind a proxy, TRUST_PROXY makes it the forwarded one. With REDIS_URL the
 * counts live in Redis, so the limits hold across API instances; while Redis is unreachable each
 * instance falls back to counting in memory.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnModuleDestroy {
  private readonly limiters: Record<RateLimitBucket, RateLimiterAbstract>;
  private readonly redis: Redis | null;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
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
    const make = (bucket: RateLimitBucket, points: number): RateLimiterAbstract => {
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
    this.limiters = {
      login: make('login', config.rateLimit.login),
      register: make('register', config.rateLimit.register),
      forgot: make('forgot', config.rateLimit.forgot),
      reset: make('reset', config.rateLimit.reset),
    };
  }

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<RateLimitBucket | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (!bucket) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    try {
      await this.limiters[bucket].consume(req.ip);
      return true;
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      const retryAfterSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      void http.getResponse<FastifyReply>().header('Retry-After', String(retryAfterSeconds));
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
