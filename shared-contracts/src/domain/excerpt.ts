// Cards show the description cut to 120 characters on a word boundary with an ellipsis
// (storefront spec sections 2 and 9).

export const EXCERPT_MAX = 120;
/** One character (U+2026), so it costs a single character of the budget. */
export const ELLIPSIS = '…';

/**
 * The text unchanged when it has at most `max` characters; otherwise cut before the last word
 * that does not fit, trailing punctuation dropped, and '…' appended. The result, ellipsis
 * included, never exceeds `max`. A single word longer than the budget is cut mid-word.
 */
export function excerpt(text: string | null | undefined, max: number = EXCERPT_MAX): string {
  const source = text ?? '';
  if (source.length <= max) return source;
  if (max < 1) return '';
  const budget = max - 1; // room left for the ellipsis
  let cut = source.slice(0, budget);
  // A cut followed by whitespace already ends on a word boundary.
  if (!/\s/.test(source.charAt(budget))) {
    const lastSpace = cut.search(/\s\S*$/);
    if (lastSpace > 0) cut = cut.slice(0, lastSpace);
  }
  // Never leave half of a surrogate pair (emoji) when cutting mid-word.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.replace(/[\s,;:.\-–—]+$/, '');
  return cut + ELLIPSIS;
}
