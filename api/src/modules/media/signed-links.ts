import { createHmac, timingSafeEqual } from 'node:crypto';

// Local private files are served only through links signed with an HMAC-SHA256 of the publicId
// and the expiry (unix seconds): /api/files/private/<publicId>?exp=<unix>&sig=<hex>. Changing any
// character of the path, exp or sig makes the check fail; after `exp` the link is refused.

export const PRIVATE_FILES_PATH = '/api/files/private/';
export const PUBLIC_FILES_PATH = '/api/files/public/';

const SIG = /^[0-9a-f]{64}$/;

function signature(key: string, publicId: string, exp: number): Buffer {
  return createHmac('sha256', key).update(`private\n${publicId}\n${exp}`).digest();
}

/** The signed link of a private file, valid until `exp` (unix seconds). */
export function signPrivateLink(key: string, publicId: string, exp: number): string {
  const path = publicId.split('/').map(encodeURIComponent).join('/');
  return `${PRIVATE_FILES_PATH}${path}?exp=${exp}&sig=${signature(key, publicId, exp).toString('hex')}`;
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/**
 * Checks a link's `exp` and `sig` for `publicId` at `nowMs`: 'invalid' for anything malformed or
 * a wrong signature (compared in constant time), 'expired' for a genuine link past its expiry.
 */
export function checkPrivateLink(
  key: string,
  publicId: string,
  exp: unknown,
  sig: unknown,
  nowMs: number,
): LinkCheck {
  if (typeof exp !== 'string' || !/^[1-9][0-9]{0,11}$/.test(exp)) return 'invalid';
  if (typeof sig !== 'string' || !SIG.test(sig)) return 'invalid';
  const expected = signature(key, publicId, Number(exp));
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  return Number(exp) * 1000 <= nowMs ? 'expired' : 'ok';
}
