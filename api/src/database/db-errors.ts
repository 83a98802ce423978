/** PostgreSQL SQLSTATE codes of the integrity violations repositories turn into domain errors. */
export const PG_VIOLATION_CODES = {
  '23505': 'unique',
  '23503': 'foreign_key',
  // ON DELETE RESTRICT (deleting a course that has buyers)
  '23001': 'foreign_key',
  '23514': 'check',
} as const;

export type ViolationKind = (typeof PG_VIOLATION_CODES)[keyof typeof PG_VIOLATION_CODES];

/**
 * A unique, foreign-key or check violation, whichever driver raised it. Both node-postgres'
 * DatabaseError and PGlite's error carry `code`, `constraint`, `table`, `detail`; Drizzle wraps
 * them in a DrizzleQueryError whose `cause` is the driver error, so the chain is walked.
 */
export class ConstraintViolation extends Error {
  constructor(
    readonly kind: ViolationKind,
    readonly code: string,
    /** Constraint or unique-index name, e.g. `users_email_key`. */
    readonly constraint: string | undefined,
    readonly table: string | undefined,
    readonly detail: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      `${kind} violation${constraint ? ` on ${constraint}` : ''}${detail ? `: ${detail}` : ''}`,
      options,
    );
    this.name = 'ConstraintViolation';
  }
}

interface PgErrorLike {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  detail?: unknown;
  cause?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The violation inside `err` (or one of its causes), or null when it is some other failure. */
export function asConstraintViolation(err: unknown): ConstraintViolation | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if (current instanceof ConstraintViolation) return current;
    const e = current as PgErrorLike;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && code in PG_VIOLATION_CODES) {
      const kind = PG_VIOLATION_CODES[code as keyof typeof PG_VIOLATION_CODES];
      return new ConstraintViolation(kind, code, str(e.constraint), str(e.table), str(e.detail), {
        cause: err,
      });
    }
    current = e.cause;
  }
  return null;
}

export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  isViolation(err, 'unique', constraint);
export const isForeignKeyViolation = (err: unknown, constraint?: string): boolean =>
  isViolation(err, 'foreign_key', constraint);
export const isCheckViolation = (err: unknown, constraint?: string): boolean =>
  isViolation(err, 'check', constraint);

function isViolation(err: unknown, kind: ViolationKind, constraint?: string): boolean {
  const v = asConstraintViolation(err);
  return !!v && v.kind === kind && (constraint === undefined || v.constraint === constraint);
}

/**
 * For a repository's catch block: returns the domain error mapped to the violated constraint
 * (by constraint name, or by kind as a fallback), else the original error. Use as
 * `catch (err) { throw mapViolation(err, { users_email_key: () => conflict('users.email_taken', '...') }) }`.
 */
export function mapViolation(
  err: unknown,
  handlers: Partial<Record<string, (v: ConstraintViolation) => Error>>,
): unknown {
  const v = asConstraintViolation(err);
  if (!v) return err;
  const handler = (v.constraint && handlers[v.constraint]) || handlers[v.kind];
  return handler ? handler(v) : err;
}

// SQLSTATE classes and codes of a database that is away or overloaded (not of a bad query):
// connection exceptions (08), terminated / shutting down / cannot connect now (57P01-57P03),
// statement timeout (57014), too many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|57014|53300)/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
  'Client has encountered a connection error',
  'PGlite is closed',
  // the database refuses connections for a while (ALTER DATABASE ... ALLOW_CONNECTIONS false)
  'is not currently accepting connections',
];

/**
 * Whether `err` (or one of its causes) says the database cannot be reached right now, as opposed
 * to a failing query: the API answers 503 then, never a 500 nor a 401.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') {
      if (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_NODE_CODES.has(e.code)) return true;
    }
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current = e.cause;
  }
  return false;
}
