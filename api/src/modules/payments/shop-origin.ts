import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';

/**
 * Where a payment sends the buyer back to (a Checkout Session's success and cancel pages): the
 * shop's origin the request came from (`Origin`, else `Referer`) when it is one of the configured
 * origins (PUBLIC_URL, PUBLIC_ORIGINS), so the buyer returns to the origin that holds their
 * session and cart; otherwise PUBLIC_URL. E-mailed links keep PUBLIC_URL.
 */
export function shopBaseOf(
  req: Pick<FastifyRequest, 'headers'>,
  config: Pick<AppConfig, 'publicUrl' | 'publicOrigins'>,
): string {
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  if (
    origin &&
    origin !== new URL(config.publicUrl).origin &&
    config.publicOrigins.includes(origin)
  )
    return origin;
  return config.publicUrl;
}

function originOf(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value === 'null') return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
