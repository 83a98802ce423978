import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/database/database.js';
import type { ItemType, LocalizedFlags, LocalizedText } from '../../src/database/tables/columns.js';
import {
  courseClasses,
  courses,
  discountTargets,
  discounts,
  formationClasses,
  formationModules,
  formations,
  accessGrants,
  paymentItems,
  payments,
  type PaymentRow,
  users,
  type CourseClassRow,
  type CourseRow,
  type DiscountRow,
  type FormationClassRow,
  type FormationModuleRow,
  type FormationRow,
  type NewCourseRow,
  type NewDiscountRow,
  type NewFormationRow,
  type AccessGrantRow,
  type UserRole,
  type UserRow,
} from '../../src/database/schema.js';
import { hashPassword } from '../../src/modules/users/password.js';

// Small factories for integration tests: each call inserts fresh rows with unique ids and values,
// so tests sharing one database never collide and nothing needs truncating.

const DAY = 86_400_000;
const unique = () => randomUUID().slice(0, 8);
const ALL_VISIBLE: LocalizedFlags = { es: true, en: true, fr: true };
const text = (base: string): LocalizedText => ({
  es: `${base} (es)`,
  en: `${base} (en)`,
  fr: `${base} (fr)`,
});

// argon2 takes ~50 ms per hash: hash each distinct test password once
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export const DEFAULT_PASSWORD = 'Secret123';

/** A user (role 'user' unless given) with a unique e-mail; `password` is the plain password. */
export async function createUser(
  db: Database,
  opts: {
    role?: UserRole;
    password?: string;
    email?: string;
    name?: string;
    surname?: string;
  } = {},
): Promise<UserRow & { password: string }> {
  const password = opts.password ?? DEFAULT_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({
      name: opts.name ?? 'Test',
      surname: opts.surname ?? `User ${unique()}`,
      email: (opts.email ?? `user-${unique()}@test.local`).toLowerCase(),
      passwordHash: await hashOnce(password),
      role: opts.role ?? 'user',
    })
    .returning();
  return { ...row, password };
}

/** A course visible in all languages (unless `visible` says otherwise), with `classes` classes. */
export async function createCourse(
  db: Database,
  opts: Partial<Omit<NewCourseRow, 'id'>> & { classes?: number } = {},
): Promise<CourseRow & { classes: CourseClassRow[] }> {
  const { classes: classCount = 0, ...values } = opts;
  const name = `Course ${unique()}`;
  const [course] = await db
    .insert(courses)
    .values({
      title: text(name),
      description: text(`About ${name}`),
      priceCents: 2500,
      visible: ALL_VISIBLE,
      ...values,
    })
    .returning();
  const classes =
    classCount > 0
      ? await db
          .insert(courseClasses)
          .values(
            Array.from({ length: classCount }, (_, position) => ({
              courseId: course.id,
              position,
              title: text(`Class ${position + 1}`),
              content: text(`Content ${position + 1}`),
              visible: course.visible,
            })),
          )
          .returning()
      : [];
  return { ...course, classes };
}

/** A formation with `modules` modules of `classesPerModule` classes each, all in one visibility. */
export async function createFormationWithModules(
  db: Database,
  opts: Partial<Omit<NewFormationRow, 'id'>> & { modules?: number; classesPerModule?: number } = {},
): Promise<
  FormationRow & { modules: Array<FormationModuleRow & { classes: FormationClassRow[] }> }
> {
  const { modules: moduleCount = 2, classesPerModule = 2, ...values } = opts;
  const name = `Formation ${unique()}`;
  const [formation] = await db
    .insert(formations)
    .values({
      title: text(name),
      description: text(`About ${name}`),
      priceCents: 9900,
      visible: ALL_VISIBLE,
      ...values,
    })
    .returning();
  const modules: Array<FormationModuleRow & { classes: FormationClassRow[] }> = [];
  for (let m = 0; m < moduleCount; m++) {
    const [mod] = await db
      .insert(formationModules)
      .values({
        formationId: formation.id,
        position: m,
        title: text(`Module ${m + 1}`),
        description: text(`Module ${m + 1} description`),
        visible: formation.visible,
      })
      .returning();
    const classes =
      classesPerModule > 0
        ? await db
            .insert(formationClasses)
            .values(
              Array.from({ length: classesPerModule }, (_, position) => ({
                moduleId: mod.id,
                position,
                title: text(`Module ${m + 1} class ${position + 1}`),
                content: text(`Content ${position + 1}`),
                visible: formation.visible,
              })),
            )
            .returning()
        : [];
    modules.push({ ...mod, classes });
  }
  return { ...formation, modules };
}

/**
 * Access to an item for a user (an admin grant in the purchase history): active for 365 days, or
 * expired yesterday with `expired: true`.
 */
export async function createPurchase(
  db: Database,
  opts: {
    userId: string;
    itemType: ItemType;
    itemId: string;
    expired?: boolean;
    expiresAt?: Date;
    purchasedAt?: Date;
  },
): Promise<AccessGrantRow> {
  const now = Date.now();
  const expiresAt = opts.expiresAt ?? new Date(opts.expired ? now - DAY : now + 365 * DAY);
  const [row] = await db
    .insert(accessGrants)
    .values({
      userId: opts.userId,
      itemType: opts.itemType,
      itemId: opts.itemId,
      kind: 'admin_grant',
      startsAt: opts.purchasedAt ?? new Date(expiresAt.getTime() - 365 * DAY),
      expiresAt,
    })
    .returning();
  return row;
}

/** A running voucher (20% by default, from yesterday to in 10 days) targeting the given items. */
export async function createDiscount(
  db: Database,
  opts: Partial<Omit<NewDiscountRow, 'id'>> & {
    targets?: Array<{ itemType: ItemType; itemId: string }>;
  } = {},
): Promise<DiscountRow> {
  const { targets = [], ...values } = opts;
  const now = Date.now();
  const [row] = await db
    .insert(discounts)
    .values({
      name: `Voucher ${unique()}`,
      percentage: 20,
      startDate: new Date(now - DAY),
      endDate: new Date(now + 10 * DAY),
      type: 'both',
      ...values,
    })
    .returning();
  if (targets.length > 0) {
    await db.insert(discountTargets).values(targets.map((t) => ({ discountId: row.id, ...t })));
  }
  return row;
}

/**
 * A card payment by `userId` (local test provider, succeeded unless `status` says otherwise) with
 * one payment_items row per item, charged at `priceCents` each (2500 by default).
 */
export async function createPayment(
  db: Database,
  opts: {
    userId: string;
    items: Array<{ type: ItemType; id: string; priceCents?: number }>;
    status?: string;
  },
): Promise<PaymentRow> {
  const price = (i: { priceCents?: number }) => i.priceCents ?? 2500;
  const [payment] = await db
    .insert(payments)
    .values({
      userId: opts.userId,
      provider: 'local',
      providerPaymentId: `pi_test_${unique()}`,
      amountCents: opts.items.reduce((sum, i) => sum + price(i), 0),
      status: opts.status ?? 'succeeded',
    })
    .returning();
  await db.insert(paymentItems).values(
    opts.items.map((i) => ({
      paymentId: payment.id,
      itemType: i.type,
      itemId: i.id,
      listPriceCents: price(i),
      priceCents: price(i),
    })),
  );
  return payment;
}
