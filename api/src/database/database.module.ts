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
import { prepareDatabase } from './seed/prepare.js';

export { DATABASE_HANDLE, DB };

/**
 * Opens the database at start (PGlite or PostgreSQL), applies the migrations, seeds the demo data
 * into an empty database, ensures the configured admin, and closes the connection at shutdown.
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  static forRoot(config: AppConfig): DynamicModule {
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
              await prepareDatabase(handle, config, logger);
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
