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
