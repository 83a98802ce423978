import type { Lang } from '@circo/shared-contracts';
import { useLanguageStore, useSessionStore } from '@circo/shared-web';

/** The chosen language (the shared language store is the one source of truth). */
export function useLang(): Lang {
  return useLanguageStore((s) => s.lang);
}

/** The logged-in user's id ('' while the session loads; the shell guards these routes). */
export function useUserId(): string {
  return useSessionStore((s) => s.user?._id ?? '');
}
