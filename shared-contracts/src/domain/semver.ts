/**
 * The part of semantic versioning the release check needs: parse `1.2.3(-pre)` and test it
 * against an npm range (`1.2.3`, `=`, `>`, `>=`, `<`, `<=`, `^`, `~`, `x`/`*` wildcards, spaces
 * for "and", `||` for "or"). Framework-free, so the API, the scripts and the browser share it.
 */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): SemVer | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  return { major: +m[1], minor: +m[2], patch: +m[3], prerelease: m[4] ?? '' };
}

export function compareVersions(a: SemVer, b: SemVer): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] - b[k];
  if (a.prerelease === b.prerelease) return 0;
  // a pre-release sorts before its release
  if (!a.prerelease) return 1;
  if (!b.prerelease) return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

type Op = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  op: Op;
  v: SemVer;
}

const v = (major: number, minor: number, patch: number, prerelease = ''): SemVer => ({
  major,
  minor,
  patch,
  prerelease,
});

const PART =
  /^(\^|~|>=|<=|>|<|=)?v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/;
const wild = (s: string | undefined) => s === undefined || /^[xX*]$/.test(s);

/** The comparators of one space-separated part of a range, or null when it is not understood. */
function comparators(part: string): Comparator[] | null {
  if (part === '*' || part === '' || /^[xX]$/.test(part)) return [];
  const m = PART.exec(part);
  if (!m) return null;
  const op = m[1] ?? '';
  const [M, mi, p] = [m[2], m[3], m[4]];
  const pre = m[5] ?? '';
  if (wild(M)) return op === '<' || op === '>' ? null : [];
  const major = +M;
  // 1.x / 1.2.x and their operators
  if (wild(mi) || wild(p)) {
    const minor = wild(mi) ? 0 : +mi!;
    const upper = wild(mi) ? v(major + 1, 0, 0, '0') : v(major, minor + 1, 0, '0');
    const lower = v(major, minor, 0);
    if (op === '>') return [{ op: '>=', v: upper }];
    if (op === '<') return [{ op: '<', v: lower }];
    if (op === '<=') return [{ op: '<', v: upper }];
    if (op === '>=') return [{ op: '>=', v: lower }];
    if (op === '~' || op === '^' || op === '=' || op === '') {
      if (op === '^' && major === 0 && !wild(mi)) {
        return [
          { op: '>=', v: lower },
          { op: '<', v: v(0, minor + 1, 0, '0') },
        ];
      }
      return [
        { op: '>=', v: lower },
        { op: '<', v: upper },
      ];
    }
    return null;
  }
  const base = v(major, +mi!, +p!, pre);
  switch (op) {
    case '':
    case '=':
      return [{ op: '=', v: base }];
    case '>':
    case '>=':
    case '<':
    case '<=':
      return [{ op, v: base }];
    case '~':
      return [
        { op: '>=', v: base },
        { op: '<', v: v(major, base.minor + 1, 0, '0') },
      ];
    case '^': {
      const upper =
        major > 0
          ? v(major + 1, 0, 0, '0')
          : base.minor > 0
            ? v(0, base.minor + 1, 0, '0')
            : v(0, 0, base.patch + 1, '0');
      return [
        { op: '>=', v: base },
        { op: '<', v: upper },
      ];
    }
    default:
      return null;
  }
}

function matches(version: SemVer, c: Comparator): boolean {
  const d = compareVersions(version, c.v);
  switch (c.op) {
    case '<':
      return d < 0;
    case '<=':
      return d <= 0;
    case '>':
      return d > 0;
    case '>=':
      return d >= 0;
    case '=':
      return d === 0;
  }
}

/** Whether `range` is a range this module understands. */
export function isValidRange(range: string): boolean {
  return parseRange(range) !== null;
}

function parseRange(range: string): Comparator[][] | null {
  const sets: Comparator[][] = [];
  for (const alt of range.split('||')) {
    // `>= 1.2.3` is written with a space in some package.json files
    const parts = alt
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/);
    const set: Comparator[] = [];
    for (const part of parts) {
      const cs = comparators(part);
      if (!cs) return null;
      set.push(...cs);
    }
    sets.push(set);
  }
  return sets;
}

/**
 * Whether `version` satisfies `range` (npm semantics; a pre-release only satisfies a range that
 * names a pre-release of the same major.minor.patch).
 */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  const sets = parseRange(range);
  if (!parsed || !sets) return false;
  return sets.some(
    (set) =>
      set.every((c) => matches(parsed, c)) &&
      (!parsed.prerelease ||
        set.some(
          (c) =>
            c.v.prerelease !== '' &&
            c.v.prerelease !== '0' &&
            c.v.major === parsed.major &&
            c.v.minor === parsed.minor &&
            c.v.patch === parsed.patch,
        )),
  );
}
