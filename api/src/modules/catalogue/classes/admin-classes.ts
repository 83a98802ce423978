import {
  ADMIN_ERRORS,
  ADMIN_MESSAGES,
  isSameSet,
  type AdminClass,
  type ClassBody,
} from '@circo/shared-contracts';
import type { LocalizedFlags, LocalizedText } from '../../../database/tables/columns.js';
import { AppError } from '../../../common/errors/app-error.js';
import { toRichText, toText } from '../admin/admin-values.js';
import type { ClassMediaRow } from '../../../database/tables/class-media.table.js';

export interface ClassRow {
  id: string;
  title: LocalizedText;
  subtitle: LocalizedText;
  content: LocalizedText;
  secondaryContent: LocalizedText;
  visible: LocalizedFlags;
}

/** The text columns of a class body (subtitle and secondary content keep theirs when absent). */
export function classValues(
  body: ClassBody,
  current: Pick<ClassRow, 'subtitle' | 'secondaryContent'> | undefined,
) {
  return {
    title: toText(body.title),
    subtitle: toText(body.subtitle, current?.subtitle),
    content: toRichText(body.content),
    secondaryContent: toRichText(body.secondaryContent, current?.secondaryContent),
  };
}

/** A class row with its media, everything in every language (admin only). */
export function toAdminClass(
  cls: ClassRow,
  media: readonly ClassMediaRow[],
  owner: { course?: string; moduleId?: string },
): AdminClass {
  const entry = (m: ClassMediaRow) => ({
    _id: m.id,
    url: m.url,
    public_id: m.publicId,
    title: m.title,
    description: m.description,
    ...(owner.moduleId ? { moduleId: owner.moduleId } : {}),
  });
  return {
    _id: cls.id,
    ...owner,
    title: cls.title,
    subtitle: cls.subtitle,
    content: cls.content,
    secondaryContent: cls.secondaryContent,
    visible: cls.visible,
    pdfs: media.filter((m) => m.kind === 'pdf').map(entry),
    videos: media.filter((m) => m.kind === 'video').map(entry),
  };
}

/** 400 unless `ids` names every current child exactly once. */
export function assertOrder(ids: readonly string[], current: readonly string[]): void {
  if (isSameSet(ids, current)) return;
  throw new AppError(400, ADMIN_ERRORS.orderMismatch, ADMIN_MESSAGES.orderMismatch, {
    errors: [{ field: 'ids', code: 'orderMismatch', message: ADMIN_MESSAGES.orderMismatch }],
  });
}
