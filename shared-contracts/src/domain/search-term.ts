/** Letters or digits in a row that a search term needs (the trigram index reads 3 at a time). */
export const SEARCH_TERM_MIN_RUN = 3;

/**
 * Whether a search term can be looked up: it must hold at least 3 letters or digits in a row.
 * Shorter terms ("ab", "a b") would match most of the catalogue and no index can serve them, so
 * the API answers 400 `search.query_too_short` and the search page explains instead of asking.
 */
export function isSearchableTerm(term: string): boolean {
  return new RegExp(`[\\p{L}\\p{N}]{${SEARCH_TERM_MIN_RUN}}`, 'u').test(term);
}
