import {
  CATALOG_ERRORS,
  isLang,
  type CourseDetail,
  type FormationDetail,
  type ItemType,
  type Lang,
} from '@circo/shared-contracts';
import { ApiError } from '@circo/shared-web';
import { useApi } from '../../catalog/hooks/useApi';

export type ItemOf<K extends ItemType> = K extends 'course' ? CourseDetail : FormationDetail;

export type CatalogItemState<T> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'unavailable'; availableLanguages: Lang[] }
  | { status: 'error'; reload: () => void }
  | { status: 'ready'; item: T };

const PATHS: Record<ItemType, (id: string) => string> = {
  course: (id) => `/courses/${encodeURIComponent(id)}`,
  formation: (id) => `/formations/visible/${encodeURIComponent(id)}`,
};

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
  const res = useApi<ItemOf<K>>(id ? PATHS[kind](id) : null, { lang });
  if (!id) return { status: 'notFound' };
  switch (res.status) {
    case 'loading':
      return { status: 'loading' };
    case 'success':
      // the server decides: an admin gets items hidden in the language too
      return { status: 'ready', item: res.data };
    case 'error': {
      const err = res.error;
      if (err instanceof ApiError) {
        if (err.status === 403 && err.code === CATALOG_ERRORS.unavailableInLanguage) {
          const data = err.body?.data as { availableLanguages?: unknown } | undefined;
          return {
            status: 'unavailable',
            availableLanguages: languagesOf(data?.availableLanguages),
          };
        }
        // 400: an id that cannot exist (malformed) is as unknown as a missing one
        if (err.status === 404 || err.status === 400) return { status: 'notFound' };
      }
      return { status: 'error', reload: res.reload };
    }
  }
}
