/**
 * One language's searchable items of a search table (`course_search`, `formation_search`) held in
 * memory: the visible items in title order (byte order of the normalised title, then id: the
 * order of a search's answer), their normalised titles in one buffer and their normalised
 * descriptions in another, each entry ended by a NUL byte (PostgreSQL text never holds one, and
 * a search term never does: it is refused with control characters).
 *
 * A search is then two scans of contiguous bytes with `Buffer.indexOf` (memmem speed): the first
 * `limit` title matches in title order, then, when fewer, the description matches of items whose
 * title did not match. Every match found is an answer (the order is the buffer's), so a common
 * term stops after `limit` matches and a rare one reads the buffers once: ~13 MB for 100,000
 * courses in one language, 1-2 ms. The text is UTF-8 of `lower(f_unaccent(..))`, and the term is
 * normalised by the same SQL, so a byte match is exactly the SQL `LIKE '%term%'` match.
 */
export class TextIndex {
  private constructor(
    /** 16 bytes (a uuid) per entry, in title order */
    private readonly ids: Buffer,
    private readonly titles: Buffer,
    /** where each title starts in `titles`; one more than entries (the end) */
    private readonly titleStarts: Uint32Array,
    private readonly bodies: Buffer,
    private readonly bodyStarts: Uint32Array,
  ) {}

  /** Entries in the index (items visible in its language). */
  get size(): number {
    return this.titleStarts.length - 1;
  }

  /** Approximate bytes held. */
  get bytes(): number {
    return (
      this.ids.length +
      this.titles.length +
      this.bodies.length +
      this.titleStarts.byteLength +
      this.bodyStarts.byteLength
    );
  }

  /**
   * Ids of the entries whose title or description contains `term` (already normalised): title
   * matches first, each group in title order; at most `limit`.
   */
  search(term: string, limit: number): string[] {
    if (limit <= 0 || term.length === 0) return [];
    const needle = Buffer.from(term, 'utf8');
    const inTitle = scan(this.titles, this.titleStarts, needle, limit);
    const found = [...inTitle];
    // fewer than `limit` title matches: the scan read every title, so `inTitle` is all of them
    if (found.length < limit) {
      const skip = new Set(inTitle);
      found.push(...scan(this.bodies, this.bodyStarts, needle, limit - found.length, skip));
    }
    return found.map((entry) => this.idAt(entry));
  }

  private idAt(entry: number): string {
    return uuidAt(this.ids, entry);
  }

  /**
   * Collects `sizes.entries` entries in title order (the caller reads them in that order) into
   * buffers of exactly the given sizes, allocated once: no chunks to join, so the memory freed
   * after a build is not scattered over the heap (glibc kept 70 MB more RSS after chunked builds).
   */
  static builder(sizes: TextIndexSizes): TextIndexBuilder {
    const ids = Buffer.allocUnsafeSlow(sizes.entries * 16);
    const titles = new PackedText(sizes.entries, sizes.titleBytes);
    const bodies = new PackedText(sizes.entries, sizes.bodyBytes);
    let count = 0;
    return {
      add(page) {
        if (page.ids.length % 16 !== 0) throw new SizeMismatch();
        const n = page.ids.length / 16;
        if (count + n > sizes.entries) throw new SizeMismatch();
        ids.set(page.ids, count * 16);
        titles.add(count, n, page.titles);
        bodies.add(count, n, page.bodies);
        count += n;
        return n === 0 ? undefined : { id: uuidAt(ids, count - 1), title: titles.last(count - 1) };
      },
      build() {
        if (count !== sizes.entries || !titles.full() || !bodies.full()) throw new SizeMismatch();
        return new TextIndex(ids, titles.bytes, titles.starts, bodies.bytes, bodies.starts);
      },
    };
  }
}

/** What an index will hold: entries and the UTF-8 bytes of their titles and descriptions, each + 1. */
export interface TextIndexSizes {
  entries: number;
  titleBytes: number;
  bodyBytes: number;
}

/**
 * Consecutive entries as the database sends them (one row of aggregates, no object per entry):
 * their ids, 16 bytes each, and their titles and descriptions in UTF-8, each ended by a NUL byte.
 */
export interface TextIndexPage {
  ids: Uint8Array;
  titles: Uint8Array;
  bodies: Uint8Array;
}

export interface TextIndexBuilder {
  /**
   * Appends entries that come after every entry added so far in title order; answers the last
   * one's id and title (where the next page starts), or undefined for an empty page.
   */
  add(page: TextIndexPage): { id: string; title: string } | undefined;
  build(): TextIndex;
}

/** The entries given do not fill the sizes given (the data changed while it was read). */
export class SizeMismatch extends Error {
  constructor() {
    super('the entries do not match the sizes read before them');
  }
}

/** NUL-terminated UTF-8 strings copied into one buffer, with the offset where each starts. */
class PackedText {
  readonly bytes: Buffer;
  readonly starts: Uint32Array;
  private length = 0;

  constructor(entries: number, size: number) {
    this.bytes = Buffer.allocUnsafeSlow(size);
    this.starts = new Uint32Array(entries + 1);
  }

  /** Copies `n` NUL-terminated texts for the entries from `first` on. */
  add(first: number, n: number, texts: Uint8Array): void {
    if (this.length + texts.length > this.bytes.length) throw new SizeMismatch();
    this.bytes.set(texts, this.length);
    const end = this.length + texts.length;
    let at = this.length;
    for (let i = 1; i <= n; i++) {
      const nul = this.bytes.indexOf(0, at);
      if (nul < 0 || nul >= end) throw new SizeMismatch();
      at = nul + 1;
      this.starts[first + i] = at;
    }
    if (at !== end) throw new SizeMismatch();
    this.length = end;
  }

  /** The text of an entry already added. */
  last(entry: number): string {
    return this.bytes.toString('utf8', this.starts[entry], this.starts[entry + 1] - 1);
  }

  full(): boolean {
    return this.length === this.bytes.length;
  }
}

const uuidAt = (ids: Buffer, entry: number): string => {
  const hex = ids.toString('hex', entry * 16, entry * 16 + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Entries of `text` containing `needle`, in order, at most `limit`, except those in `skip`.
 * Each match is mapped to its entry (binary search in `starts`) and the scan goes on at the next
 * entry, so an entry counts once.
 */
function scan(
  text: Buffer,
  starts: Uint32Array,
  needle: Buffer,
  limit: number,
  skip?: ReadonlySet<number>,
): number[] {
  const entries: number[] = [];
  let from = 0;
  while (entries.length < limit) {
    const at = text.indexOf(needle, from);
    if (at < 0) break;
    const entry = entryAt(starts, at);
    if (!skip?.has(entry)) entries.push(entry);
    from = starts[entry + 1];
  }
  return entries;
}

/** The last entry whose start is <= `offset`. */
function entryAt(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
