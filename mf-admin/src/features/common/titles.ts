import type { Localized } from '@circo/shared-contracts';

/** The name an admin list shows: Spanish, else the first language that has one. */
export function displayTitle(title: Localized): string {
  return title.es || title.en || title.fr || '—';
}
