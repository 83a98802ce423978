import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Lang } from '@circo/shared-contracts';
import type { Database } from '../../database/database.js';

// Catalogue search (ARCHITECTURE.md section 4): each searchable table stores, per language,
// `search_<lang> = lower(f_unaccent(title || ' ' || description))` with a pg_trgm GIN index. The
// query is normalised the same way in SQL, so "ACROBÁCIA" finds "acrobacia", and
// `LIKE '%term%'` on that column is answered from the trigram index for terms of 3+ characters.
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

/** The columns of a searchable table (courses, formations) that a search reads. */
export interface SearchableTable {
  table: PgTable;
  id: AnyColumn;
  /** title + description, normalised, per language (trigram index) */
  search: Record<Lang, AnyColumn>;
  /** the title alone, normalised, per language (trigram index; title-order index of visible items) */
  searchTitle: Record<Lang, AnyColumn>;
}

/**
 * How many matches a trigram probe reads before a term counts as common. Up to this many, all
 * matches are read and sorted (cheap); past it, the visible items are walked in title order until
 * LIMIT matches turn up, which for a term this common takes at most ~limit x 100k / PROBE rows.
 */
export const SEARCH_PROBE = 400;

/**
 * Ids of the items visible in `lang` whose title or description there contains `q`: title
 * matches first, each group by normalised title, then id; at most `limit`. Two steps (title, then
 * description-only matches), each served by an index with LIMIT applied early, whatever the term:
 * a rare term through its trigram index, a common one by walking the title order.
 */
export async function searchIds(
  db: Database,
  t: SearchableTable,
  lang: Lang,
  q: string,
  limit: number,
): Promise<string[]> {
  const steps = searchSteps(t, lang, q);
  const ids = await rankedIds(db, steps.title, limit);
  if (ids.length >= limit) return ids;
  return [...ids, ...(await rankedIds(db, steps.descriptionOnly, limit - ids.length))];
}

/** The two queries of one search step: a trigram probe and a walk in title order. */
export interface SearchStep {
  /** up to SEARCH_PROBE matches, sorted; each row also has `n`, how many the probe found */
  probe(limit: number): SQL;
  /** the first `limit` matches in title order (for a common term) */
  walk(limit: number): SQL;
}

/** The title step and the description-only step of a search (exported for EXPLAIN in tests). */
export function searchSteps(
  t: SearchableTable,
  lang: Lang,
  q: string,
): { title: SearchStep; descriptionOnly: SearchStep } {
  // a literal language: the partial title-order index's predicate is then provably implied
  const visible = sql.raw(`(visible ->> '${lang}') = 'true'`);
  const title = t.searchTitle[lang];
  const step = (match: SQL): SearchStep => ({
    // the trigram index finds the matches, up to SEARCH_PROBE of them, sorted here
    probe: (limit) => sql`
      with probe as materialized (
        select ${t.id} as id, ${title} as title from ${t.table}
        where ${match} and ${visible} limit ${SEARCH_PROBE}
      )
      select id, (select count(*) from probe)::int as n from probe order by title, id limit ${limit}`,
    // `is true` keeps the trigram index (which gives no order) out of this plan
    walk: (limit) => sql`
      select ${t.id} as id from ${t.table} where ${visible} and (${match}) is true
      order by ${title}, ${t.id} limit ${limit}`,
  });
  const inTitle = containsTerm(title, q);
  return {
    title: step(inTitle),
    descriptionOnly: step(sql`${containsTerm(t.search[lang], q)} and not (${inTitle})`),
  };
}

async function rankedIds(db: Database, step: SearchStep, limit: number): Promise<string[]> {
  const probe = rowsOf<{ id: string; n: number }>(await db.execute(step.probe(limit)));
  if (probe.length === 0 || probe[0].n < SEARCH_PROBE) return probe.map((r) => r.id);
  return rowsOf<{ id: string }>(await db.execute(step.walk(limit))).map((r) => r.id);
}

/** The rows of `db.execute` (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
