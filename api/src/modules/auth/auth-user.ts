import type { Role } from '@circo/shared-contracts';

/**
 * The caller, once the bearer token is verified and the account still exists: the account's row as
 * the guard read it for this request (one query), so a handler needs no second read of it.
 */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  name: string;
  surname: string;
}

/** An account as the guard checks it: the caller plus the version its tokens must carry. */
export interface AuthAccount extends AuthUser {
  tokenVersion: number;
}

/** What a session token carries. `ver` is the account's token version when it was issued. */
export interface TokenPayload {
  sub: string;
  role: Role;
  ver: number;
  /** Expiry (seconds since the epoch), set when the token is signed; a token without one is refused. */
  exp?: number;
}
