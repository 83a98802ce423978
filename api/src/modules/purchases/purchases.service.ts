import { Inject, Injectable } from '@nestjs/common';
import {
  accessEndsAt,
  isWithinDateRange,
  LATEST_DAY,
  RENEWAL_WINDOW_DAYS,
  STUDENTS_ERRORS,
  type GrantReason,
  type PurchasesResponse,
} from '@circo/shared-contracts';
import { AppError, conflict, notFound } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { ItemType } from '../../database/tables/columns.js';
import { Transactional } from '../../database/transactions.js';
import { PurchasesRepository, type AccessRow } from './purchases.repository.js';
import type { AccessGrantRow, CurrentAccessRow } from '../../database/tables/purchases.table.js';

export interface ItemRef {
  type: ItemType;
  id: string;
}

/**
 * What opens an item for a user now, by the one access rule: the later of its grants' current
 * access (purchases, renewals, admin grants, not refunded or revoked) and the access of a
 * subscription whose plan opens it (its paid period, or its grace period while past due).
 */
export interface ItemAccess {
  itemType: ItemType;
  itemId: string;
  expiresAt: Date;
  /** The subscription that gives the later access, or null when a grant does. */
  membership: {
    subscriptionId: string;
    planName: Record<'es' | 'en' | 'fr', string>;
    /** Whether it renews at `periodEnd` (else it ends then). */
    renews: boolean;
    /** The end of the paid period (access may last longer: a grace, a renewal being collected). */
    periodEnd: Date;
  } | null;
}

/** Per item (`type:id`), the access that lasts longest of its sources. */
function merged(rows: readonly AccessRow[]): Map<string, ItemAccess> {
  const byItem = new Map<string, ItemAccess>();
  for (const r of rows) {
    const key = `${r.itemType}:${r.itemId}`;
    const seen = byItem.get(key);
    // on a tie the purchase wins: an item also bought keeps its own period
    const diff = seen ? r.expiresAt.getTime() - seen.expiresAt.getTime() : 1;
    if (diff < 0 || (diff === 0 && r.subscription)) continue;
    byItem.set(key, {
      itemType: r.itemType,
      itemId: r.itemId,
      expiresAt: r.expiresAt,
      membership: r.subscription
        ? {
            subscriptionId: r.subscription.id,
            planName: r.subscription.planName,
            renews: r.subscription.renews,
            periodEnd: r.subscription.periodEnd,
          }
        : null,
    });
  }
  return byItem;
}

const renewalWindowEnd = (now: Date) => now.getTime() + RENEWAL_WINDOW_DAYS * 86_400_000;

/** What granting a payment's items did, item by item. */
export interface GrantOutcome {
  /** Items this call gave access to (new purchases and renewals of expired items). */
  granted: AccessGrantRow[];
  /** Items the user already had with active access: nothing granted, nothing to charge. */
  alreadyOwned: ItemRef[];
}

/**
 * The purchase history and what it means now. Every grant (purchase, renewal, admin grant,
 * refund) is a row that stays; "owns X until D" is derived from them (the current_access view).
 */
