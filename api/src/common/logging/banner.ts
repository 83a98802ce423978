import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';

type BannerConfig = Pick<
  AppConfig,
  'port' | 'dataDir' | 'databaseUrl' | 'smtpUrl' | 'seedDemoAccounts' | 'logFormat'
>;

interface Login {
  email: string;
  password: string;
}
/** The demo sign-ins to print, given by the caller (the demo seed owns them). */
export interface DemoLogins {
  admin: Login;
  student: Login;
}

/** What a person needs once the API listens: where it runs, how to sign in, where things live. */
export function startupFacts(config: BannerConfig, demo?: DemoLogins) {
  const url = `http://localhost:${config.port}`;
  return {
    url,
    api: `${url}/api`,
    docs: `${url}/api/docs`,
    // the demo accounts exist only in the embedded demo (seeded on its first start)
    demoLogins:
      config.seedDemoAccounts && demo ? { admin: demo.admin, student: demo.student } : null,
    // never the URL itself: it holds the database password
    database: config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'db'),
    dataDir: config.dataDir,
    outbox: config.smtpUrl ? null : join(config.dataDir, 'outbox'),
  };
}

/** The readable banner of a development start: a few lines after the log lines. */
export function bannerText(config: BannerConfig, demo?: DemoLogins): string {
  const f = startupFacts(config, demo);
  const lines = [
    '',
    `  Circo is running at ${f.url}   (API ${f.api}, docs ${f.docs})`,
    ...(f.demoLogins
      ? [
          `  Demo logins   admin ${f.demoLogins.admin.email} / ${f.demoLogins.admin.password}` +
            `   student ${f.demoLogins.student.email} / ${f.demoLogins.student.password}`,
        ]
      : []),
    `  Data          ${f.dataDir} (database ${f.database}, uploads)`,
    `  Outbox        ${f.outbox ?? 'none: e-mail goes out through SMTP_URL'}`,
    '',
  ];
  return lines.join('\n') + '\n';
}

/**
 * Says the API is up: the readable banner in development, one JSON log line with the same facts
 * in production (where every line is JSON, for the log collector).
 */
export function announceStart(
  config: BannerConfig,
  log: FastifyBaseLogger,
  demo?: DemoLogins,
): void {
  if (config.logFormat === 'pretty') process.stdout.write(bannerText(config, demo));
  else {
    const facts = startupFacts(config, demo);
    log.info(
      { url: facts.url, database: facts.database, dataDir: facts.dataDir, outbox: facts.outbox },
      `Circo is running at ${facts.url}`,
    );
  }
}
