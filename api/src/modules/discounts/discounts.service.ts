import { Injectable } from '@nestjs/common';
import { isDiscountActive, type DiscountDto } from '@circo/shared-contracts';
import { CoursesService } from '../courses/courses.service.js';
import { FormationsService } from '../formations/formations.service.js';
import { toDiscountDto, type DiscountTargetView } from './discounts.mapper.js';
import { DiscountsRepository } from './discounts.repository.js';

@Injectable()
export class DiscountsService {
  constructor(
    private readonly repo: DiscountsRepository,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
  ) {}

  /**
   * GET /discounts/activos: vouchers active at `now` (flag on, now within [start, end]) with
   * their targets' Spanish titles. A target that no longer exists is left out; one hidden in
   * Spanish keeps its id with an empty title (hidden-language text never leaves the server).
   */
  /**
   * When the answer of `active(now)` next changes by the clock alone (a voucher starts, or ends
   * 1 ms after its end date), or null when no voucher is ahead.
   */
  async nextChange(now: Date = new Date()): Promise<Date | null> {
    const at = await this.repo.nextChange(now);
    if (!at) return null;
    return at.getTime() > now.getTime() ? at : new Date(at.getTime() + 1);
  }

  async active(now: Date = new Date()): Promise<DiscountDto[]> {
    const rows = (await this.repo.activeAt(now)).filter((r) =>
      isDiscountActive(
        {
          active: r.active,
          startDate: r.startDate.toISOString(),
          endDate: r.endDate.toISOString(),
        },
        now,
      ),
    );
    const targets = await this.repo.targets(rows.map((r) => r.id));
    const [courseTitles, formationTitles] = await Promise.all([
      this.courses.titles(targets.filter((t) => t.itemType === 'course').map((t) => t.itemId)),
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
    return rows.map((r) => toDiscountDto(r, byDiscount.get(r.id) ?? []));
  }
}
