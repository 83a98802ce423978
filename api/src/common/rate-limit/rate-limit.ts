import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { AppConfig } from '../../config/app-config.js';

export type RateLimitBucket = 'login' | 'register' | 'forgot';
const RATE_LIMIT_KEY = 'rate-limit:bucket';

/** Puts a route under one of the configured rate limits (429 past it). */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT_KEY, bucket);

function bucketOf(context: ExecutionContext): RateLimitBucket | undefined {
  return Reflect.getMetadata(RATE_LIMIT_KEY, context.getHandler()) as RateLimitBucket | undefined;
}

/**
 * One @nestjs/throttler limit per bucket; each applies only to the routes marked with it. The
 * tracker is the client IP (behind a proxy, set TRUST_PROXY so it is the forwarded one).
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  const buckets: Array<[RateLimitBucket, number]> = [
    ['login', config.rateLimit.login],
    ['register', config.rateLimit.register],
    ['forgot', config.rateLimit.forgot],
  ];
  return {
    throttlers: buckets.map(([name, limit]) => ({
      name,
      limit,
      ttl: config.rateLimit.windowMs,
      skipIf: (context: ExecutionContext) => bucketOf(context) !== name,
    })),
  };
}
