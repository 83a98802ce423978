import { createHmac, timingSafeEqual } from 'node:crypto';

// Local private files are served only through links signed with an HMAC-SHA256 of the publicId
// and the expiry (unix seconds): /api/files/private/<publicId>?exp=<unix>&sig=<hex>. Changing any
// character of the path, exp or sig makes the check fail; after `exp` the link is refused.

export const PRIVATE_FILES_PATH = '/api/files/private/';
export const PUBLIC_FILES_PATH = '/api/files/public/';
export const STAMPED_FILES_PATH = '/api/files/stamped/';

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

// A student's stamped copy of a class PDF has a link of its own, signed over the file, the
// student and the expiry: /api/files/stamped/<publicId>?u=<userId>&exp=<unix>&sig=<hex>. The
// student is in the link (the browser opens it without a token), and no other one can be put in.

function stampedSignature(key: string, publicId: string, userId: string, exp: number): Buffer {
  return createHmac('sha256', key).update(`stamped\n${publicId}\n${userId}\n${exp}`).digest();
}

/** The signed link of `userId`'s stamped copy of a private PDF, valid until `exp`. */
export function signStampedLink(
  key: string,
  publicId: string,
  userId: string,
  exp: number,
): string {
  const path = publicId.split('/').map(encodeURIComponent).join('/');
  const sig = stampedSignature(key, publicId, userId, exp).toString('hex');
  return `${STAMPED_FILES_PATH}${path}?u=${userId}&exp=${exp}&sig=${sig}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks a stamped copy's link as `checkPrivateLink` does, the student's id included. */
export function checkStampedLink(
  key: string,
  publicId: string,
  userId: unknown,
  exp: unknown,
  sig: unknown,
  nowMs: number,
): LinkCheck {
  if (typeof userId !== 'string' || !UUID.test(userId)) return 'invalid';
  if (typeof exp !== 'string' || !/^[1-9][0-9]{0,11}$/.test(exp)) return 'invalid';
  if (typeof sig !== 'string' || !SIG.test(sig)) return 'invalid';
  const expected = stampedSignature(key, publicId, userId, Number(exp));
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
  return Number(exp) * 1000 <= nowMs ? 'expired' : 'ok';
}
