import { useQuery } from '@tanstack/react-query';
import { CATALOG_ERRORS, isLang, type ItemType, type Lang } from '@circo/shared-contracts';
import { catalogQueries, toResource, type ItemDetailOf } from '@circo/shared-web';

export type ItemOf<K extends ItemType> = ItemDetailOf<K>;

export type CatalogItemState<T> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'unavailable'; availableLanguages: Lang[] }
  | { status: 'error'; reload: () => void }
  | { status: 'ready'; item: T };

function languagesOf(value: unknown): Lang[] {
  return Array.isArray(value) ? value.filter(isLang) : [];
}

/**
 * A course (GET /courses/{id}?lang=) or a formation (GET /formations/visible/{id}?lang=) in the
 * current language, as one of the detail page's states (spec section 4): loading, not found,
 * unavailable in this language (403 `catalog.unavailable_in_language` with
 * `data.availableLanguages`), failed, shown.
 */
export function useCatalogItem<K extends ItemType>(
  kind: K,
  id: string | undefined,
  lang: Lang,
): CatalogItemState<ItemOf<K>> {
  const res = toResource(
    useQuery({
      ...catalogQueries.detail(kind, id ?? '', lang),
      enabled: !!id,
      // a refusal is an answer (not in this language, not found): the one the server sent with
      // the page is shown as it is, not asked again with a spinner on the way; a failure keeps
      // its retry button
      retryOnMount: false,
    }),
  );
  if (!id) return { status: 'notFound' };
  switch (res.status) {
    case 'loading':
      return { status: 'loading' };
    case 'success':
      // the server decides: an admin gets items hidden in the language too
      return { status: 'ready', item: res.data };
    case 'error': {
      const err = res.error;
      if (err.status === 403 && err.code === CATALOG_ERRORS.unavailableInLanguage) {
        const data = err.body?.data as { availableLanguages?: unknown } | undefined;
        return {
          status: 'unavailable',
          availableLanguages: languagesOf(data?.availableLanguages),
        };
      }
      // 400: an id that cannot exist (malformed) is as unknown as a missing one
      if (err.status === 404 || err.status === 400) return { status: 'notFound' };
      return { status: 'error', reload: res.retry };
    }
  }
}
