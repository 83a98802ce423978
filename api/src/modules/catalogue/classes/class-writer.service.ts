import { Injectable } from '@nestjs/common';
import {
  CATALOG_ERRORS,
  validateClass,
  type AdminClass,
  type ClassBody,
  type Lang,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { classValues, toAdminClass, type ClassRow } from './admin-classes.js';
import { toFlags } from '../admin/admin-values.js';
import { assertRules, assertShowable, showableFlags, toggleShown } from '../admin/shared-rules.js';
import { notFound } from '../../../common/errors/app-error.js';
import type { LocalizedFlags } from '../../../database/tables/columns.js';
import { UploadsService } from '../../uploads/index.js';
import { ClassMediaService, mediaRefs } from './class-media.service.js';
import type { MediaOwnerKind } from '../../../database/tables/class-media.table.js';

const classNotFound = () => notFound(CATALOG_ERRORS.classNotFound, 'Class not found');

/** The texts and visibility of a class as written. */
type ClassValues = ReturnType<typeof classValues> & { visible: LocalizedFlags };

/** The class rows of the owning module's repository (`OrderedRows` of course or module classes). */
export interface ClassRepository<Row extends ClassRow, NewRow> {
  find(id: string): Promise<Row | undefined>;
  insert(values: NewRow): Promise<Row>;
  update(id: string, values: ClassValues): Promise<Row | undefined>;
  delete(id: string): Promise<boolean>;
  toggleVisible(id: string, lang: Lang): Promise<LocalizedFlags | undefined>;
}

/** One kind of class: where its rows and media live, and how an answer names its parent. */
export interface ClassKind<Row extends ClassRow, NewRow> {
  rows: ClassRepository<Row, NewRow>;
  mediaOwner: MediaOwnerKind;
  /** The parent's key of the admin answer: `{ course }` or `{ moduleId }`. */
  owner: (row: Row) => { course?: string; moduleId?: string };
}

/** The parent a new class goes under: its key column (`{ courseId }`) and its visibility. */
export interface ClassParent<NewRow> {
  key: Partial<NewRow>;
  visible: LocalizedFlags;
}

/**
 * Writes the classes of courses and of formation modules, which follow one set of rules (admin
 * spec sections 3 and 5): the shared validation first, texts per language, visibility like the
 * parent unless given, pdfs[] and videos[] written as sent, and the files a class stops using (or
 * takes with it) discarded. `for(kind)` binds it to one kind; its callers run it inside their
 * transaction (`@Transactional()`).
 */
@Injectable()
export class ClassWriterService {
  constructor(
    private readonly media: ClassMediaService,
    private readonly uploads: UploadsService,
  ) {}

  for<Row extends ClassRow, NewRow>(kind: ClassKind<Row, NewRow>): ClassWriter<Row, NewRow> {
    return new ClassWriter(kind, this.media, this.uploads);
  }
}

export class ClassWriter<Row extends ClassRow, NewRow> {
  constructor(
    private readonly kind: ClassKind<Row, NewRow>,
    private readonly media: ClassMediaService,
    private readonly uploads: UploadsService,
  ) {}

  /** The class with its media, everything in every language; undefined when there is none. */
  async get(id: string): Promise<AdminClass | undefined> {
    const cls = await this.kind.rows.find(id);
    if (!cls) return undefined;
    const media = await this.media.listForClass(this.kind.mediaOwner, id);
    return toAdminClass(cls, media, this.kind.owner(cls));
  }

  /**
   * Added last under the parent that `parent()` finds (it throws when there is none: after the
   * body's own checks, as the spec's messages come first), visible like it unless given.
   */
  async create(body: ClassBody, parent: () => Promise<ClassParent<NewRow>>): Promise<AdminClass> {
    assertRules(validateClass(body));
    const { key, visible } = await parent();
    const values = classValues(body, undefined);
    const cls = await this.kind.rows.insert({
      ...key,
      ...values,
      // visible only in the languages where it has its content (the parent's narrowed to them)
      visible: showableFlags('class', values, body.visible, visible),
    } as NewRow);
    await this.media.replace(this.kind.mediaOwner, cls.id, {
      pdfs: body.pdfs ?? [],
      videos: body.videos ?? [],
    });
    return (await this.get(cls.id))!;
  }

  /** Texts and visibility as sent (what is absent keeps its value); media lists as sent. */
  async update(id: string, body: ClassBody): Promise<AdminClass> {
    assertRules(validateClass(body));
    const current = await this.kind.rows.find(id);
    if (!current) throw classNotFound();
    const values = {
      ...classValues(body, current),
      visible: toFlags(body.visible, current.visible),
    };
    assertShowable('class', values, values.visible);
    await this.kind.rows.update(id, values);
    await this.uploads.discard(await this.media.replace(this.kind.mediaOwner, id, body));
    return (await this.get(id))!;
  }

  /** The class, its media rows and their files. */
  async remove(id: string): Promise<void> {
    const media = await this.media.listForClass(this.kind.mediaOwner, id);
    if (!(await this.kind.rows.delete(id))) throw classNotFound();
    await this.uploads.discard(mediaRefs(media));
  }

  /** Shown in a language only with its content there (400 with the languages that lack it). */
  toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return toggleShown('class', this.kind.rows, id, lang, classNotFound);
  }
}
