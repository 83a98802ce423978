import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ms from 'ms';

// How each kind of environment value is read and checked: a bad value throws a ConfigError that
// names the variable and what it takes (loadConfig in app-config.ts stops the start with it).

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[key]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false (got "${env[key]}")`);
}

export function str(env: Env, key: string): string | null {
  const v = env[key]?.trim();
  return v ? v : null;
}

/**
 * A secret of at least 256 bits: `key` from the environment, or one generated into `file` in the
 * data dir on first start and read from there after (the JWT secret, the media links' HMAC key).
 */
export function secretFor(env: Env, key: string, dataDir: string, file: string): string {
  const configured = str(env, key);
  if (configured) {
    if (Buffer.byteLength(configured) < 32) {
      throw new ConfigError(`${key} must be at least 32 bytes (256 bits)`);
    }
    return configured;
  }
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}

export function httpUrl(env: Env, key: string): string | null {
  const url = str(env, key);
  if (url && !/^https?:\/\/[^/]+/.test(url)) throw new ConfigError(`${key} must be an http(s) URL`);
  return url ? url.replace(/\/$/, '') : null;
}

export function redisUrl(env: Env): string | null {
  const url = str(env, 'REDIS_URL');
  if (url && !/^rediss?:\/\//.test(url))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return url;
}

/**
 * JWT_EXPIRES_IN in the forms jsonwebtoken accepts (it parses strings with the same `ms` library):
 * a whole number of seconds, or a duration such as 15m, 12h, 7d or "2 days". A bare number is read
 * as seconds (jsonwebtoken would read the string "3600" as 3.6 seconds).
 */
export function jwtExpiresIn(env: Env): number | ms.StringValue {
  const raw = env.JWT_EXPIRES_IN?.trim();
  if (!raw) return '7d';
  const fail = () =>
    new ConfigError(
      `JWT_EXPIRES_IN must be a number of seconds (3600) or a duration such as 15m, 12h or 7d (got "${env.JWT_EXPIRES_IN}")`,
    );
  if (/^\d+$/.test(raw)) {
    const seconds = Number(raw);
    if (!Number.isSafeInteger(seconds) || seconds < 1) throw fail();
    return seconds;
  }
  const millis = ms(raw as ms.StringValue) as number | undefined;
  if (typeof millis !== 'number' || !Number.isFinite(millis) || millis < 1000) throw fail();
  return raw as ms.StringValue;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export function logLevel(env: Env): string {
  const level = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(level))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

export function logFormat(env: Env): 'json' | 'pretty' {
  const format = env.LOG_FORMAT?.trim() || (env.NODE_ENV === 'production' ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty')
    throw new ConfigError(`LOG_FORMAT must be json or pretty (got "${env.LOG_FORMAT}")`);
  return format;
}

/** PUBLIC_URL's origin, then each origin of PUBLIC_ORIGINS (comma-separated http(s) origins). */
export function publicOrigins(env: Env, publicUrl: string): string[] {
  const origins = [originOf('PUBLIC_URL', publicUrl, false)];
  for (const entry of (env.PUBLIC_ORIGINS ?? '').split(',').map((s) => s.trim())) {
    if (!entry) continue;
    const origin = originOf('PUBLIC_ORIGINS', entry, true);
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function originOf(name: string, value: string, bare: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not a URL such as https://www.example.com`);
  }
  const path = url.pathname.replace(/\/$/, '');
  if (!['http:', 'https:'].includes(url.protocol) || (bare && (path || url.search || url.hash))) {
    throw new ConfigError(`${name}: "${value}" is not an origin such as https://www.example.com`);
  }
  return url.origin;
}
