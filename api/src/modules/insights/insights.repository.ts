import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import type {
  GrantKindName,
  GrantReason,
  ItemType,
  Lang,
  StatsGroup,
} from '@circo/shared-contracts';
import { Repository } from '../../database/transactions.js';

// The admin's read model of the business: sums over payments, and a student's purchases, progress
// and history. A read across areas on purpose (payments, access grants, progress, users, the
// catalogue), each answer in a few statements: going through each module's service would cost a
// query per student and item. Writes stay in their modules (PurchasesService, PaymentsService).

type Rows<T> = { rows: T[] };
/** Sums are bigint: node-postgres answers a string, PGlite a number or bigint. */
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** A payment counts as a sale once paid (a refunded one was paid, then refunded). */
const PAID = sql.raw(`status in ('succeeded', 'refunded')`);
const SOLD_AT = sql.raw('coalesce(fulfilled_at, created_at)');
const SOLD_AT_P = sql.raw('coalesce(p.fulfilled_at, p.created_at)');

export interface Period {
  from: string;
  to: string;
  tz: string;
}

export interface SalesRow {
  period: string;
  sales: number;
  gross: number;
  refunds: number;
  refunded: number;
}

export interface ItemSalesRow {
  itemType: ItemType;
  itemId: string;
  title: Record<Lang, string>;
  sold: number;
  gross: number;
  refunded: number;
}

export interface VoucherSalesRow {
  discountId: string | null;
  name: string;
  uses: number;
  cost: number;
}

export interface StudentListRow {
  id: string;
  name: string;
  surname: string;
  email: string;
  createdAt: Date;
  activeItems: number;
  items: number;
  spentCents: number;
  lastActivity: Date | null;
}

export interface StudentRow {
  id: string;
  name: string;
  surname: string;
  email: string;
  createdAt: Date;
  remindersOptOut: boolean;
}

export interface GrantRow {
  id: string;
  itemType: ItemType;
  itemId: string;
  kind: GrantKindName;
  startsAt: Date;
  expiresAt: Date;
  paymentId: string | null;
  reason: GrantReason | null;
  note: string | null;
  refundsGrantId: string | null;
  createdAt: Date;
}

