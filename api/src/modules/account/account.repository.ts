import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { Repository } from '../../database/transactions.js';

type Rows<T> = { rows: T[] };

/**
 * A timestamp as ISO 8601 in UTC with milliseconds (2026-03-01T10:00:00.000Z), written by the
 * database: the drivers answer raw timestamps as their own text ("2026-03-01 10:00:00+00"), and
 * json_build_object writes them with the session's offset.
 */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * What the shop holds about one account, read for its owner's export, and its removal. A read
 * (and a delete) across areas on purpose: a person's data is wherever their id is, and the export
 * must show all of it, in one place that a new table's author updates.
 */
@Injectable()
export class AccountRepository extends Repository {
  private async rows(query: SQL): Promise<Array<Record<string, unknown>>> {
    // both drivers (node-postgres, PGlite) answer { rows }
    return ((await this.db.execute(query)) as unknown as Rows<Record<string, unknown>>).rows;
  }

  profile(userId: string) {
    return this.rows(sql`
      select id, name, surname, email, role, reminders_opt_out, ${iso('created_at')} as created_at
      from users where id = ${userId}`);
  }

  grants(userId: string) {
    return this.rows(sql`
      select g.id, g.item_type, g.item_id,
        coalesce(c.title, f.title) as title,
        g.kind, ${iso('g.starts_at')} as starts_at, ${iso('g.expires_at')} as expires_at,
        g.payment_id, g.reason, g.note, g.refunds_grant_id as ends_grant_id,
        ${iso('g.created_at')} as created_at
      from access_grants g
      left join courses c on c.id = g.course_id
      left join formations f on f.id = g.formation_id
      where g.user_id = ${userId} order by g.created_at, g.id`);
  }

  payments(userId: string) {
    return this.rows(sql`
      select p.id, p.provider, p.provider_payment_id, p.amount_cents, p.currency, p.status,
        p.lang, ${iso('p.created_at')} as created_at, ${iso('p.fulfilled_at')} as fulfilled_at,
        ${iso('p.refunded_at')} as refunded_at,
        coalesce(json_agg(json_build_object(
          'itemType', i.item_type, 'itemId', i.item_id, 'title', i.title,
          'listPriceCents', i.list_price_cents, 'priceCents', i.price_cents,
          'voucher', i.discount_name) order by i.id) filter (where i.id is not null), '[]') as items
      from payments p left join payment_items i on i.payment_id = p.id
      where p.user_id = ${userId} group by p.id order by p.created_at, p.id`);
  }

  progress(userId: string) {
    return this.rows(sql`
      select item_type, item_id, class_id, ${iso('completed_at')} as completed_at from class_progress
      where user_id = ${userId} order by completed_at, class_id`);
  }

  reminders(userId: string) {
    return this.rows(sql`
      select item_type, item_id, ${iso('expires_at')} as expires_at, days_before,
        ${iso('created_at')} as created_at from access_reminders
      where user_id = ${userId} order by created_at, id`);
  }

  practiceClips(userId: string) {
    return this.rows(sql`
      select c.id, c.item_type, c.item_id, c.class_id, c.note, c.source, c.status, c.content_type,
        c.size_bytes, c.duration_seconds, ${iso('c.created_at')} as created_at,
        ${iso('c.answered_at')} as answered_at,
        coalesce((select json_agg(json_build_object('at_seconds', m.at_seconds, 'text', m.text,
          'drawing', m.drawing, 'voice_note', m.voice_public_id is not null,
          'created_at', ${iso('m.created_at')}) order by m.at_seconds, m.created_at)
          from practice_clip_comments m where m.clip_id = c.id), '[]'::json) as comments
      from practice_clips c where c.user_id = ${userId} order by c.created_at, c.id`);
  }

  /**
   * Removes the account: its payments stay as accounting rows without a person (user_id null,
   * no idempotency key); grants, progress, reminders and reset tokens go with it (their foreign
   * keys cascade); files it uploaded lose their author.
   */
  async remove(userId: string): Promise<boolean> {
    await this.rows(
      sql`update payments set user_id = null, idempotency_key = null where user_id = ${userId}`,
    );
    const gone = await this.rows(sql`delete from users where id = ${userId} returning id`);
    return gone.length > 0;
  }
}
