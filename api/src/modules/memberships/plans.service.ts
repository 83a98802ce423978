import { Inject, Injectable } from '@nestjs/common';
import {
  fromCents,
  MEMBERSHIP_ERRORS,
  toCents,
  validatePlan,
  type AdminPlan,
  type Lang,
  type PlanItem,
  type PublicPlan,
} from '@circo/shared-contracts';
import { AppError, conflict, notFound } from '../../common/errors/app-error.js';
import { Transactional } from '../../database/transactions.js';
import type { ItemType } from '../../database/tables/columns.js';
import type { PlanItemRow, PlanRow } from '../../database/tables/memberships.table.js';
import { assertRules, CoursesService, FormationsService, toText } from '../catalogue/index.js';
import { JobsService } from '../jobs/index.js';
import { BILLING_PROVIDER, type BillingProvider } from '../payments/index.js';
import type { PlanBodyDto } from './dto/plan-body.dto.js';
import { PlansRepository } from './plans.repository.js';

const planNotFound = () => notFound(MEMBERSHIP_ERRORS.planNotFound, 'Plan not found');

/** Keeps a plan's Product and Price at the billing provider in step with it (Stripe). */
export const PLAN_SYNC_JOB = 'memberships.plan-sync';

type ItemRef = { itemType: ItemType; itemId: string };

/**
 * Membership plans: the admin writes them (Spanish name required, a price above zero, what they
 * open), visitors read the active ones. A plan someone subscribed to is never deleted: withdrawn
 * (`active` false), it takes no new subscribers and keeps its current ones.
 */
@Injectable()
export class PlansService {
  constructor(
    private readonly repo: PlansRepository,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly jobs: JobsService,
    @Inject(BILLING_PROVIDER) private readonly billing: BillingProvider | null,
  ) {}

  /** GET /plans?lang=: the active plans, cheapest first, with what each opens. */
  async listActive(lang: Lang): Promise<PublicPlan[]> {
    const rows = await this.repo.listActive();
    const items = await this.repo.itemsOf(rows.map((r) => r.id));
    const titles = await this.titles([...items.values()].flat());
    return rows.map((row) => ({
      _id: row.id,
      name: row.name[lang] || row.name.es,
      description: row.description[lang] || row.description.es,
      price: fromCents(row.priceCents),
      interval: row.interval,
      includesAll: row.includesAll,
      items: row.includesAll ? [] : (items.get(row.id) ?? []).map((i) => titled(i, titles, lang)),
    }));
  }

  /** A plan by id, active or not (subscribing checks `active` itself). */
  async get(id: string): Promise<PlanRow> {
    const row = await this.repo.rows.find(id);
    if (!row) throw planNotFound();
    return row;
  }

  /** A plan by id, or undefined. */
  find(id: string): Promise<PlanRow | undefined> {
    return this.repo.rows.find(id);
  }

  /** GET /admin/plans */
  async listAll(): Promise<AdminPlan[]> {
    const rows = await this.repo.listAll();
    const ids = rows.map((r) => r.id);
    const [items, counts, older] = await Promise.all([
      this.repo.itemsOf(ids),
      this.repo.subscriberCounts(ids),
      this.repo.olderPriceCounts(ids),
    ]);
    return rows.map((r) =>
      toAdmin(r, items.get(r.id) ?? [], counts.get(r.id) ?? 0, older.get(r.id) ?? 0),
    );
  }

  @Transactional()
  async create(body: PlanBodyDto): Promise<AdminPlan> {
    const listed = await this.checked(body);
    const row = await this.repo.rows.insert(values(body));
    await this.repo.setItems(row.id, listed);
    await this.synced(row);
    return this.adminView(row);
  }

  /**
   * PUT /admin/plans/{id}. A new price applies to new subscribers: the current ones keep the
   * price their subscription started with (with Stripe, their Price: a Price cannot change, so a
   * new price or interval gets a new one) until the coach moves them (PriceMovesService).
   */
  @Transactional()
  async update(id: string, body: PlanBodyDto): Promise<AdminPlan> {
    const listed = await this.checked(body);
    const before = await this.repo.rows.find(id);
    if (!before) throw planNotFound();
    const changes = values(body);
    const repriced =
      changes.priceCents !== before.priceCents || changes.interval !== before.interval;
    const row = await this.repo.rows.update(id, {
      ...changes,
      ...(repriced && { stripePriceId: null }),
    });
    if (!row) throw planNotFound();
    await this.repo.setItems(row.id, listed);
    await this.synced(row);
    return this.adminView(row);
  }