export interface PaymentWithItemsRow {
  id: string;
  provider: 'stripe' | 'local';
  status: string;
  amountCents: number;
  createdAt: Date;
  fulfilledAt: Date | null;
  refundedAt: Date | null;
  items: Array<{
    itemType: ItemType;
    itemId: string;
    title: Record<Lang, string>;
    listPriceCents: number;
    priceCents: number;
    discountName: string | null;
    /** A partial refund of this item alone (json: the database's text of the instant). */
    refundedAt: string | null;
  }>;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null =>
  v === null || v === undefined ? null : toDate(v);

/** `%q%` for LIKE, with the user's own % _ \ taken literally. */
const likeAnywhere = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class InsightsRepository extends Repository {
  private async all<T>(query: SQL): Promise<T[]> {
    // both drivers (node-postgres, PGlite) answer { rows }
    return ((await this.db.execute(query)) as unknown as Rows<T>).rows;
  }

  /** The first instant of `from` and of the day after `to`, in the period's time zone. */
  private bounds(p: Period): { lo: SQL; hi: SQL } {
    return {
      lo: sql`((${p.from}::date)::timestamp at time zone ${p.tz})`,
      hi: sql`((${p.to}::date + 1)::timestamp at time zone ${p.tz})`,
    };
  }

  /** Sales and refunds per bucket (only buckets with any). */
  async salesSeries(p: Period, groupBy: StatsGroup): Promise<SalesRow[]> {
    const { lo, hi } = this.bounds(p);
    const rows = await this.all<Record<string, unknown>>(sql`
      select to_char(date_trunc(${groupBy}, e.at at time zone ${p.tz}), 'YYYY-MM-DD') as period,
        count(*) filter (where e.sale) as sales,
        coalesce(sum(e.cents) filter (where e.sale), 0) as gross,
        count(*) filter (where not e.sale) as refunds,
        coalesce(sum(e.cents) filter (where not e.sale), 0) as refunded
      from (
        select true as sale, ${SOLD_AT} as at, amount_cents as cents from payments where ${PAID}
        union all
        -- a whole refund gives back what an earlier partial refund left
        select false, p.refunded_at, p.amount_cents - coalesce((select sum(i.price_cents)
            from payment_items i where i.payment_id = p.id and i.refunded_at is not null), 0)
        from payments p where p.refunded_at is not null
        union all
        -- a partial refund: the items paid back on their own, one refund per payment and moment
        select false, refunded_at, sum(price_cents) from payment_items
        where refunded_at is not null group by payment_id, refunded_at
      ) e
      where e.at >= ${lo} and e.at < ${hi}
      group by 1 order by 1`);
    return rows.map((r) => ({
      period: String(r.period),
      sales: num(r.sales),
      gross: num(r.gross),
      refunds: num(r.refunds),
      refunded: num(r.refunded),
    }));
  }

  /**
   * What sold in the period, in one pass over its items: per item (units, what they charged, and
   * what of it was refunded, whenever) and per voucher used (items, what it took off the list
   * prices). An item's title is the catalogue's (an item with buyers cannot be deleted), else the
   * one it was sold with.
   */
  async salesBreakdown(p: Period): Promise<{ items: ItemSalesRow[]; vouchers: VoucherSalesRow[] }> {
    const { lo, hi } = this.bounds(p);
    const rows = await this.all<Record<string, unknown>>(sql`
      with sold as (
        select i.item_type, i.item_id, i.list_price_cents, i.price_cents, i.discount_id,
          i.discount_name, coalesce(i.refunded_at, p.refunded_at) as refunded_at
        from payment_items i join payments p on p.id = i.payment_id
        where p.${PAID} and ${SOLD_AT_P} >= ${lo} and ${SOLD_AT_P} < ${hi}
      ), grouped as (
        select grouping(item_type, item_id) = 0 as by_item,
          item_type, item_id, discount_id, coalesce(discount_name, '') as discount_name,
          count(*) as n, sum(price_cents) as gross,
          coalesce(sum(price_cents) filter (where refunded_at is not null), 0) as refunded,
          sum(list_price_cents - price_cents) as cost
        from sold
        group by grouping sets ((item_type, item_id), (discount_id, coalesce(discount_name, '')))
      )
      select g.by_item, g.item_type, g.item_id::text as item_id, g.discount_id::text as discount_id,
        g.discount_name, g.n, g.gross, g.refunded, g.cost,
        coalesce(c.title, f.title, (select t.title from payment_items t
          where t.item_type = g.item_type and t.item_id = g.item_id limit 1)) as title
      from grouped g
      left join courses c on g.by_item and g.item_type = 'course' and c.id = g.item_id
      left join formations f on g.by_item and g.item_type = 'formation' and f.id = g.item_id`);
    const items: ItemSalesRow[] = [];
    const vouchers: VoucherSalesRow[] = [];
    for (const r of rows) {
      if (r.by_item === true) {
        items.push({
          itemType: r.item_type as ItemType,
          itemId: String(r.item_id),
          title: (typeof r.title === 'string' ? JSON.parse(r.title) : r.title) as Record<
            Lang,
            string
          >,
          sold: num(r.n),
          gross: num(r.gross),
          refunded: num(r.refunded),
        });
      } else if (r.discount_id !== null || r.discount_name !== '') {
        vouchers.push({
          discountId: r.discount_id === null ? null : String(r.discount_id),
          name: String(r.discount_name),
          uses: num(r.n),
          cost: num(r.cost),
        });
      }
    }
    items.sort((a, b) => b.gross - a.gross || a.itemId.localeCompare(b.itemId));
    vouchers.sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
    return { items, vouchers };
  }

  /** Buyers whose first paid payment falls in the period. */
  async newStudents(p: Period): Promise<number> {
    const { lo, hi } = this.bounds(p);
    // one pass over the paid payments (a per-buyer lookup costs more over a long period)
    const [row] = await this.all<{ n: unknown }>(sql`
      select count(*) as n from (
        select min(${SOLD_AT}) as first from payments
        where ${PAID} and user_id is not null group by user_id
      ) f where f.first >= ${lo} and f.first < ${hi}`);
    return num(row?.n);
  }

  private studentFilter(q: string | undefined): SQL {
    const term = q?.trim();
    if (!term) return sql`u.role = 'user'`;
    return sql`u.role = 'user' and lower(f_unaccent(u.name || ' ' || u.surname || ' ' || u.email))
      like lower(f_unaccent(${likeAnywhere(term)}))`;
  }

  async countStudents(q: string | undefined): Promise<number> {
    const [row] = await this.all<{ n: unknown }>(
      sql`select count(*) as n from users u where ${this.studentFilter(q)}`,
    );
    return num(row?.n);
  }

  /** Students (role user) matching q, newest first; `limit` null for all of them (the CSV). */
  async listStudents(
    q: string | undefined,
    limit: number | null,
    offset: number,
  ): Promise<StudentListRow[]> {
    const page = limit === null ? sql`` : sql`limit ${limit} offset ${offset}`;
    const rows = await this.all<Record<string, unknown>>(sql`
      select u.id::text as id, u.name, u.surname, u.email, u.created_at,
        (select count(*) from current_access a where a.user_id = u.id and a.expires_at > now())
          as active_items,
        (select count(*) from current_access a where a.user_id = u.id) as items,
        (select coalesce(sum(p.amount_cents) filter (where p.refunded_at is null), 0)
          from payments p where p.user_id = u.id and p.${PAID})
        - (select coalesce(sum(i.price_cents), 0) from payments p
          join payment_items i on i.payment_id = p.id
          where p.user_id = u.id and p.refunded_at is null and i.refunded_at is not null) as spent,
        (select max(c.completed_at) from class_progress c where c.user_id = u.id) as last_activity
      from users u where ${this.studentFilter(q)}
      order by u.created_at desc, u.id ${page}`);
    return rows.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      surname: String(r.surname),
      email: String(r.email),
      createdAt: toDate(r.created_at),
      activeItems: num(r.active_items),
      items: num(r.items),
      spentCents: num(r.spent),
      lastActivity: toDateOrNull(r.last_activity),
    }));
  }

  async student(id: string): Promise<StudentRow | undefined> {
    const [r] = await this.all<Record<string, unknown>>(sql`
      select id::text as id, name, surname, email, created_at, reminders_opt_out
      from users where id = ${id} and role = 'user'`);
    if (!r) return undefined;
    return {
      id: String(r.id),
      name: String(r.name),
      surname: String(r.surname),
      email: String(r.email),
      createdAt: toDate(r.created_at),
      remindersOptOut: r.reminders_opt_out === true,
    };
  }

  /** Every grant of the student, oldest first. */
  async grants(userId: string): Promise<GrantRow[]> {
    const rows = await this.all<Record<string, unknown>>(sql`
      select id::text as id, item_type, item_id::text as item_id, kind, starts_at, expires_at,
        payment_id::text as payment_id, reason, note, refunds_grant_id::text as refunds_grant_id,
        created_at
      from access_grants where user_id = ${userId} order by created_at, starts_at, id`);
    return rows.map((r) => ({
      id: String(r.id),
      itemType: r.item_type as ItemType,
      itemId: String(r.item_id),
      kind: r.kind as GrantKindName,
      startsAt: toDate(r.starts_at),
      expiresAt: toDate(r.expires_at),
      paymentId: (r.payment_id as string | null) ?? null,
      reason: (r.reason as GrantReason | null) ?? null,
      note: (r.note as string | null) ?? null,
      refundsGrantId: (r.refunds_grant_id as string | null) ?? null,
      createdAt: toDate(r.created_at),
    }));
  }

  /** Titles of courses and formations that still exist, by id. */
  async itemTitles(ids: string[]): Promise<Map<string, Record<Lang, string>>> {
    if (ids.length === 0) return new Map();
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const rows = await this.all<{ id: string; title: unknown }>(sql`
      select id::text as id, title from courses where id in (${list})
      union all select id::text, title from formations where id in (${list})`);
    return new Map(
      rows.map((r) => [
        r.id,
        (typeof r.title === 'string' ? JSON.parse(r.title) : r.title) as Record<Lang, string>,
      ]),
    );
  }

  /** Whether a course (or formation) with this id exists. */
  async itemIs(itemType: ItemType, id: string): Promise<boolean> {
    const table = sql.raw(itemType === 'course' ? 'courses' : 'formations');
    const rows = await this.all(sql`select 1 from ${table} where id = ${id}`);
    return rows.length > 0;
  }

  /** Per item of the student: classes done, classes in the item, last class done. */
  async progress(
    userId: string,
  ): Promise<Map<string, { done: number; total: number; lastActivity: Date | null }>> {
    const rows = await this.all<Record<string, unknown>>(sql`
      select a.item_id::text as item_id,
        (select count(*) from class_progress c
          where c.user_id = a.user_id and c.item_type = a.item_type and c.item_id = a.item_id) as done,
        (select max(c.completed_at) from class_progress c
          where c.user_id = a.user_id and c.item_type = a.item_type and c.item_id = a.item_id) as last,
        case when a.item_type = 'course'
          then (select count(*) from course_classes k where k.course_id = a.item_id)
          else (select count(*) from formation_classes k
                join formation_modules m on m.id = k.module_id where m.formation_id = a.item_id)
        end as total
      from (select distinct user_id, item_type, item_id from access_grants where user_id = ${userId}) a`);
    return new Map(
      rows.map((r) => [
        String(r.item_id),
        { done: num(r.done), total: num(r.total), lastActivity: toDateOrNull(r.last) },
      ]),
    );
  }

  /** The student's payments (any status but abandoned attempts), newest first, with their items. */
  async payments(userId: string): Promise<PaymentWithItemsRow[]> {
    const rows = await this.all<Record<string, unknown>>(sql`
      select p.id::text as id, p.provider, p.status, p.amount_cents, p.created_at, p.fulfilled_at,
        p.refunded_at,
        coalesce(json_agg(json_build_object(
          'itemType', i.item_type, 'itemId', i.item_id,
          -- the title it was sold with; a row that kept none says what it is now
          'title', case when concat(i.title->>'es', i.title->>'en', i.title->>'fr') = ''
            then coalesce(c.title, f.title, i.title) else i.title end,
          'listPriceCents', i.list_price_cents, 'priceCents', i.price_cents,
          'discountName', i.discount_name, 'refundedAt', i.refunded_at) order by i.id) filter (where i.id is not null), '[]')
          as items
      from payments p left join payment_items i on i.payment_id = p.id
        left join courses c on i.item_type = 'course' and c.id = i.item_id
        left join formations f on i.item_type = 'formation' and f.id = i.item_id
      where p.user_id = ${userId} and p.${PAID}
      group by p.id order by p.created_at desc, p.id`);
    return rows.map((r) => ({
      id: String(r.id),
      provider: r.provider as 'stripe' | 'local',
      status: String(r.status),
      amountCents: num(r.amount_cents),
      createdAt: toDate(r.created_at),
      fulfilledAt: toDateOrNull(r.fulfilled_at),
      refundedAt: toDateOrNull(r.refunded_at),
      items: (typeof r.items === 'string'
        ? JSON.parse(r.items)
        : r.items) as PaymentWithItemsRow['items'],
    }));
  }
}
