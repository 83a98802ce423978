import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config.js';

/**
 * The API's pino options for Fastify. `json` (production): one JSON object per line, for a log
 * collector. `pretty` (development): one readable line per event, `12:04:31 INFO  Database: ready`,
 * written synchronously so the start-up lines and the banner keep their order. Tokens and cookies
 * never reach either.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logFormat === 'pretty' && {
      stream: pretty({
        sync: true,
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,context',
        messageFormat: '{if context}{context}: {end}{msg}',
      }),
    }),
  };
}
