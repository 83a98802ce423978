import { Injectable } from '@nestjs/common';
import type { MediaBody } from '@circo/shared-contracts';
import { toOptional, toRichText, toText, valuesOf } from '../admin/admin-values.js';
import { ClassMediaRepository } from './class-media.repository.js';
import type {
  ClassMediaRow,
  MediaKind,
  MediaOwnerKind,
  NewClassMediaRow,
} from '../../../database/tables/class-media.table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every file reference (public ids and URLs) of media rows: what to discard with them. */
export const mediaRefs = (rows: readonly ClassMediaRow[]): string[] =>
  rows.flatMap((r) => valuesOf(r.publicId, r.url));

/** The pdfs[] and videos[] of course and formation classes. */
@Injectable()
export class ClassMediaService {
  constructor(private readonly repo: ClassMediaRepository) {}

  listForClass(ownerKind: MediaOwnerKind, classId: string): Promise<ClassMediaRow[]> {
    return this.repo.listForClass(ownerKind, classId);
  }

  listForClasses(ownerKind: MediaOwnerKind, classIds: readonly string[]): Promise<ClassMediaRow[]> {
    return this.repo.listForClasses(ownerKind, classIds);
  }

  /**
   * Writes the class's lists as given (order kept). Answers the file references the class no
   * longer uses, for the caller to discard.
   */
  async replace(
    ownerKind: MediaOwnerKind,
    classId: string,
    lists: { pdfs?: MediaBody[]; videos?: MediaBody[] },
  ): Promise<string[]> {
    const before = await this.repo.listForClass(ownerKind, classId);
    const owner =
      ownerKind === 'course_class' ? { courseClassId: classId } : { formationClassId: classId };
    const rows: NewClassMediaRow[] = [];
    const seen = new Set<string>();
    const add = (kind: MediaKind, list: MediaBody[] | undefined) =>
      (list ?? before.filter((b) => b.kind === kind).map(toBody)).forEach((m, position) => {
        const id = m._id && UUID.test(m._id) && !seen.has(m._id) ? m._id : undefined;
        if (id) seen.add(id);
        rows.push({
          ...(id ? { id } : {}),
          ownerKind,
          ...owner,
          kind,
          position,
          url: toOptional(m.url),
          publicId: toOptional(m.public_id),
          title: toText(m.title),
          description: toRichText(m.description),
        });
      });
    add('pdf', lists.pdfs);
    add('video', lists.videos);
    await this.repo.replaceForClass(ownerKind, classId, rows);
    const kept = new Set(rows.flatMap((r) => valuesOf(r.publicId, r.url)));
    return mediaRefs(before).filter((ref) => !kept.has(ref));
  }
}

function toBody(r: ClassMediaRow): MediaBody {
  return {
    _id: r.id,
    url: r.url,
    public_id: r.publicId,
    title: r.title,
    description: r.description,
  };
}
