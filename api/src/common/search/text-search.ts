import { asc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

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

/**
 * 0 when the first occurrence of the term lies in the title (the search column starts with the
 * normalised title), 1 when only the description has it: "title matches first".
 */
export function titleMatchRank(searchColumn: SQLWrapper, title: SQL, q: string): SQL<number> {
  return sql<number>`case when strpos(${searchColumn}, ${normalizedTerm(q)}) between 1 and char_length(coalesce(${title}, '')) then 0 else 1 end`;
}

/** Title matches first, then by normalised title (the search column starts with it), then id. */
export function searchOrder(searchColumn: AnyColumn, title: SQL, id: AnyColumn, q: string): SQL[] {
  return [titleMatchRank(searchColumn, title, q), asc(searchColumn), asc(id)];
}
