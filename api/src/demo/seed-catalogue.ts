import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../config/app-config.js';
import { filePathOf, newPublicId, readFrameRate } from '../modules/media/index.js';
import type { LocalizedFlags, LocalizedOptional } from '../database/tables/columns.js';
import type { Transaction } from '../database/database.js';
import {
  classMedia,
  courseClasses,
  courses,
  discountTargets,
  discounts,
  formationClasses,
  formationModules,
  formations,
  planItems,
  plans,
  presentialFormations,
  uploadedAssets,
} from '../database/schema.js';
import {
  DEMO_COURSES,
  DEMO_FORMATIONS,
  DEMO_MEDIA_FILES,
  DEMO_PLAN,
  DEMO_PRESENTIAL,
  DEMO_VOUCHER,
  type DemoClass,
  type DemoCourse,
  type DemoFormation,
} from './demo-catalogue.js';

// The demo catalogue's rows: courses and formations with their classes and media, the in-person
// trainings, a running voucher and a membership plan (the texts are in demo-catalogue.ts).

export type SeedConfig = Pick<AppConfig, 'accessPeriodMonths' | 'dataDir' | 'contentDir'>;
/** The stored demo files: publicId per kind. */
type DemoFiles = Record<'pdf' | 'video', string>;

/** The ids of the demo items by their key. */
export interface SeededCatalogue {
  courses: Record<string, string>;
  formations: Record<string, string>;
}

export const DAY = 86_400_000;
const same = (value: string | null): LocalizedOptional => ({ es: value, en: value, fr: value });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function writeCatalogue(
  tx: Transaction,
  config: SeedConfig,
): Promise<SeededCatalogue> {
  const now = new Date();
  const files = await storeDemoFiles(tx, config);
  const courseIds: Record<string, string> = {};
  const formationIds: Record<string, string> = {};

  // stagger created_at so "newest first" lists have a stable, meaningful order
  let minutesAgo = DEMO_COURSES.length + DEMO_FORMATIONS.length;
  const stamp = () => new Date(now.getTime() - minutesAgo-- * 60_000);

  for (const course of DEMO_COURSES) {
    const courseId = await insertItem(tx, courses, course, stamp());
    courseIds[course.key] = courseId;
    for (const [position, c] of course.classes.entries()) {
      const [cls] = await tx
        .insert(courseClasses)
        .values({ courseId, position, ...classColumns(c, course.visible) })
        .returning({ id: courseClasses.id });
      await insertMedia(tx, c, files, { ownerKind: 'course_class', courseClassId: cls.id });
    }
  }

  for (const formation of DEMO_FORMATIONS) {
    const formationId = await insertItem(tx, formations, formation, stamp());
    formationIds[formation.key] = formationId;
    for (const [position, m] of formation.modules.entries()) {
      const [mod] = await tx
        .insert(formationModules)
        .values({
          formationId,
          position,
          title: m.title,
          description: m.description,
          visible: formation.visible,
        })
        .returning({ id: formationModules.id });
      for (const [classPosition, c] of m.classes.entries()) {
        const [cls] = await tx
          .insert(formationClasses)
          .values({
            moduleId: mod.id,
            position: classPosition,
            ...classColumns(c, formation.visible),
          })
          .returning({ id: formationClasses.id });
        await insertMedia(tx, c, files, {
          ownerKind: 'formation_class',
          formationClassId: cls.id,
        });
      }
    }
  }

  for (const p of DEMO_PRESENTIAL) {
    const [first, last] = p.days.map((d) => isoDay(new Date(now.getTime() + d * DAY)));
    await tx.insert(presentialFormations).values({
      title: p.title,
      description: p.description,
      location: p.location,
      dateType: last ? 'range' : 'single',
      singleDate: last ? null : first,
      rangeStart: last ? first : null,
      rangeEnd: last ?? null,
      time: p.time,
      registrationLink: p.registrationLink,
    });
  }

  const [voucher] = await tx
    .insert(discounts)
    .values({
      name: DEMO_VOUCHER.name,
      description: DEMO_VOUCHER.description,
      percentage: DEMO_VOUCHER.percentage,
      amountCents: 0,
      startDate: new Date(now.getTime() - DAY),
      endDate: new Date(now.getTime() + 10 * DAY),
      active: true,
      type: 'both',
    })
    .returning({ id: discounts.id });
  await tx.insert(discountTargets).values([
    { discountId: voucher.id, itemType: 'course', itemId: courseIds[DEMO_VOUCHER.courseKey] },
    {
      discountId: voucher.id,
      itemType: 'formation',
      itemId: formationIds[DEMO_VOUCHER.formationKey],
    },
  ]);

  const [plan] = await tx
    .insert(plans)
    .values({
      name: DEMO_PLAN.name,
      description: DEMO_PLAN.description,
      priceCents: DEMO_PLAN.priceCents,
      interval: DEMO_PLAN.interval,
    })
    .returning({ id: plans.id });
  await tx.insert(planItems).values(
    DEMO_PLAN.courseKeys.map((key, position) => ({
      planId: plan.id,
      itemType: 'course' as const,
      itemId: courseIds[key],
      position,
    })),
  );

  return { courses: courseIds, formations: formationIds };
}

