import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/app-config.js';
import { accessEndsAt } from '@circo/shared-contracts';
import { hashPassword } from '../modules/users/index.js';
import { filePathOf, newPublicId, readFrameRate } from '../modules/media/index.js';
import type { LocalizedOptional } from '../database/tables/columns.js';
import type { Database, Transaction } from '../database/database.js';
import {
  classMedia,
  classProgress,
  courseClasses,
  courses,
  discountTargets,
  discounts,
  formationClasses,
  formationModules,
  formations,
  presentialFormations,
  accessGrants,
  paymentItems,
  payments,
  uploadedAssets,
  users,
} from '../database/schema.js';
import {
  DEMO_COURSES,
  DEMO_FORMATIONS,
  DEMO_MEDIA_FILES,
  DEMO_PRESENTIAL,
  DEMO_VOUCHER,
  type DemoClass,
} from './demo-catalogue.js';

type SeedConfig = Pick<AppConfig, 'accessPeriodMonths' | 'dataDir' | 'contentDir'>;
/** The stored demo files: publicId per kind. */
type DemoFiles = Record<'pdf' | 'video', string>;

/** The demo accounts of a first start (printed in the start-up log). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@circo.local', password: 'Admin1234!', name: 'Admin', surname: 'Circo' },
  student: { email: 'alumno@circo.local', password: 'Alumno1234', name: 'Alumno', surname: 'Demo' },
} as const;

/** The demo student whose access reminders fill the outbox on a first start (no password to log in). */
export const DEMO_REMINDERS_STUDENT = {
  email: 'avisos@circo.local',
  name: 'Alumna',
  surname: 'Avisos',
} as const;

export interface SeedSummary {
  courses: Record<string, string>;
  formations: Record<string, string>;
  /** The demo accounts' ids; null when the accounts were not seeded. */
  adminId: string | null;
  studentId: string | null;
}

const DAY = 86_400_000;
const same = (value: string | null): LocalizedOptional => ({ es: value, en: value, fr: value });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** True when the database holds no user and no course: the only state the seed writes into. */
export async function isDatabaseEmpty(db: Database | Transaction): Promise<boolean> {
  const rows = await db.execute<{ has_data: boolean }>(
    sql`select (exists (select 1 from ${users}) or exists (select 1 from ${courses})) as has_data`,
  );
  return !(rows as unknown as { rows: Array<{ has_data: boolean }> }).rows[0]?.has_data;
}

/**
 * Writes the demo catalogue, and with `seedDemoAccounts` a demo admin and a demo student (their
 * passwords are published: the embedded demo only), in one transaction, but only into an empty
 * database (no users and no courses): it never seeds over existing data. Returns null when it did
 * nothing.
 */
export async function seedDemo(
  db: Database,
  config: SeedConfig & Pick<AppConfig, 'seedDemoAccounts'>,
  logger: Pick<Logger, 'log'> = new Logger('Seed'),
): Promise<SeedSummary | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  const hashes = config.seedDemoAccounts
    ? await Promise.all([
        hashPassword(DEMO_ACCOUNTS.admin.password),
        hashPassword(DEMO_ACCOUNTS.student.password),
        // the reminders' demo student: nobody logs in as her (no published password)
        hashPassword(randomBytes(24).toString('base64url')),
      ])
    : null;
  const summary = await db.transaction(async (tx) => {
    // re-checked inside the transaction: a concurrent writer may have won the race
    if (!(await isDatabaseEmpty(tx))) return null;
    const catalogue = await writeCatalogue(tx, config);
    if (!hashes) return { ...catalogue, adminId: null, studentId: null };
    return { ...catalogue, ...(await writeAccounts(tx, config, catalogue, hashes)) };
  });
  if (summary?.adminId) {
    logger.log(
      `Demo data seeded. Admin: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}  ` +
        `Student: ${DEMO_ACCOUNTS.student.email} / ${DEMO_ACCOUNTS.student.password}`,
    );
  } else if (summary) {
    logger.log('Demo catalogue seeded (no demo accounts outside the embedded demo)');
  }
  return summary;
}

