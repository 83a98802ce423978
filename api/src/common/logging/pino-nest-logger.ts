import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Nest's start-up lines that only list what it wired (a line per module and per route: 140 of
 * them): debug, so a start at the default level shows what matters (`LOG_LEVEL=debug` lists them).
 */
const WIRING_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Nest's own log lines (start-up, errors) through Fastify's pino logger, so the whole API writes
 * one log, request lines included (JSON or readable lines: `loggerOptions`).
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  private write(
    level: 'info' | 'warn' | 'error' | 'debug' | 'trace',
    message: unknown,
    rest: unknown[],
  ): void {
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (typeof message === 'object') this.pino[level]({ context, ...message });
    else this.pino[level]({ context }, String(message));
  }

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    const wiring = typeof context === 'string' && WIRING_CONTEXTS.has(context);
    this.write(wiring ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    // Nest passes (message, stack, context)
    const stack = typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    if (stack && !(message instanceof Error))
      this.pino.error({ context: rest.at(-1), stack }, String(message));
    else this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
}