/** A demo course or formation's row (the demo PDF for every item), created at `createdAt`. */
async function insertItem(
  tx: Transaction,
  table: typeof courses | typeof formations,
  item: DemoCourse | DemoFormation,
  createdAt: Date,
): Promise<string> {
  // the two tables have the same columns (sellableItemColumns)
  const t = table as typeof courses;
  const [row] = await tx
    .insert(t)
    .values({
      title: item.title,
      description: item.description,
      priceCents: item.priceCents,
      image: item.image,
      pdf: same('/api/content/cv'),
      video: same(item.video),
      visible: item.visible,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: t.id });
  return row.id;
}

/** A demo class's texts, visible like its parent unless it says otherwise. */
function classColumns(c: DemoClass, parentVisible: LocalizedFlags) {
  return {
    title: c.title,
    subtitle: c.subtitle,
    content: c.content,
    secondaryContent: c.secondaryContent ?? { es: '', en: '', fr: '' },
    visible: c.visible ?? parentVisible,
  };
}

/**
 * Copies the shipped demo PDF and video into the private local storage (publicIds generated like
 * an upload's) and records them in uploaded_assets; every demo class points at these two files.
 */
async function storeDemoFiles(tx: Transaction, config: SeedConfig): Promise<DemoFiles> {
  const stored = {} as DemoFiles;
  for (const kind of ['pdf', 'video'] as const) {
    const source = join(config.contentDir, 'demo-media', DEMO_MEDIA_FILES[kind]);
    const publicId = newPublicId(kind, kind === 'pdf' ? 'pdf' : 'mp4');
    const target = filePathOf(config.dataDir, 'private', publicId)!;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(source, target);
    await tx.insert(uploadedAssets).values({
      publicId,
      resourceType: kind === 'pdf' ? 'raw' : 'video',
      url: `/api/files/private/${publicId}`,
      private: true,
      storage: 'local',
      status: 'available',
      contentType: kind === 'pdf' ? 'application/pdf' : 'video/mp4',
      sizeBytes: statSync(target).size,
      frameRate: kind === 'video' ? await readFrameRate(target) : null,
    });
    stored[kind] = publicId;
  }
  return stored;
}

async function insertMedia(
  tx: Transaction,
  c: DemoClass,
  files: DemoFiles,
  owner:
    | { ownerKind: 'course_class'; courseClassId: string }
    | { ownerKind: 'formation_class'; formationClassId: string },
): Promise<void> {
  if (c.media.length === 0) return;
  const position = { pdf: 0, video: 0 };
  await tx.insert(classMedia).values(
    c.media.map((m) => ({
      ...owner,
      kind: m.kind,
      position: position[m.kind]++,
      url: same(`/api/files/private/${files[m.kind]}`),
      publicId: same(files[m.kind]),
      title: m.title,
      description: m.description,
    })),
  );
}
