import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { DATABASE_HANDLE, DB, openDatabase, type DatabaseHandle } from './database.js';

export { DATABASE_HANDLE, DB };

/** What runs once the database is migrated, before any module uses it (the app passes the demo seed and the admin account). */
export type PrepareDatabase = (
  handle: DatabaseHandle,
  logger: Pick<Logger, 'log' | 'warn'>,
) => Promise<void>;

/**
 * Opens the database at start (PGlite or PostgreSQL), applies the migrations, runs `prepare` (the
 * app's start-up data: the demo seed into an empty database, the configured admin), and closes the
 * connection at shutdown.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  static forRoot(config: AppConfig, prepare?: PrepareDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE_HANDLE,
          useFactory: async (): Promise<DatabaseHandle> => {
            const logger = new Logger('Database');
            const started = Date.now();
            const handle = await openDatabase(config);
            try {
              if (prepare) await prepare(handle, logger);
            } catch (err) {
              await handle.close();
              throw err;
            }
            logger.log(
              `${handle.driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} database ready in ${Date.now() - started} ms`,
            );
            return handle;
          },
        },
        {
          provide: DB,
          useFactory: (handle: DatabaseHandle) => handle.db,
          inject: [DATABASE_HANDLE],
        },
      ],
      exports: [DB, DATABASE_HANDLE],
    };
  }

  // after every module's onModuleDestroy, so nothing still queries a closed connection
  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
