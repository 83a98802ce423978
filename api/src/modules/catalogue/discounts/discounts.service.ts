import { Injectable } from '@nestjs/common';
import { isDiscountActive, type DiscountDto } from '@circo/shared-contracts';
import { CatalogCacheService } from '../cache/catalog-cache.service.js';
import { CatalogRows } from '../cache/catalog-rows.js';
import { TransactionHost } from '../../../database/transactions.js';
import { CoursesService } from '../courses/courses.service.js';
import { FormationsService } from '../formations/formations.service.js';
import { toDiscountDto, type DiscountTargetView } from './discounts.mapper.js';
import { DiscountsRepository } from './discounts.repository.js';
import type { DiscountRow } from '../../../database/tables/discounts.table.js';

interface VoucherWithTargets {
  row: DiscountRow;
  targets: DiscountTargetView[];
}

const VOUCHERS_KEY = 'not-ended';

@Injectable()
export class DiscountsService {
  /**
   * The vouchers not ended when read, with their targets, kept until the catalogue changes (every
   * checkout prices its cart with the running ones: three or four statements each time).
   */
  private readonly vouchers: CatalogRows<{ from: number; list: VoucherWithTargets[] }>;

  constructor(
    private readonly repo: DiscountsRepository,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    cache: CatalogCacheService,
    private readonly host: TransactionHost,
  ) {
    this.vouchers = new CatalogRows(cache, host, 1);
  }

  /**
   * When the answer of `active(now)` next changes by the clock alone (a voucher starts, or ends
   * 1 ms after its end date), or null when no voucher is ahead.
   */
  async nextChange(now: Date = new Date()): Promise<Date | null> {
    const at = await this.repo.nextChange(now);
    if (!at) return null;
    return at.getTime() > now.getTime() ? at : new Date(at.getTime() + 1);
  }

  /**
   * GET /discounts/activos: vouchers active at `now` (flag on, now within [start, end]) with
   * their targets' Spanish titles. A target that no longer exists is left out; one hidden in
   * Spanish keeps its id with an empty title (hidden-language text never leaves the server).
   */
  async active(now: Date = new Date()): Promise<DiscountDto[]> {
    const kept = await this.vouchers.get(VOUCHERS_KEY, async () => ({
      from: now.getTime(),
      list: await this.withTargets(await this.repo.notEndedAt(now)),
    }));
    // kept from an earlier moment: the vouchers not ended then, with those running now among them
    const list =
      kept && kept.from <= now.getTime()
        ? kept.list
        : await this.withTargets(await this.repo.activeAt(now));
    return list
      .filter(({ row }) =>
        isDiscountActive(
          {
            active: row.active,
            startDate: row.startDate.toISOString(),
            endDate: row.endDate.toISOString(),
          },
          now,
        ),
      )
      .map(({ row, targets }) => toDiscountDto(row, targets));
  }

  /** The vouchers with their targets' Spanish titles (see active). */
  private async withTargets(rows: DiscountRow[]): Promise<VoucherWithTargets[]> {
    const targets = await this.repo.targets(rows.map((r) => r.id));
    const [courseTitles, formationTitles] = await this.host.all([
      () =>
        this.courses.titles(targets.filter((t) => t.itemType === 'course').map((t) => t.itemId)),
      () =>
        this.formations.titles(
          targets.filter((t) => t.itemType === 'formation').map((t) => t.itemId),
        ),
    ]);
    const byDiscount = new Map<string, DiscountTargetView[]>();
    for (const t of targets) {
      const item = (t.itemType === 'course' ? courseTitles : formationTitles).get(t.itemId);
      if (!item) continue;
      const view = {
        _id: t.itemId,
        title: item.visible?.es === true ? (item.title?.es ?? '') : '',
        itemType: t.itemType,
      };
      byDiscount.set(t.discountId, [...(byDiscount.get(t.discountId) ?? []), view]);
    }
    return rows.map((row) => ({ row, targets: byDiscount.get(row.id) ?? [] }));
  }
}