@Injectable()
export class PurchasesService {
  constructor(
    private readonly repo: PurchasesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /users/mis-compras: every purchase with its expiry; expired ones are flagged. */
  async listForUser(userId: string, now = new Date()): Promise<PurchasesResponse> {
    const rows = await this.repo.listCurrent(userId);
    const view = (r: CurrentAccessRow) => ({
      fechaExpiracion: r.expiresAt.toISOString(),
      expired: r.expiresAt.getTime() <= now.getTime(),
    });
    return {
      cursos: rows
        .filter((r) => r.itemType === 'course')
        .map((r) => ({ courseId: r.itemId, ...view(r) })),
      formaciones: rows
        .filter((r) => r.itemType === 'formation')
        .map((r) => ({ formationId: r.itemId, ...view(r) })),
    };
  }

  /**
   * THE access rule: whether the item is open to the user now, through a purchase or grant not
   * expired, or a subscription (active, or past due within its grace) whose plan opens it. Every
   * check of access (viewers, private media, practice, clips, progress, certificates) asks this.
   */
  async hasActive(
    userId: string,
    itemType: ItemType,
    itemId: string,
    now = new Date(),
  ): Promise<boolean> {
    const access = await this.accessTo(userId, itemType, itemId);
    return !!access && access.expiresAt.getTime() > now.getTime();
  }

  /** The access rule for one item: its longest-lasting source, or null when it never had one. */
  async accessTo(userId: string, itemType: ItemType, itemId: string): Promise<ItemAccess | null> {
    const rows = await this.repo.accessRows(userId, [itemId]);
    return merged(rows.filter((r) => r.itemType === itemType)).get(`${itemType}:${itemId}`) ?? null;
  }

  /** The access rule for every item the user holds or held (expired ones too), soonest end first. */
  async accessList(userId: string): Promise<ItemAccess[]> {
    const all = [...merged(await this.repo.accessRows(userId)).values()];
    return all.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  }

  /**
   * Where a period bought now would start, per item (`type:id`): now, or the end of access that
   * ends within the renewal window (renewed ahead of its end); null when the user owns the item
   * with access ending later (not sold again). One read for the whole cart.
   */
  async periodStarts(
    userId: string,
    items: ItemRef[],
    now = new Date(),
  ): Promise<Map<string, Date | null>> {
    const current = await this.repo.currentOf(userId, items);
    return new Map(
      items.map((item) => {
        const key = `${item.type}:${item.id}`;
        const access = current.get(key);
        if (!access || access.expiresAt.getTime() <= now.getTime()) return [key, now];
        return [key, access.expiresAt.getTime() > renewalWindowEnd(now) ? null : access.expiresAt];
      }),
    );
  }

  /** Of `items`, those the user owns with active access (not to be charged again). */
  async activeAmong(userId: string, items: ItemRef[], now = new Date()): Promise<ItemRef[]> {
    const current = await this.repo.currentOf(userId, items);
    return items.filter(
      (i) => (current.get(`${i.type}:${i.id}`)?.expiresAt.getTime() ?? 0) > now.getTime(),
    );
  }

  /**
   * Gives the buyer of a succeeded payment access to its items, each for the configured access
   * period from `now`: a first purchase, or a renewal when the user had the item before (expired,
   * or ending within the renewal window: then from its end). Items with access ending later are
   * left as they are. Run it more than once for the same payment (the
   * confirm call and the webhook racing) and the items are still granted once.
   */
  @Transactional()
  async grantPaidItems(
    userId: string,
    paymentId: string,
    items: ItemRef[],
    now = new Date(),
  ): Promise<GrantOutcome> {
    const alreadyOwned: ItemRef[] = [];
    const rows = [];
    const currentOf = await this.repo.currentOf(userId, items);
    for (const item of items) {
      const current = currentOf.get(`${item.type}:${item.id}`);
      if (current && current.expiresAt.getTime() > renewalWindowEnd(now)) {
        alreadyOwned.push(item);
        continue;
      }
      // access still running (within the renewal window) goes on from its end
      const startsAt =
        current && current.expiresAt.getTime() > now.getTime() ? current.expiresAt : now;
      rows.push({
        userId,
        itemType: item.type,
        itemId: item.id,
        kind: current ? ('renewal' as const) : ('purchase' as const),
        startsAt,
        expiresAt: this.accessEndsAt(startsAt),
        paymentId,
      });
    }
    const granted = await this.repo.insertGrants(rows);
    return { granted, alreadyOwned };
  }

  /**
   * Ends, at `now`, the access a refunded payment gave: a refund row per grant it made. The grants
   * stay in the history, marked refunded by the rows that point at them. Idempotent.
   */
  @Transactional()
  async refundPayment(paymentId: string, now = new Date()): Promise<AccessGrantRow[]> {
    const grants = await this.repo.unrefundedGrantsOfPayment(paymentId);
    return this.repo.insertGrants(
      grants.map((g) => ({
        userId: g.userId,
        itemType: g.itemType,
        itemId: g.itemId,
        kind: 'refund' as const,
        startsAt: now,
        expiresAt: now,
        paymentId,
        refundsGrantId: g.id,
      })),
    );
  }

  /**
   * An admin gives an item by hand (scholarship, technical problem, gift): for `months` months
   * from the end of the access the user has now (an extension) or from now, or until `until`.
   * A row of the history like any other: the student sees it as normal access.
   */
  @Transactional()
  async grantByAdmin(
    grant: {
      userId: string;
      item: ItemRef;
      months?: number;
      until?: Date;
      reason: GrantReason;
      note?: string | null;
      adminId: string;
    },
    now = new Date(),
  ): Promise<AccessGrantRow> {
    const current = await this.repo.current(grant.userId, grant.item.type, grant.item.id);
    const activeUntil =
      current && current.expiresAt.getTime() > now.getTime() ? current.expiresAt : null;
    let startsAt: Date;
    let expiresAt: Date;
    if (grant.months !== undefined) {
      startsAt = activeUntil ?? now;
      expiresAt = accessEndsAt(startsAt, grant.months);
    } else {
      const until = grant.until!;
      if (until.getTime() <= (activeUntil ?? now).getTime()) {
        const message = activeUntil
          ? `The student has access until ${activeUntil.toISOString()} already: choose a later date`
          : 'until must be in the future';
        throw new AppError(400, STUDENTS_ERRORS.grantPeriod, message, {
          errors: [{ field: 'until', code: STUDENTS_ERRORS.grantPeriod, message }],
        });
      }
      startsAt = now;
      expiresAt = until;
    }
    if (!isWithinDateRange(expiresAt.getTime())) {
      // months added to access that already runs far ahead: dates stop at the end of 9998
      const message = `Access can end on ${LATEST_DAY} (UTC) at the latest: this grant would end after it`;
      throw new AppError(400, STUDENTS_ERRORS.grantPeriod, message, {
        errors: [{ field: 'months', code: STUDENTS_ERRORS.grantPeriod, message }],
      });
    }
    const [row] = await this.repo.insertGrants([
      {
        userId: grant.userId,
        itemType: grant.item.type,
        itemId: grant.item.id,
        kind: 'admin_grant',
        startsAt,
        expiresAt,
        reason: grant.reason,
        note: grant.note || null,
        grantedBy: grant.adminId,
      },
    ]);
    return row;
  }

  /**
   * An admin ends an admin grant of `userId` now: a revocation row that points at it (the grant
   * stays in the history). A purchase is ended by refunding its payment instead.
   */
  @Transactional()
  async endAdminGrant(
    userId: string,
    grantId: string,
    adminId: string,
    now = new Date(),
  ): Promise<AccessGrantRow> {
    const grant = await this.repo.findGrant(grantId);
    if (!grant || grant.userId !== userId) {
      throw notFound(STUDENTS_ERRORS.grantNotFound, 'This student has no such grant');
    }
    if (grant.kind !== 'admin_grant') {
      throw conflict(
        STUDENTS_ERRORS.grantNotAdmin,
        'Only access given by hand can be ended here; a purchase ends by refunding its payment',
      );
    }
    const [row] = await this.repo.insertGrants([
      {
        userId,
        itemType: grant.itemType,
        itemId: grant.itemId,
        kind: 'revocation',
        startsAt: now,
        expiresAt: now,
        refundsGrantId: grant.id,
        grantedBy: adminId,
      },
    ]);
    // the unique refunds_grant_id: a second end (or a refund meanwhile) inserts nothing
    if (!row) throw conflict(STUDENTS_ERRORS.grantEnded, 'This grant has already ended');
    return row;
  }

  /** When access bought at `now` ends (the configured access period). */
  accessEndsAt(now: Date): Date {
    return accessEndsAt(now, this.config.accessPeriodMonths);
  }

  /** The grants a payment gave that were not refunded. */
  grantsOfPayment(paymentId: string): Promise<AccessGrantRow[]> {
    return this.repo.unrefundedGrantsOfPayment(paymentId);
  }

  /** The whole history of one item for one user, oldest first (for support and the admin). */
  history(userId: string, itemType: ItemType, itemId: string): Promise<AccessGrantRow[]> {
    return this.repo.history(userId, itemType, itemId);
  }

  hasBuyers(itemType: ItemType, itemId: string): Promise<boolean> {
    return this.repo.hasBuyers(itemType, itemId);
  }

  /** Which of the given items have buyers (the admin lists mark them: they cannot be deleted). */
  itemsWithBuyers(itemType: ItemType, itemIds: readonly string[]): Promise<Set<string>> {
    return this.repo.itemsWithBuyers(itemType, itemIds);
  }
}
