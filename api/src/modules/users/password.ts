import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id profile: m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (an ambient const enum, unusable with isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Longest password accepted; argon2 takes any length, the limit keeps hashing cheap. */
export const MAX_PASSWORD_LENGTH = 128;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`) with a fresh random salt. */
export function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) {
    return Promise.reject(
      new RangeError(`Passwords are limited to ${MAX_PASSWORD_LENGTH} characters`),
    );
  }
  return hash(password, ARGON2_OPTIONS);
}

// verified against when there is no account, so "unknown e-mail" and "wrong password" take as long
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. Never throws: a malformed hash, an over-long
 * password or a missing hash (`null`: no such user; still costs one verification) give false.
 */
export async function verifyPassword(
  password: string,
  passwordHash: string | null | undefined,
): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    if (!passwordHash) {
      dummyHash ??= hash('not-a-real-password', ARGON2_OPTIONS);
      await verify(await dummyHash, password);
      return false;
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
