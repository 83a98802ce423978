import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type ms from 'ms';
import {
  bool,
  ConfigError,
  httpUrl,
  int,
  jwtExpiresIn,
  logFormat,
  logLevel,
  publicOrigins,
  redisUrl,
  secretFor,
  str,
  type Env,
} from './env-readers.js';

export { ConfigError } from './env-readers.js';

/** The repository root, where the built front ends live (shell/dist and each remote dist). */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  port: number;
  host: string;
  /** Trust X-Forwarded-For (behind a load balancer); rate limits key on the client IP. */
  trustProxy: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * The PostgreSQL pool (with DATABASE_URL): at most `max` connections; waiting longer than
   * `connectTimeoutMs` for one, or a statement running longer than `statementTimeoutMs`, fails
   * the request with 503 instead of leaving it hanging.
   */
  dbPool: { max: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /**
   * Without DATABASE_URL: run PGlite in a worker thread (true), so that a slow query does not hold
   * up the event loop, or on the main thread (false).
   */
  pgliteWorker: boolean;
  /** After SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  jwtSecret: string;
  /** Session token lifetime: seconds, or a duration string of the `ms` library (15m, 12h, 7d). */
  jwtExpiresIn: number | ms.StringValue;
  /**
   * Origins allowed to call the API from another origin. Outside production the dev servers' by
   * default; in production none unless CORS_ORIGINS names them (the app is served same-origin).
   */
  corsOrigins: string[];
  /** Serve the OpenAPI document and its page (/api/docs, /api/docs-json): API_DOCS, off in production. */
  apiDocs: boolean;
  publicUrl: string;
  /**
   * The origins the shop answers on: PUBLIC_URL's, then PUBLIC_ORIGINS. A payment returns the
   * buyer to the one they paid from when it is in this list (else to PUBLIC_URL).
   */
  publicOrigins: string[];
  salesPaused: boolean;
  accessPeriodMonths: number;
  /** Access reminders (30, 7, 1 days before the end and once it ended): on, and how often they are looked for. */
  reminders: { enabled: boolean; scanMs: number };
  /**
   * Memberships: the days a failed renewal keeps access (past due) before it ends; with the local
   * provider, a period's length in minutes instead of a month or a year (0: the real length; for
   * demos and tests), how often its clock looks for periods that end, and the days of notice before
   * current subscribers pay their plan's newer price.
   */
  memberships: {
    graceDays: number;
    periodMinutes: number;
    clockMs: number;
    priceNoticeDays: number;
  };
  webRoot: string;
  remotesFile: string;
  /** How long the server waits for a re-pointed remote's manifest before it keeps the last good entry. */
  remoteCheckTimeoutMs: number;
  /** The running shell's manifest, when it is not `<webRoot>/shell/dist`'s (the dev server's). */
  shellManifestUrl: string | null;
  contentDir: string;
  serveWeb: boolean;
  logLevel: string;
  /** `json` (one JSON object per line; the default in production) or `pretty` (readable lines). */
  logFormat: 'json' | 'pretty';
  /** Requests slower than this are logged (warn) even when the level hides request lines. */
  slowRequestMs: number;
  /**
   * Public catalogue answers cached in memory (common/catalog-cache): each instance reads the
   * catalogue version every `pollMs` (the staleness bound across instances) and keeps at most
   * `maxBytes` of answers.
   */
  catalogCache: { pollMs: number; maxBytes: number };
  /**
   * The accounts of signed-in requests kept in memory (modules/users/account-cache.ts): each
   * instance reads the accounts version every `pollMs` (how long a password reset, a role change
   * or a deleted account may take to reach another instance) and keeps at most `maxEntries`
   * accounts (0: none, every request reads its account).
   */
  accountCache: { pollMs: number; maxEntries: number };
  /**
   * Search from an in-memory copy of the search tables (modules/catalogue/search/search-index.service.ts):
   * `enabled` (default true; false searches with SQL only, no memory spent on it), and the rows
   * read per query while it is built (bigger pages grow PGlite's memory, which never shrinks:
   * 5,000 rows cost 40 MB more RSS than 1,000 at 100k courses).
   */
  searchIndex: { enabled: boolean; pageRows: number };
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Seed the demo catalogue into an empty database (SEED_DEMO). */
  seedDemo: boolean;
  /**
   * Also seed the demo admin and student, whose passwords are published: only the zero-setup demo
   * (embedded PGlite, NODE_ENV not production), never with DATABASE_URL or in production.
   */
  seedDemoAccounts: boolean;
  /**
   * Requests per window: per client IP for the anonymous account routes (login, register, forgot,
   * reset), per account for the authenticated routes that cost work (payment, upload, progress).
   */
  /**
   * Password hashing (argon2id, OWASP's parameters) runs on `threads` worker threads, so a burst
   * of logins and sign-ups uses at most that many cores and never the event loop; at most `queue`
   * more wait their turn, and past that the API answers 503 with Retry-After at once.
   */
  passwordHashing: { threads: number; queue: number };
  rateLimit: {
    login: number;
    register: number;
    forgot: number;
    reset: number;
    /** certificate verifications by code (GET /certificates/{code}) */
    verify: number;
    payment: number;
    upload: number;
    /** a student's practice clips sent or deleted */
    clip: number;
    progress: number;
    windowMs: number;
  };
  stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    host: string | null;
    port: number | null;
    protocol: 'http' | 'https';
  };
  cloudinaryUrl: string | null;
  /** Redis for state shared by several API instances (rate-limit counts); memory when unset. */
  redisUrl: string | null;
  vimeoToken: string | null;
  /** Vimeo API origin (tests point it at a local stand-in); null: the real api.vimeo.com. */
  vimeoApiUrl: string | null;
  /** Cloudinary API origin (the SDK's upload_prefix; tests use a stand-in); null: the real one. */
  cloudinaryApiUrl: string | null;
  /**
   * Admin uploads: size limits per kind (bytes), how long a file no record points to is kept
   * (hours) and how often the sweep runs (minutes; 0: never).
   */
  uploads: {
    maxImageBytes: number;
    maxPdfBytes: number;
    maxVideoBytes: number;
    orphanGraceHours: number;
    sweepMinutes: number;
  };
  /**
   * Students' practice clips: the largest file, the longest clip, and how many clips
   * one student may have waiting for an answer at once.
   */
  practice: { maxBytes: number; maxSeconds: number; maxPending: number };
  /** HMAC key of the local storage's signed private-file links (see modules/media). */
  mediaSigningKey: string;
  /** How long a signed private-media link works, in seconds. */
  mediaLinkTtlSeconds: number;
  /**
   * The durable jobs (common/jobs): whether this instance runs them (`worker`; every instance
   * writes them), how often it looks for due ones, how many it runs at once, how many attempts a
   * job gets before it is dead-lettered, and the first retry's delay (doubled per attempt, at
   * most 10 minutes).
   */
  jobs: {
    worker: boolean;
    pollMs: number;
    concurrency: number;
    maxAttempts: number;
    retryMs: number;
  };
}