  /** DELETE /admin/plans/{id}: only a plan nobody subscribed to; the others are withdrawn. */
  @Transactional()
  async remove(id: string): Promise<void> {
    if (!(await this.repo.rows.find(id))) throw planNotFound();
    if (await this.repo.hasSubscriptions(id)) {
      throw conflict(
        MEMBERSHIP_ERRORS.planInUse,
        'This plan has subscribers: withdraw it instead (it then takes no new subscribers and keeps its current ones)',
      );
    }
    await this.repo.rows.delete(id);
  }

  /** Records the provider's Product and Price made for the plan at this price (Stripe). */
  async setProviderIds(
    id: string,
    ids: { productId: string; priceId: string },
    madeFor: Pick<PlanRow, 'priceCents' | 'interval'>,
  ): Promise<void> {
    await this.repo.setProviderIds(id, ids, madeFor);
  }

  /** With a billing provider, a job (in this transaction) brings its Product and Price in step. */
  private async synced(row: PlanRow): Promise<void> {
    if (!this.billing) return;
    await this.jobs.enqueue(
      PLAN_SYNC_JOB,
      { planId: row.id },
      { key: `plan-sync:${row.id}:${row.updatedAt.getTime()}` },
    );
  }

  private async adminView(row: PlanRow): Promise<AdminPlan> {
    const [items, counts, older] = await Promise.all([
      this.repo.itemsOf([row.id]),
      this.repo.subscriberCounts([row.id]),
      this.repo.olderPriceCounts([row.id]),
    ]);
    return toAdmin(row, items.get(row.id) ?? [], counts.get(row.id) ?? 0, older.get(row.id) ?? 0);
  }

  /** The shared rule, then every listed item must exist (400 plans.item_not_found). */
  private async checked(body: PlanBodyDto): Promise<ItemRef[]> {
    assertRules(validatePlan(body));
    if (body.includes === 'all') return [];
    const unique = [
      ...new Map(body.includes.map((i) => [`${i.itemType}:${i.itemId}`, i])).values(),
    ];
    const titles = await this.titles(unique);
    const missing = unique.findIndex((i) => !titles.has(`${i.itemType}:${i.itemId}`));
    if (missing >= 0) {
      const message = 'A course or formation of this plan does not exist';
      throw new AppError(400, MEMBERSHIP_ERRORS.planItemNotFound, message, {
        errors: [
          { field: `includes.${missing}`, code: MEMBERSHIP_ERRORS.planItemNotFound, message },
        ],
      });
    }
    return unique;
  }

  /** Titles of courses and formations by `type:id` (unknown ones are absent). */
  private async titles(items: readonly ItemRef[]): Promise<Map<string, Record<Lang, string>>> {
    const ids = (type: ItemType) => [
      ...new Set(items.filter((i) => i.itemType === type).map((i) => i.itemId)),
    ];
    const [courses, formations] = await Promise.all([
      ids('course').length ? this.courses.titles(ids('course')) : new Map(),
      ids('formation').length ? this.formations.titles(ids('formation')) : new Map(),
    ]);
    const byKey = new Map<string, Record<Lang, string>>();
    for (const [id, v] of courses) byKey.set(`course:${id}`, v.title);
    for (const [id, v] of formations) byKey.set(`formation:${id}`, v.title);
    return byKey;
  }
}

function titled(i: PlanItemRow, titles: Map<string, Record<Lang, string>>, lang: Lang): PlanItem {
  const title = titles.get(`${i.itemType}:${i.itemId}`);
  return { itemType: i.itemType, itemId: i.itemId, title: title?.[lang] || title?.es || '' };
}

function values(body: PlanBodyDto) {
  return {
    name: toText(body.name),
    description: toText(body.description),
    priceCents: toCents(Number(body.price)),
    interval: body.interval,
    includesAll: body.includes === 'all',
    active: body.active ?? true,
  };
}

function toAdmin(
  row: PlanRow,
  items: PlanItemRow[],
  subscribers: number,
  olderPrice: number,
): AdminPlan {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    interval: row.interval,
    includes: row.includesAll
      ? 'all'
      : items.map((i) => ({ itemType: i.itemType, itemId: i.itemId })),
    active: row.active,
    subscribers,
    olderPrice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
