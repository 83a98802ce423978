import { Global, Module } from '@nestjs/common';
import { RateLimiters } from './rate-limit.js';

/** The one set of counters, for the IP guard and the AuthGuard's per-account limits. */
@Global()
@Module({ providers: [RateLimiters], exports: [RateLimiters] })
export class RateLimitModule {}
