import { STORAGE_KEYS } from '@circo/shared-contracts';

/** The session token in localStorage `token` (spec section 1); blocked storage reads as none. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    // blocked storage: the session lasts for this page view only
  }
}
