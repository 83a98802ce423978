import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';
import type { Database } from '../../../database/database.js';

// Catalogue search in SQL (docs/performance.md, "Search"): what SearchIndexService runs while its
// in-memory index is being (re)built, and with SEARCH_INDEX=false; both give the same answer.
// Each searchable table has a narrow search table beside it (`course_search`, `formation_search`: database/columns.ts searchEntryColumns), one row
// per item and language holding `lower(f_unaccent(..))` of the title and of the description and
// the language's visibility flag, written by a trigger. Per language, over the visible rows only:
// a trigram index on the title, one on the description, and a btree in title order. The query is
// normalised the same way in SQL, so "ACROBÁCIA" finds "acrobacia", and `LIKE '%term%'` is
// answered from a trigram index for terms of 3+ characters.
// LIKE rather than ILIKE: both sides are already lower-cased, so the match is the same, and
// measured at 100k rows ILIKE's per-row lower() costs 1.3x (PostgreSQL) to 2x (PGlite).

/** lower(f_unaccent(q)): the query in the form of the search columns. */
export const normalizedTerm = (q: string): SQL => sql`lower(f_unaccent(${q}))`;

/**
 * `column LIKE '%' || term || '%'`, the term's LIKE wildcards (% _ \) escaped. Escaping happens
 * after normalising: unaccent turns fullwidth ％ and ＿ into % and _.
 */
