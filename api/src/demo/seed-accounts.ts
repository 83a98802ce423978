import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/app-config.js';
import { accessEndsAt } from '@circo/shared-contracts';
import type { Transaction } from '../database/database.js';
import {
  classProgress,
  courseClasses,
  courses,
  formations,
  accessGrants,
  paymentItems,
  payments,
  users,
} from '../database/schema.js';
import { DAY, type SeededCatalogue } from './seed-catalogue.js';

// The demo accounts: an admin, a student with purchases in every state, and a student whose
// access is in every reminder window.

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

/** The demo admin and the demo student with purchases in every state and some progress. */
export async function writeAccounts(
  tx: Transaction,
  config: Pick<AppConfig, 'accessPeriodMonths'>,
  { courses: courseIds, formations: formationIds }: SeededCatalogue,
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
