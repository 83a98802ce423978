// The public catalogue's query keys and fetchers, in one place for every remote. Keys start with
// 'catalog' (invalidate them all after a catalogue write) and carry the language, so a language
// switch asks for the other language's answer and switching back is served from the cache.
import { queryOptions } from '@tanstack/react-query';
import type {
  CourseDetail,
  CourseSummary,
  DiscountDto,
  FormationDetail,
  FormationSummary,
  ItemType,
  Lang,
  PresentialFormation,
  PublicPlan,
  SearchResponse,
} from '@circo/shared-contracts';
import { CATALOG_STALE_MS } from '../queryClient';
import { getJson } from './fetcher';

/** The detail answer of a course or a formation. */
export type ItemDetailOf<K extends ItemType> = K extends 'course' ? CourseDetail : FormationDetail;

export const catalogKeys = {
  all: ['catalog'] as const,
  courses: (lang: Lang) => ['catalog', 'courses', { lang }] as const,
  formations: (lang: Lang) => ['catalog', 'formations', { lang }] as const,
  presential: (lang: Lang) => ['catalog', 'presential', { lang }] as const,
  detail: (kind: ItemType, id: string, lang: Lang) => ['catalog', kind, id, { lang }] as const,
  search: (q: string, lang: Lang) => ['catalog', 'search', { q, lang }] as const,
  activeDiscounts: () => ['catalog', 'discounts', 'active'] as const,
  plans: (lang: Lang) => ['catalog', 'plans', { lang }] as const,
};

const DETAIL_PATH: Record<ItemType, (id: string) => string> = {
  course: (id) => `/courses/${encodeURIComponent(id)}`,
  formation: (id) => `/formations/visible/${encodeURIComponent(id)}`,
};

/** `useQuery(catalogQueries.courses(lang))`, `queryClient.prefetchQuery(...)`, and so on. */
export const catalogQueries = {
  /** GET /courses/visible?lang= : the courses of /cursos. */
  courses: (lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.courses(lang),
      queryFn: getJson<CourseSummary[]>('/courses/visible', { lang }),
      staleTime: CATALOG_STALE_MS,
    }),
  /** GET /formations?lang= : the online formations of /formaciones. */
  formations: (lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.formations(lang),
      queryFn: getJson<FormationSummary[]>('/formations', { lang }),
      staleTime: CATALOG_STALE_MS,
    }),
  /** GET /presential-formations/presencial?lang= : upcoming in-person trainings. */
  presential: (lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.presential(lang),
      queryFn: getJson<PresentialFormation[]>('/presential-formations/presencial', { lang }),
      staleTime: CATALOG_STALE_MS,
    }),
  /**
   * GET /courses/{id}?lang= or /formations/visible/{id}?lang= . Errors keep their code and data
   * (404, 403 `catalog.unavailable_in_language` with `data.availableLanguages`).
   */
  detail: <K extends ItemType>(kind: K, id: string, lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.detail(kind, id, lang),
      queryFn: getJson<ItemDetailOf<K>>(DETAIL_PATH[kind](id), { lang }),
      staleTime: CATALOG_STALE_MS,
    }),
  /** GET /search?q=&lang= (the caller trims and caps q, and asks nothing for a blank one). */
  search: (q: string, lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.search(q, lang),
      queryFn: getJson<SearchResponse>('/search', { q, lang }),
      staleTime: CATALOG_STALE_MS,
    }),
  /** GET /discounts/activos : the running vouchers (prices are still computed by the server). */
  activeDiscounts: () =>
    queryOptions({
      queryKey: catalogKeys.activeDiscounts(),
      queryFn: getJson<DiscountDto[]>('/discounts/activos'),
      staleTime: CATALOG_STALE_MS,
    }),
  /** GET /plans?lang= : the active membership plans and what each opens. */
  plans: (lang: Lang) =>
    queryOptions({
      queryKey: catalogKeys.plans(lang),
      queryFn: getJson<PublicPlan[]>('/plans', { lang }),
      staleTime: CATALOG_STALE_MS,
    }),
};
