import type { Role } from '@circo/shared-contracts';

/** The caller, once the bearer token is verified and the account still exists. */
export interface AuthUser {
  id: string;
  email: string;
  role: Role;
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
