import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Controller, Get, Header, Inject, type OnModuleDestroy } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RuntimeDiagnostics } from '@circo/shared-contracts';
import { DATABASE_HANDLE, type DatabaseHandle } from '../../database/database.js';
import { Auth } from '../auth/index.js';
import { PasswordHasher } from '../users/index.js';

const RESOLUTION_MS = 10;

/**
 * Where an instance's time goes, for the admin and the load run (`npm run load`): the password
 * hashing threads and their queue, the PostgreSQL pool and its waits, the event loop's delay and
 * the process's CPU and memory since it started.
 */
@ApiTags('admin')
@Controller('admin/diagnostics/runtime')
export class RuntimeDiagnosticsController implements OnModuleDestroy {
  private readonly loopDelay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });

  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    private readonly passwords: PasswordHasher,
  ) {
    this.loopDelay.enable();
  }

  onModuleDestroy(): void {
    this.loopDelay.disable();
  }

  /** Where this instance's time goes: hashing threads, database pool, event loop, CPU, memory. */
  @Get()
  @Auth('admin')
  @Header('Cache-Control', 'no-store')
  runtime(): RuntimeDiagnostics {
    const cpu = process.cpuUsage();
    // the histogram holds each 10 ms timer's whole interval: the delay is what exceeds it
    const ms = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
    return {
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      cpuMs: { user: Math.round(cpu.user / 1000), system: Math.round(cpu.system / 1000) },
      rssMb: Math.round(process.memoryUsage.rss() / 1048576),
      eventLoopDelayMs: {
        p50: ms(this.loopDelay.percentile(50)),
        p99: ms(this.loopDelay.percentile(99)),
        max: ms(this.loopDelay.max),
      },
      passwordHashing: this.passwords.stats(),
      dbPool: this.database.poolStats(),
    };
  }
}
