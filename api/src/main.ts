import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './app.factory.js';
import { announceStart } from './common/logging/banner.js';
import { DEMO_ACCOUNTS } from './demo/seed.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  stopGracefully(app, config.shutdownTimeoutMs);
  await app.listen({ port: config.port, host: config.host });
  announceStart(config, app.getHttpAdapter().getInstance().log, DEMO_ACCOUNTS);
}

/**
 * SIGTERM / SIGINT: stop accepting connections, let the requests in flight finish (a request on a
 * kept-alive connection that arrives now gets 503 and `Connection: close`), then run the modules'
 * shutdown (background tasks, caches) and close the database pool; exit 0. A request still running
 * after `timeoutMs` is cut and the process exits 1. Nest's own shutdown hooks would run the
 * modules' shutdown first, while the server still takes requests.
 */
function stopGracefully(app: NestFastifyApplication, timeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const log = app.getHttpAdapter().getInstance().log;
    log.info(
      `${signal}: no new connections; finishing the requests in flight (up to ${timeoutMs} ms)`,
    );
    setTimeout(() => {
      log.error(`requests still running ${timeoutMs} ms after ${signal}: stopping anyway`);
      process.exit(1);
    }, timeoutMs).unref();
    app
      .getHttpAdapter()
      .getInstance()
      .close()
      .then(() => app.close())
      .then(() => {
        log.info('stopped: every request answered, database closed');
        process.exit(0);
      })
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
