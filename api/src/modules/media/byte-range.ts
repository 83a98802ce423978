// HTTP Range for the local file streams (RFC 9110 section 14): one "bytes=" range, which is what
// browsers send when a video seeks. Several ranges are answered with the whole file (allowed).

export type RangeResult =
  | { kind: 'none' } // no usable Range header: 200 with the whole file
  | { kind: 'partial'; start: number; end: number } // 206, inclusive bounds
  | { kind: 'unsatisfiable' }; // 416

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined || header === '') return { kind: 'none' };
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m) {
    // a multi-range or another unit is ignored; anything else "bytes=" that is garbage is a 416
    return /^bytes=/i.test(header.trim()) && !header.includes(',')
      ? { kind: 'unsatisfiable' }
      : { kind: 'none' };
  }
  const [, first, last] = m;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // the last N bytes
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start)
    return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** What a ranged answer of a file of `size` bytes is: its status, headers and the bytes it sends. */
export interface RangedAnswer<T> {
  statusCode: 200 | 206 | 416;
  headers: Record<string, string>;
  body: T | null;
}

/**
 * Answers one `Range` of a file of `size` bytes: 206 with `slice(start, end)` (inclusive), 200
 * with `slice(0, size - 1)` for the whole file, 416 when the range is not in the file; `headers`
 * are the file's own (type, caching), each answer adding its length and range.
 */
export function rangedAnswer<T>(
  rangeHeader: string | undefined,
  size: number,
  headers: Record<string, string>,
  slice: (start: number, end: number) => T,
): RangedAnswer<T> {
  const range = parseRange(rangeHeader, size);
  switch (range.kind) {
    case 'unsatisfiable':
      return {
        statusCode: 416,
        headers: { ...headers, 'Content-Range': `bytes */${size}` },
        body: null,
      };
    case 'partial':
      return {
        statusCode: 206,
        headers: {
          ...headers,
          'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
          'Content-Length': String(range.end - range.start + 1),
        },
        body: slice(range.start, range.end),
      };
    case 'none':
      return {
        statusCode: 200,
        headers: { ...headers, 'Content-Length': String(size) },
        body: slice(0, size - 1),
      };
  }
}
