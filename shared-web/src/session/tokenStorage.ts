import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '@circo/shared-contracts';

/** Keeps the signed-in hint cookie in step with the stored token (SIGNED_IN_COOKIE). */
function hintSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const has = document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
  if (has === signedIn) return;
  document.cookie = signedIn
    ? `${SIGNED_IN_COOKIE}=1; path=/; max-age=31536000; SameSite=Lax`
    : `${SIGNED_IN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/** The session token in localStorage `token` (spec section 1); blocked storage reads as none. */
export function readToken(): string | null {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    // blocked storage: no session
  }
  hintSignedIn(!!token);
  return token;
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    // blocked storage: the session lasts for this page view only
  }
  hintSignedIn(!!token);
}
