import { Injectable } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  CATALOG_ERRORS,
  validateCourse,
  validateSimpleCourse,
  validateVideoFields,
  type AdminClass,
  type AdminCourse,
  type ClassBody,
  type Lang,
  type VisibilityResult,
} from '@circo/shared-contracts';
import { assertRules, assertShowable, showableFlags } from '../admin/shared-rules.js';
import { showableItemValues, priceToCents, toOptional } from '../admin/admin-values.js';
import { ItemAdmin } from '../admin/item-admin.js';
import { childTitlesOf, reorderChildren } from '../admin/ordered-rows.js';
import { notFound } from '../../../common/errors/app-error.js';
import { DEFAULT_VISIBLE, type LocalizedText } from '../../../database/tables/columns.js';
import { Transactional, TransactionHost } from '../../../database/transactions.js';
import { ClassMediaService, mediaRefs } from '../classes/class-media.service.js';
import { ClassWriterService, type ClassWriter } from '../classes/class-writer.service.js';
import { PurchasesService } from '../../purchases/index.js';
import { UploadsService } from '../../uploads/index.js';
import { CourseAdminRepository } from './course-admin.repository.js';
import type { CourseBodyDto } from './dto/course-body.dto.js';
import type {
  CourseClassRow,
  CourseRow,
  courses,
  NewCourseClassRow,
  NewCourseRow,
} from '../../../database/tables/courses.table.js';

const courseNotFound = () => notFound(CATALOG_ERRORS.courseNotFound, 'Course not found');

/** The admin side of courses and their classes (admin spec sections 2 and 7). */
@Injectable()
export class CourseAdminService {
  private readonly items: ItemAdmin<typeof courses>;
  /** The course classes, written by the rules every class follows. */
  private readonly classes: ClassWriter<CourseClassRow, Omit<NewCourseClassRow, 'position'>>;

  constructor(
    private readonly repo: CourseAdminRepository,
    private readonly media: ClassMediaService,
    purchases: PurchasesService,
    uploads: UploadsService,
    writer: ClassWriterService,
    private readonly host: TransactionHost,
  ) {
    this.items = new ItemAdmin(
      {
        kind: 'course',
        rows: repo.items,
        notFound: courseNotFound,
        inUse: 'This course has buyers, so it cannot be deleted: hide it in every language instead',
      },
      purchases,
      uploads,
    );
    this.classes = writer.for({
      rows: repo.classes,
      mediaOwner: 'course_class',
      owner: (cls) => ({ course: cls.courseId }),
    });
  }

  /** GET /courses/admin: every course in every language, newest first, with its class titles. */
  async list(): Promise<AdminCourse[]> {
    const [rows, classes] = await this.host.all([
      () => this.repo.items.listAll(),
      () => this.repo.classes.titles(),
    ]);
    return this.items.list(rows, (r) => ({ classes: childTitlesOf(classes, r.id) }));
  }

  async get(id: string): Promise<AdminCourse> {
    const found = (await this.list()).find((c) => c._id === id);
    if (!found) throw courseNotFound();
    return found;
  }

  /** POST /courses: the full form, or a simple form (`language` set). */
  @Transactional()
  async create(body: CourseBodyDto): Promise<AdminCourse> {
    const row = await this.repo.items.insert(courseValues(body, undefined) as NewCourseRow);
    return this.get(row.id);
  }

  /** PUT /courses/{id}: files the course stops pointing to are discarded. */
  @Transactional()
  async update(id: string, body: CourseBodyDto): Promise<AdminCourse> {
    await this.items.update(id, (current) => courseValues(body, current));
    return this.get(id);
  }

  /** DELETE /courses/{id}: 409 when anyone bought it; else the course, its classes and files. */
  @Transactional()
  remove(id: string): Promise<void> {
    return this.items.remove(id, async () => {
      const classes = await this.repo.classes.childrenOf([id]);
      const media = await this.media.listForClasses(
        'course_class',
        classes.map((c) => c.id),
      );
      return mediaRefs(media);
    });
  }

  /** PATCH /courses/{id}/visibility/language: shown only where its content is (else 400). */
  @Transactional()
  toggleVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return this.items.toggleVisibility(id, lang);
  }

  // ------------------------------------------------------------ classes

  getClass(id: string): Promise<AdminClass | undefined> {
    return this.classes.get(id);
  }

  /** POST /course-classes/{courseId}: added last, visible like its course unless given. */
  @Transactional()
  createClass(courseId: string, body: ClassBody): Promise<AdminClass> {
    return this.classes.create(body, async () => {
      const course = await this.items.find(courseId);
      return { key: { courseId }, visible: course.visible ?? DEFAULT_VISIBLE };
    });
  }

  @Transactional()
  updateClass(id: string, body: ClassBody): Promise<AdminClass> {
    return this.classes.update(id, body);
  }

  @Transactional()
  removeClass(id: string): Promise<void> {
    return this.classes.remove(id);
  }

  toggleClassVisibility(id: string, lang: Lang): Promise<VisibilityResult> {
    return this.classes.toggleVisibility(id, lang);
  }

  /** PUT /courses/{id}/classes/order */
  @Transactional()
  async reorderClasses(courseId: string, ids: string[]): Promise<AdminCourse> {
    await this.items.find(courseId);
    await reorderChildren(this.repo.classes, courseId, ids);
    return this.get(courseId);
  }
}

/** The column values of a course body, checked by the shared rules. */
function courseValues(body: CourseBodyDto, current: CourseRow | undefined): Partial<NewCourseRow> {
  if (body.language !== undefined || typeof body.title === 'string') {
    // simple forms: one language's texts; the other languages keep what they had
    assertRules(
      validateSimpleCourse({
        title: typeof body.title === 'string' ? body.title : null,
        description: typeof body.description === 'string' ? body.description : null,
        price: body.price,
        language: body.language,
      }),
      ADMIN_MESSAGES.allRequired,
    );
    const lang = body.language as Lang;
    const set = <T>(base: Record<Lang, T>, value: T) => ({ ...base, [lang]: value });
    const empty: LocalizedText = { es: '', en: '', fr: '' };
    const values = {
      title: set(current?.title ?? empty, (body.title as string).trim()),
      description: set(current?.description ?? empty, body.description as string),
      priceCents: priceToCents(body.price),
      pdf: set(current?.pdf ?? toOptional(null), body.pdfUrl?.trim() || null),
      video: set(current?.video ?? toOptional(null), body.videoUrl?.trim() || null),
    };
    // a new course is shown in its language once it has everything a card shows there (these
    // forms have no image: it waits, hidden, for one); an edit must not leave a visible
    // language without its texts
    if (current) {
      assertShowable('course', { ...current, ...values }, current.visible);
      return values;
    }
    const visible = showableFlags('course', values, undefined, {
      es: false,
      en: false,
      fr: false,
      [lang]: true,
    });
    return { ...values, visible };
  }
  const title = typeof body.title === 'object' ? body.title : undefined;
  const description = typeof body.description === 'object' ? body.description : undefined;
  assertRules({
    ...validateCourse({ title, description, price: body.price, image: body.image }),
    ...validateVideoFields(body.video),
  });
  return showableItemValues('course', { ...body, title, description }, current);
}