/** Reads and validates `process.env` once at boot; a bad value stops the start with a clear message. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, 'data'));
  const databaseUrl = str(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const protocol = (env.STRIPE_API_PROTOCOL ?? 'https') as 'http' | 'https';
  if (protocol !== 'http' && protocol !== 'https') {
    throw new ConfigError('STRIPE_API_PROTOCOL must be http or https');
  }
  // with Stripe, the browser needs the publishable key and the webhooks (the source of truth for
  // what was paid) need their signing secret: a half configuration would take money it cannot see
  if (str(env, 'STRIPE_SECRET_KEY')) {
    for (const key of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!str(env, key)) throw new ConfigError(`${key} is required when STRIPE_SECRET_KEY is set`);
    }
  }
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/$/, '');
  // the embedded database outside production is the demo; a server or production is not
  const production = env.NODE_ENV === 'production';
  const demoMode = !databaseUrl && !production;
  const seedDemo = bool(env, 'SEED_DEMO', demoMode);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    trustProxy: bool(env, 'TRUST_PROXY', false),
    dataDir,
    databaseUrl,
    dbPool: {
      max: int(env, 'DB_POOL_MAX', 10, 1, 1000),
      connectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
      statementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000, 100, 3_600_000),
    },
    pgliteWorker: bool(env, 'PGLITE_WORKER', true),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 3_600_000),
    jwtSecret: secretFor(env, 'JWT_SECRET', dataDir, 'jwt-secret'),
    jwtExpiresIn: jwtExpiresIn(env),
    corsOrigins: (
      env.CORS_ORIGINS ??
      (production
        ? ''
        : 'http://localhost:4200,http://localhost:4201,http://localhost:4202,http://localhost:4203,http://localhost:4204')
    )
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    apiDocs: bool(env, 'API_DOCS', !production),
    publicUrl,
    publicOrigins: publicOrigins(env, publicUrl),
    salesPaused: bool(env, 'SALES_PAUSED', false),
    accessPeriodMonths: int(env, 'ACCESS_PERIOD_MONTHS', 12, 1, 120),
    memberships: {
      graceDays: int(env, 'MEMBERSHIP_GRACE_DAYS', 7, 0, 60),
      periodMinutes: int(env, 'MEMBERSHIP_PERIOD_MINUTES', 0, 0, 525_600),
      clockMs: int(env, 'MEMBERSHIP_CLOCK_MS', 60_000, 1_000, 3_600_000),
      priceNoticeDays: int(env, 'MEMBERSHIP_PRICE_NOTICE_DAYS', 30, 1, 365),
    },
    reminders: {
      enabled: bool(env, 'REMINDERS', true),
      scanMs: int(env, 'REMINDERS_SCAN_MS', 3_600_000, 60_000, 86_400_000),
    },
    webRoot: resolve(env.WEB_ROOT ?? repoRoot),
    remotesFile: resolve(env.REMOTES_FILE ?? join(dataDir, 'remotes.json')),
    remoteCheckTimeoutMs: int(env, 'REMOTE_CHECK_TIMEOUT_MS', 5000, 100, 60000),
    shellManifestUrl: httpUrl(env, 'SHELL_MANIFEST_URL'),
    contentDir: resolve(env.CONTENT_DIR ?? join(repoRoot, 'api/content')),
    serveWeb: bool(env, 'SERVE_WEB', true),
    logLevel: logLevel(env),
    logFormat: logFormat(env),
    slowRequestMs: int(env, 'SLOW_REQUEST_MS', 1000, 1, 3_600_000),
    catalogCache: {
      pollMs: int(env, 'CATALOG_CACHE_POLL_MS', 1000, 50, 3_600_000),
      maxBytes: int(env, 'CATALOG_CACHE_MAX_MB', 64, 0, 4096) * 1_048_576,
    },
    accountCache: {
      pollMs: int(env, 'ACCOUNT_CACHE_POLL_MS', 1000, 50, 60_000),
      maxEntries: int(env, 'ACCOUNT_CACHE_MAX', 100_000, 0, 10_000_000),
    },
    searchIndex: {
      enabled: bool(env, 'SEARCH_INDEX', true),
      pageRows: int(env, 'SEARCH_INDEX_PAGE_ROWS', 1000, 1, 1_000_000),
    },
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: env.MAIL_FROM ?? 'Circo <no-reply@localhost>',
    adminEmail: str(env, 'ADMIN_EMAIL'),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    seedDemo,
    seedDemoAccounts: seedDemo && demoMode,
    passwordHashing: {
      // one core of two, half of more: the rest stays for the requests that do not hash
      threads: int(
        env,
        'PASSWORD_HASH_THREADS',
        Math.max(1, Math.floor(availableParallelism() / 2)),
        1,
        64,
      ),
      queue: int(env, 'PASSWORD_HASH_QUEUE', 128, 0, 100_000),
    },
    rateLimit: {
      login: int(env, 'RATE_LIMIT_LOGIN', 10, 1, 100000),
      register: int(env, 'RATE_LIMIT_REGISTER', 10, 1, 100000),
      forgot: int(env, 'RATE_LIMIT_FORGOT', 5, 1, 100000),
      reset: int(env, 'RATE_LIMIT_RESET', 10, 1, 100000),
      verify: int(env, 'RATE_LIMIT_CERTIFICATE_VERIFY', 30, 1, 100000),
      payment: int(env, 'RATE_LIMIT_PAYMENT', 30, 1, 100000),
      upload: int(env, 'RATE_LIMIT_UPLOAD', 60, 1, 100000),
      clip: int(env, 'RATE_LIMIT_PRACTICE_CLIPS', 12, 1, 100000),
      progress: int(env, 'RATE_LIMIT_PROGRESS', 300, 1, 100000),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
    stripe: {
      secretKey: str(env, 'STRIPE_SECRET_KEY'),
      publishableKey: str(env, 'STRIPE_PUBLISHABLE_KEY'),
      webhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'),
      host: str(env, 'STRIPE_API_HOST'),
      port: env.STRIPE_API_PORT ? int(env, 'STRIPE_API_PORT', 443, 1, 65535) : null,
      protocol,
    },
    cloudinaryUrl: str(env, 'CLOUDINARY_URL'),
    redisUrl: redisUrl(env),
    vimeoToken: str(env, 'VIMEO_ACCESS_TOKEN'),
    vimeoApiUrl: httpUrl(env, 'VIMEO_API_URL'),
    cloudinaryApiUrl: httpUrl(env, 'CLOUDINARY_API_URL'),
    uploads: {
      maxImageBytes: int(env, 'UPLOAD_MAX_IMAGE_MB', 10, 1, 100) * 1_048_576,
      maxPdfBytes: int(env, 'UPLOAD_MAX_PDF_MB', 50, 1, 500) * 1_048_576,
      maxVideoBytes: int(env, 'UPLOAD_MAX_VIDEO_MB', 2000, 1, 2047) * 1_048_576,
      orphanGraceHours: int(env, 'UPLOAD_ORPHAN_GRACE_HOURS', 24, 1, 24 * 90),
      sweepMinutes: int(env, 'UPLOAD_SWEEP_MINUTES', 60, 0, 24 * 60),
    },
    practice: {
      maxBytes: int(env, 'PRACTICE_MAX_MB', 200, 1, 2047) * 1_048_576,
      maxSeconds: int(env, 'PRACTICE_MAX_SECONDS', 180, 5, 3600),
      maxPending: int(env, 'PRACTICE_MAX_PENDING', 5, 1, 100),
    },
    mediaSigningKey: secretFor(env, 'MEDIA_SIGNING_KEY', dataDir, 'media-signing-key'),
    mediaLinkTtlSeconds: int(env, 'MEDIA_LINK_TTL_SECONDS', 600, 30, 86_400),
    jobs: {
      worker: bool(env, 'JOBS_WORKER', true),
      pollMs: int(env, 'JOBS_POLL_MS', 1000, 10, 600_000),
      concurrency: int(env, 'JOBS_CONCURRENCY', 4, 1, 100),
      maxAttempts: int(env, 'JOBS_MAX_ATTEMPTS', 12, 1, 100),
      retryMs: int(env, 'JOBS_RETRY_MS', 5000, 1, 3_600_000),
    },
  };
}

/** Nest injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
