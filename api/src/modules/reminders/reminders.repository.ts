import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { ItemType, Lang } from '@circo/shared-contracts';
import { Repository } from '../../database/transactions.js';

type Rows<T> = { rows: T[] };

/** What a reminder's e-mail needs, read when it is sent (the access may have changed since). */
export interface ReminderToSend {
  id: string;
  userId: string;
  itemType: ItemType;
  itemId: string;
  expiresAt: Date;
  daysBefore: number;
  name: string;
  email: string;
  optOut: boolean;
  /** The end of access now (null when every grant was ended). */
  currentExpiresAt: Date | null;
  title: Record<Lang, string> | null;
  /** The language of the student's latest payment ('es' without one). */
  lang: string;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * The reminders' rows, and the reads across areas they need in one statement each (current
 * access, the account and its opt-out, the item's title): the scan runs over every student.
 */
@Injectable()
export class RemindersRepository extends Repository {
  /**
   * Writes the reminders due at `now` that were not written before: per access period (user, item,
   * end), the threshold it is in now (30, 7 or 1 days left, or ended in the last 7 days). Students
   * who opted out and admins get none. The unique index keeps each to once across instances.
   */
  async insertDue(now: Date): Promise<Array<{ id: string }>> {
    const at = now.toISOString();
    const result = (await this.db.execute(sql`
      insert into access_reminders (user_id, item_type, item_id, expires_at, days_before)
      select a.user_id, a.item_type, a.item_id, a.expires_at,
        case
          when a.expires_at <= ${at}::timestamptz then 0
          when a.expires_at <= ${at}::timestamptz + interval '1 day' then 1
          when a.expires_at <= ${at}::timestamptz + interval '7 days' then 7
          else 30
        end
      from current_access a join users u on u.id = a.user_id
      where u.role = 'user' and not u.reminders_opt_out
        and a.expires_at > ${at}::timestamptz - interval '7 days'
        and a.expires_at <= ${at}::timestamptz + interval '30 days'
        -- a membership that opens the item beyond this end: the access does not end then
        and not exists (select 1 from subscription_access s
          where s.user_id = a.user_id and s.item_type = a.item_type and s.item_id = a.item_id
            and s.expires_at > a.expires_at)
      on conflict do nothing
      returning id::text as id`)) as unknown as Rows<{ id: string }>;
    return result.rows;
  }

  async forMail(id: string): Promise<ReminderToSend | undefined> {
    const result = (await this.db.execute(sql`
      select r.id::text as id, r.user_id::text as user_id, r.item_type, r.item_id::text as item_id,
        r.expires_at, r.days_before, u.name, u.email, u.reminders_opt_out,
        -- the access now, a membership's too (one that started since makes the reminder untrue)
        greatest(
          (select a.expires_at from current_access a
            where a.user_id = r.user_id and a.item_type = r.item_type and a.item_id = r.item_id),
          (select max(s.expires_at) from subscription_access s
            where s.user_id = r.user_id and s.item_type = r.item_type and s.item_id = r.item_id)
        ) as current_expires_at,
        coalesce((select c.title from courses c where c.id = r.item_id),
                 (select f.title from formations f where f.id = r.item_id)) as title,
        coalesce((select p.lang from payments p where p.user_id = r.user_id
                  order by p.created_at desc limit 1), 'es') as lang
      from access_reminders r join users u on u.id = r.user_id
      where r.id = ${id}`)) as unknown as Rows<Record<string, unknown>>;
    const r = result.rows[0];
    if (!r) return undefined;
    return {
      id: String(r.id),
      userId: String(r.user_id),
      itemType: r.item_type as ItemType,
      itemId: String(r.item_id),
      expiresAt: toDate(r.expires_at),
      daysBefore: Number(r.days_before),
      name: String(r.name),
      email: String(r.email),
      optOut: r.reminders_opt_out === true,
      currentExpiresAt: r.current_expires_at === null ? null : toDate(r.current_expires_at),
      title: (typeof r.title === 'string' ? JSON.parse(r.title) : r.title) as Record<
        Lang,
        string
      > | null,
      lang: String(r.lang),
    };
  }
}