async function writeCatalogue(
  tx: Transaction,
  config: SeedConfig,
): Promise<Pick<SeedSummary, 'courses' | 'formations'>> {
  const now = new Date();
  const files = await storeDemoFiles(tx, config);
  const courseIds: Record<string, string> = {};
  const formationIds: Record<string, string> = {};

  // stagger created_at so "newest first" lists have a stable, meaningful order
  let minutesAgo = DEMO_COURSES.length + DEMO_FORMATIONS.length;
  const stamp = () => new Date(now.getTime() - minutesAgo-- * 60_000);

  for (const course of DEMO_COURSES) {
    const createdAt = stamp();
    const [row] = await tx
      .insert(courses)
      .values({
        title: course.title,
        description: course.description,
        priceCents: course.priceCents,
        image: course.image,
        pdf: same('/api/content/cv'),
        video: same(course.video),
        visible: course.visible,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: courses.id });
    courseIds[course.key] = row.id;
    for (const [position, c] of course.classes.entries()) {
      const [cls] = await tx
        .insert(courseClasses)
        .values({
          courseId: row.id,
          position,
          ...classColumns(c),
          visible: c.visible ?? course.visible,
        })
        .returning({ id: courseClasses.id });
      await insertMedia(tx, c, files, { ownerKind: 'course_class', courseClassId: cls.id });
    }
  }

  for (const formation of DEMO_FORMATIONS) {
    const createdAt = stamp();
    const [row] = await tx
      .insert(formations)
      .values({
        title: formation.title,
        description: formation.description,
        priceCents: formation.priceCents,
        image: formation.image,
        pdf: same('/api/content/cv'),
        video: same(formation.video),
        visible: formation.visible,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: formations.id });
    formationIds[formation.key] = row.id;
    for (const [position, m] of formation.modules.entries()) {
      const [mod] = await tx
        .insert(formationModules)
        .values({
          formationId: row.id,
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
            ...classColumns(c),
            visible: c.visible ?? formation.visible,
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

  return { courses: courseIds, formations: formationIds };
}

/** The demo admin and the demo student with purchases in every state and some progress. */
async function writeAccounts(
  tx: Transaction,
  config: Pick<AppConfig, 'accessPeriodMonths'>,
  { courses: courseIds, formations: formationIds }: Pick<SeedSummary, 'courses' | 'formations'>,
  [adminHash, studentHash, remindersHash]: string[],
): Promise<{ adminId: string; studentId: string }> {
  const now = new Date();
  const [admin] = await tx
    .insert(users)
    .values({
      name: DEMO_ACCOUNTS.admin.name,
      surname: DEMO_ACCOUNTS.admin.surname,
      email: DEMO_ACCOUNTS.admin.email,
      passwordHash: adminHash,
      role: 'admin',
    })
    .returning({ id: users.id });
  const [student] = await tx
    .insert(users)
    .values({
      name: DEMO_ACCOUNTS.student.name,
      surname: DEMO_ACCOUNTS.student.surname,
      email: DEMO_ACCOUNTS.student.email,
      passwordHash: studentHash,
      role: 'user',
    })
    .returning({ id: users.id });

  // My Courses shows every state: active (juggling, the social circus training), expiring within
  // a week (aerial silks), active but hidden in English (handstands), expired a month ago
  // (conditioning, the acrobatics programme). Each a card payment in test mode, like a real one.
  const month = config.accessPeriodMonths;
  const bought = [
    { type: 'course', key: 'juggling', at: new Date(now.getTime() - 7 * DAY) },
    {
      type: 'course',
      key: 'aerial-silks',
      at: accessEndsAt(new Date(now.getTime() + 5 * DAY), -month),
    },
    { type: 'course', key: 'handstands', at: new Date(now.getTime() - 30 * DAY) },
    { type: 'course', key: 'conditioning', at: accessEndsAt(now, -month - 1) },
    { type: 'formation', key: 'social-circus', at: new Date(now.getTime() - 14 * DAY) },
    { type: 'formation', key: 'acrobatics-programme', at: accessEndsAt(now, -month - 1) },
  ] as const;
  for (const { type, key, at } of bought) {
    const table = type === 'course' ? courses : formations;
    const itemId = (type === 'course' ? courseIds : formationIds)[key];
    const [item] = await tx
      .select({ id: table.id, priceCents: table.priceCents, title: table.title })
      .from(table)
      .where(sql`${table.id} = ${itemId}`);
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: student.id,
        provider: 'local',
        providerPaymentId: `demo_${key}_${student.id}`,
        amountCents: item.priceCents,
        status: 'succeeded',
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: payments.id });
    await tx.insert(paymentItems).values({
      paymentId: payment.id,
      itemType: type,
      itemId: item.id,
      title: item.title,
      listPriceCents: item.priceCents,
      priceCents: item.priceCents,
    });
    await tx.insert(accessGrants).values({
      userId: student.id,
      itemType: type,
      itemId: item.id,
      kind: 'purchase',
      startsAt: at,
      expiresAt: accessEndsAt(at, month),
      paymentId: payment.id,
      createdAt: at,
    });
  }
  const [firstJugglingClass] = await tx
    .select({ id: courseClasses.id })
    .from(courseClasses)
    .where(sql`${courseClasses.courseId} = ${courseIds.juggling}`)
    .orderBy(courseClasses.position)
    .limit(1);
  await tx.insert(classProgress).values({
    userId: student.id,
    itemType: 'course',
    itemId: courseIds.juggling,
    classId: firstJugglingClass.id,
  });

  await writeRemindersStudent(tx, now, admin.id, courseIds, formationIds, remindersHash);
  return { adminId: admin.id, studentId: student.id };
}

/**
 * A second demo student whose access is in every reminder window (ends in 25 days, in 6 days, in
 * 18 hours, ended 2 days ago), given by the admin: after a first start the outbox holds one
 * reminder of each kind (the demo student's own aerial silks add another "7 days").
 */
async function writeRemindersStudent(
  tx: Transaction,
  now: Date,
  adminId: string,
  courseIds: Record<string, string>,
  formationIds: Record<string, string>,
  passwordHash: string,
): Promise<void> {
  const [student] = await tx
    .insert(users)
    .values({
      name: DEMO_REMINDERS_STUDENT.name,
      surname: DEMO_REMINDERS_STUDENT.surname,
      email: DEMO_REMINDERS_STUDENT.email,
      passwordHash,
      role: 'user',
    })
    .returning({ id: users.id });
  const grants = [
    { itemType: 'course', itemId: courseIds.trapeze, endsIn: 25 * DAY },
    { itemType: 'course', itemId: courseIds.juggling, endsIn: 6 * DAY },
    { itemType: 'formation', itemId: formationIds['social-circus'], endsIn: 18 * 3_600_000 },
    { itemType: 'course', itemId: courseIds.handstands, endsIn: -2 * DAY },
  ] as const;
  await tx.insert(accessGrants).values(
    grants.map((g) => ({
      userId: student.id,
      itemType: g.itemType,
      itemId: g.itemId,
      kind: 'admin_grant' as const,
      reason: 'gift' as const,
      startsAt: new Date(now.getTime() - 90 * DAY),
      expiresAt: new Date(now.getTime() + g.endsIn),
      grantedBy: adminId,
    })),
  );
}

function classColumns(c: DemoClass) {
  return {
    title: c.title,
    subtitle: c.subtitle,
    content: c.content,
    secondaryContent: c.secondaryContent ?? { es: '', en: '', fr: '' },
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
