import { slugOrDefault, type ItemType } from '@circo/shared-contracts';

/** Where the detail pages live (route table: /courses/:id/:slug? and /formaciones/:id/:slug?). */
export const DETAIL_BASE: Record<ItemType, string> = {
  course: '/courses',
  formation: '/formaciones',
};

/** `/courses/{id}/{slug}`: the slug of the title in the current language, or "detalle". */
export function detailPath(kind: ItemType, id: string, title: string | null | undefined): string {
  return `${DETAIL_BASE[kind]}/${encodeURIComponent(id)}/${slugOrDefault(title)}`;
}
