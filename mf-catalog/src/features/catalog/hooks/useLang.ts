import type { Lang } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';

/** The chosen language (the shared language store is the one source of truth). */
export function useLang(): Lang {
  return useLanguageStore((s) => s.lang);
}
