import { Injectable } from '@nestjs/common';
import {
  daysInPeriod,
  fromCents,
  statsBuckets,
  STATS_MAX_DAYS,
  STUDENTS_ERRORS,
  type Lang,
  type SalesStats,
  type StatsGroup,
} from '@circo/shared-contracts';
import { AppError } from '../../common/errors/app-error.js';
import { CSV_HEADERS, toCsv } from './csv.js';
import { InsightsRepository, type Period } from './insights.repository.js';
import { TimeZones } from './time-zones.js';

/**
 * The sales dashboard: what the payments table says for a period, to the cent. A sale is a
 * payment paid in the period (by when its items were granted); a refund counts on the day it was
 * refunded, so net = gross - refunded matches the money that stayed. Items and vouchers count the
 * items sold in the period (an item's refunded part is its payment's refund, whenever it came).
 */
@Injectable()
export class SalesStatsService {
  constructor(
    private readonly repo: InsightsRepository,
    private readonly zones: TimeZones,
  ) {}

  async sales(period: Period, groupBy: StatsGroup): Promise<SalesStats> {
    const days = daysInPeriod(period.from, period.to);
    // NaN (a day the DTO would have refused) fails the range too
    if (!(days >= 1 && days <= STATS_MAX_DAYS)) {
      const message =
        days < 1 ? 'to must not be before from' : `A period is at most ${STATS_MAX_DAYS} days`;
      throw new AppError(400, STUDENTS_ERRORS.badPeriod, message, {
        errors: [{ field: 'to', code: STUDENTS_ERRORS.badPeriod, message }],
      });
    }
    await this.zones.assertKnown(period.tz);
    // one after the other: PGlite has one connection, and each is a few ms
    const series = await this.repo.salesSeries(period, groupBy);
    const { items, vouchers } = await this.repo.salesBreakdown(period);
    const newStudents = await this.repo.newStudents(period);

    const byPeriod = new Map(series.map((s) => [s.period, s]));
    const sum = (f: (s: (typeof series)[number]) => number) => series.reduce((a, s) => a + f(s), 0);
    const gross = sum((s) => s.gross);
    const refunded = sum((s) => s.refunded);
    return {
      from: period.from,
      to: period.to,
      groupBy,
      tz: period.tz,
      currency: 'usd',
      totals: {
        sales: sum((s) => s.sales),
        gross: fromCents(gross),
        refunds: sum((s) => s.refunds),
        refunded: fromCents(refunded),
        net: fromCents(gross - refunded),
        vouchersUsed: vouchers.reduce((a, v) => a + v.uses, 0),
        vouchersCost: fromCents(vouchers.reduce((a, v) => a + v.cost, 0)),
        newStudents,
      },
      series: statsBuckets(period.from, period.to, groupBy).map((bucket) => {
        const s = byPeriod.get(bucket);
        return {
          period: bucket,
          sales: s?.sales ?? 0,
          gross: fromCents(s?.gross ?? 0),
          refunded: fromCents(s?.refunded ?? 0),
          net: fromCents((s?.gross ?? 0) - (s?.refunded ?? 0)),
        };
      }),
      items: items.map((i) => ({
        itemType: i.itemType,
        itemId: i.itemId,
        title: i.title,
        sold: i.sold,
        gross: fromCents(i.gross),
        refunded: fromCents(i.refunded),
        net: fromCents(i.gross - i.refunded),
      })),
      vouchers: vouchers.map((v) => ({ ...v, cost: fromCents(v.cost) })),
    };
  }

  /** The same as CSV in the admin's language: one line per bucket, then the totals line. */
  async salesCsv(period: Period, groupBy: StatsGroup, lang: Lang): Promise<string> {
    const stats = await this.sales(period, groupBy);
    return toCsv(
      [...CSV_HEADERS.sales[lang]],
      [
        ...stats.series.map((s) => [s.period, s.sales, s.gross, s.refunded, s.net]),
        [
          CSV_HEADERS.salesTotal[lang],
          stats.totals.sales,
          stats.totals.gross,
          stats.totals.refunded,
          stats.totals.net,
        ],
      ],
      lang,
    );
  }
}
