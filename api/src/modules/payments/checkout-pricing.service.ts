import { Injectable, Logger } from '@nestjs/common';
import {
  bestDiscountFor,
  discountedPrice,
  fromCents,
  LANGUAGES,
  PAYMENT_ERRORS,
  toCents,
  type CheckoutItemRequest,
  type Localized,
} from '@circo/shared-contracts';
import { AppError, conflict, notFound } from '../../common/errors/app-error.js';
import { CoursesService, DiscountsService, FormationsService } from '../catalogue/index.js';
import { PurchasesService, type ItemRef } from '../purchases/index.js';

/** One item as the server prices it now: from the database and the vouchers active now. */
export interface PricedLine extends ItemRef {
  /** The title in each language where the item is visible ('' elsewhere). */
  title: Localized;
  listPriceCents: number;
  priceCents: number;
  discount: { id: string; name: string; percentage: number; amountCents: number } | null;
  /** Where the bought period starts: now, or the end of access still running (a renewal ahead). */
  accessStartsAt: Date;
}

export interface Quote {
  lines: PricedLine[];
  /** Requested items the user owns with active access: not charged. */
  alreadyOwned: ItemRef[];
  amountCents: number;
}

/**
 * Prices a cart for a buyer. The client's prices are never trusted: each item's price is read
 * from the database, the best active voucher applied with the shared pricing rule, and a price the
 * client expected differently is logged, not charged. Never reads the public catalogue cache.
 */
@Injectable()
export class CheckoutPricingService {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly discounts: DiscountsService,
    private readonly purchases: PurchasesService,
  ) {}

  async quote(userId: string, requested: CheckoutItemRequest[], now = new Date()): Promise<Quote> {
    const unique = [...new Map(requested.map((i) => [`${i.type}:${i.id}`, i])).values()];
    // the vouchers, the buyer's access and the items read side by side (the items one by one: a
    // cart holds few, and a long one must not take the whole pool at once)
    const [vouchers, starts, rows] = await Promise.all([
      this.discounts.active(now),
      this.purchases.periodStarts(userId, unique, now),
      (async () => {
        const found = [];
        for (const item of unique) found.push(await this.item(item));
        return found;
      })(),
    ]);
    const lines: PricedLine[] = [];
    const alreadyOwned: ItemRef[] = [];
    for (const [index, item] of unique.entries()) {
      const row = rows[index];
      if (!LANGUAGES.some((l) => row.visible[l] === true)) {
        throw conflict(PAYMENT_ERRORS.itemUnavailable, `This ${item.type} is not on sale`);
      }
      const accessStartsAt = starts.get(`${item.type}:${item.id}`) ?? null;
      if (!accessStartsAt) {
        alreadyOwned.push({ type: item.type, id: item.id });
        continue;
      }
      const listPrice = fromCents(row.priceCents);
      const best = bestDiscountFor(
        { _id: item.id, type: item.type, price: listPrice },
        vouchers,
        now,
      );
      const priceCents = toCents(discountedPrice(listPrice, best));
      if (item.price !== undefined && toCents(item.price) !== priceCents) {
        this.logger.warn(
          `client price ${item.price} for ${item.type} ${item.id} differs from ${fromCents(priceCents)}: charging the server price`,
        );
      }
      lines.push({
        type: item.type,
        id: item.id,
        title: Object.fromEntries(
          LANGUAGES.map((l) => [l, row.visible[l] === true ? (row.title[l] ?? '') : '']),
        ) as Localized,
        listPriceCents: row.priceCents,
        priceCents,
        discount: best
          ? {
              id: best._id,
              name: best.name,
              percentage: best.percentage,
              amountCents: toCents(best.amount),
            }
          : null,
        accessStartsAt,
      });
    }
    if (lines.length === 0) {
      throw conflict(
        PAYMENT_ERRORS.alreadyOwned,
        'You already had these courses/trainings in your account',
      );
    }
    return { lines, alreadyOwned, amountCents: lines.reduce((sum, l) => sum + l.priceCents, 0) };
  }

  /** The course or formation, or 404 `payments.item_not_found`. */
  private async item(item: ItemRef) {
    try {
      return item.type === 'course'
        ? await this.courses.forSale(item.id)
        : await this.formations.forSale(item.id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) {
        throw notFound(PAYMENT_ERRORS.itemNotFound, `No ${item.type} has the id ${item.id}`);
      }
      throw err;
    }
  }
}