export function containsTerm(searchColumn: SQLWrapper, q: string): SQL {
  const escaped = sql`replace(replace(replace(${normalizedTerm(q)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return sql`${searchColumn} like ('%' || ${escaped} || '%')`;
}

/** A search table (course_search or formation_search: database/columns.ts searchEntryColumns). */
export type SearchTable = PgTable &
  Record<'itemId' | 'lang' | 'visible' | 'title' | 'body', AnyColumn>;

/**
 * How many matches a trigram probe reads before a term counts as common. Up to this many, all
 * matches are read and sorted (cheap); past it, the visible items are walked in title order until
 * LIMIT matches turn up.
 */
export const SEARCH_PROBE = 400;

/**
 * How far a walk for description matches goes in title order (each step reads a row of the
 * table, not only the index) before the search reads all the matches and sorts them instead.
 */
export const DESCRIPTION_WALK = 2000;

/**
 * How many items, in title order, each step looks at first, before any trigram index: a term
 * that matches often (most searches: a discipline, a level, a phrase of the descriptions) has
 * LIMIT matches among them, and the step ends there. Reading a trigram index first cost more
 * for such a term than the whole answer: a long phrase makes it merge the lists of every
 * trigram (12 ms at 100k for "equilibrio, coordinación", against 0.4 ms for this walk).
 */
export const FIRST_WALK = { title: 2000, description: 300 };

/**
 * Ids of the items visible in `lang` whose title or description there contains `q`: title
 * matches first, each group by normalised title (byte order), then id; at most `limit`. Two
 * steps (title, then description-only matches), each served by an index with LIMIT applied
 * early, whatever the term: a rare term through its trigram index, a common one by walking the
 * title order.
 */
export async function searchIds(
  db: Database,
  t: SearchTable,
  lang: Lang,
  q: string,
  limit: number,
): Promise<string[]> {
  const steps = searchSteps(t, lang, q);
  const ids = await rankedIds(db, steps.title, limit);
  if (ids.length >= limit) return ids;
  return [...ids, ...(await rankedIds(db, steps.descriptionOnly, limit - ids.length))];
}

/** The queries of one search step. */
export interface SearchStep {
  /** up to SEARCH_PROBE matches (trigram index), sorted; each row also has `n`, how many it read */
  probe(limit: number): SQL;
  /** the first `limit` matches in title order, walking the title-order index (a common term) */
  walk(limit: number): SQL;
  /** when a full walk may cost too much: the walk over the first `bound` items in title order */
  boundedWalk?(limit: number, bound: number): SQL;
  /** every match through the trigram index, sorted (when the bounded walk did not find enough) */
  all?(limit: number): SQL;
  /**
   * The step as one statement (what a search runs): the probe, then the walk (bounded, then all
   * matches, for descriptions) only when the probe found too many. Each later part sits behind a
   * condition on the probe's count that PostgreSQL checks once before running it.
   */
  run(limit: number): SQL;
}

/** The title step and the description-only step of a search (exported for EXPLAIN in tests). */
export function searchSteps(
  t: SearchTable,
  lang: Lang,
  q: string,
): { title: SearchStep; descriptionOnly: SearchStep } {
  // a literal language: the partial indexes' predicate (lang = 'es' and visible) is then implied
  const rows = sql`${t} where ${t.lang} = ${sql.raw(`'${lang}'`)} and ${t.visible}`;
  const inTitle = containsTerm(t.title, q);
  const inBody = sql`${containsTerm(t.body, q)} and not (${inTitle})`;
  // The probe reads at most SEARCH_PROBE rows that the index finds (`found`), then keeps those of
  // this step (`keep`: for the description step, the ones whose title does not match, which the
  // title step already gave). Filtering before the LIMIT could read every row of a term common
  // in both. One row with a null id when nothing is kept, so `n` always comes back.
  const probe = (found: SQL, keep: SQL) => (limit: number) => sql`
    with probe as materialized (
      select ${t.itemId} as id, ${t.title} as title, (${keep}) as keep
      from ${rows} and ${found} limit ${SEARCH_PROBE}
    )
    select p.id, c.n from (select count(*)::int as n from probe) c
    left join lateral (
      select id, title from probe where keep order by title, id limit ${limit}
    ) p on true
    order by p.title, p.id`;
  // `is true` keeps the trigram index (which gives no order) out of this plan
  const walk = (match: SQL) => (limit: number) => sql`
    select ${t.itemId} as id from ${rows} and (${match}) is true
    order by ${t.title}, ${t.itemId} limit ${limit}`;
  const probeCte = (found: SQL, keep: SQL) => sql`
    probe as materialized (
      select ${t.itemId} as id, ${t.title} as title, (${keep}) as keep
      from ${rows} and ${found} limit ${SEARCH_PROBE}
    ),
    counted as materialized (select count(*)::int as n from probe)`;
  const few = sql`(select n from counted) < ${SEARCH_PROBE}`;
  const many = sql`(select n from counted) >= ${SEARCH_PROBE}`;
  const bodyAny = containsTerm(t.body, q);
  const boundedWalk = (limit: number, bound: number) => sql`
    select id, title from (
      select ${t.itemId} as id, ${t.title} as title, ${t.body} as body from ${rows}
      order by ${t.title}, ${t.itemId} limit ${bound}
    ) w
    where ${containsTerm(sql`w.body`, q)} and not (${containsTerm(sql`w.title`, q)})
    order by title, id limit ${limit}`;
  // the title walk reads the index alone (title order, with the title in it)
  const boundedTitleWalk = (limit: number, bound: number) => sql`
    select id, title from (
      select ${t.itemId} as id, ${t.title} as title from ${rows}
      order by ${t.title}, ${t.itemId} limit ${bound}
    ) w
    where ${containsTerm(sql`w.title`, q)}
    order by title, id limit ${limit}`;
  // The first walk (FIRST_WALK) and whether it found LIMIT matches. The later parts of a step
  // sit behind `not (select ok from first)`; PostgreSQL evaluates such a condition once, left to
  // right, so when the first walk is enough, no trigram index is read.
  const firstCte = (walked: SQL, limit: number) => sql`
    first as materialized (${walked}),
    enough as materialized (select count(*) >= ${limit} as ok from first)`;
  const done = sql`(select ok from enough)`;
  const all = (limit: number) => sql`
    with matches as materialized (
      select ${t.itemId} as id, ${t.title} as title from ${rows} and ${inBody}
    )
    select id, title from matches order by title, id limit ${limit}`;
  return {
    // the title walk reads the index alone (the title is in it): a walk costs little per item
    title: {
      probe: probe(inTitle, sql`true`),
      walk: walk(inTitle),
      run: (limit) => sql`
        with ${firstCte(boundedTitleWalk(limit, FIRST_WALK.title), limit)},
        ${probeCte(inTitle, sql`true`)}
        select id from (
          (select id, title from first where ${done})
          union all
          (select id, title from probe where not ${done} and ${few})
          union all
          (select ${t.itemId} as id, ${t.title} as title from ${rows} and (${inTitle}) is true
            and not ${done} and ${many} order by ${t.title}, ${t.itemId} limit ${limit})
        ) r order by title, id limit ${limit}`,
    },
    // the description is not in the index: each item walked reads its row, so the walk is bounded
    descriptionOnly: {
      probe: probe(bodyAny, sql`not (${inTitle})`),
      walk: walk(inBody),
      boundedWalk,
      all,
      run: (limit) => sql`
        with ${firstCte(boundedWalk(limit, FIRST_WALK.description), limit)},
        ${probeCte(bodyAny, sql`not (${inTitle})`)},
        walked as materialized (${boundedWalk(limit, DESCRIPTION_WALK)})
        select id from (
          (select id, title from first where ${done})
          union all
          (select id, title from probe where keep and not ${done} and ${few})
          union all
          (select id, title from walked where not ${done} and ${many})
          union all
          (select id, title from (${all(limit)}) a
            where not ${done} and ${many} and (select count(*) from walked) < ${limit})
        ) r order by title, id limit ${limit}`,
    },
  };
}

async function rankedIds(db: Database, step: SearchStep, limit: number): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(step.run(limit))).map((r) => r.id);
}

/** The rows of `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
