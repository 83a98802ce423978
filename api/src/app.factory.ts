import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/app-config.js';
import { AppModule } from './app.module.js';
import { createValidationPipe } from './common/validation.js';
import { TextInputPipe } from './common/pipes/text-input.pipe.js';
import { PinoNestLogger } from './common/logging/pino-nest-logger.js';
import { RequestLogController } from './common/logging/request-log.js';
import { loggerOptions } from './common/logging/logger-options.js';
import {
  createEarlyPath,
  publicCacheServerFactory,
  registerEarlyPublicCacheHook,
} from './modules/catalogue/index.js';
import { parseBoundedJson } from './common/http/bounded-json.js';
import { bodyFor, bounded } from './common/errors/all-exceptions.filter.js';
import { serveWeb } from './web/serve-web.js';
import { describeAnswers } from './openapi/answers.js';

const BODY_LIMIT = 1_048_576;

/**
 * Browser features the pages may use: camera and microphone for the practice mirror (this
 * origin only), payment for Stripe's Payment Element; the rest of the powerful ones off.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=(self)',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');
/**
 * Routes whose bodies are a few short fields get a small body limit (413 above it), checked on
 * Content-Length before a byte is read: anonymous routes must cost an attacker more than us.
 */
const SMALL_BODY_ROUTES: Record<string, number> = {
  'POST /api/auth/login': 16_384,
  'POST /api/users': 16_384, // register
  'POST /api/auth/forgot-password': 16_384,
  'POST /api/auth/reset-password/:token': 16_384,
};

/** Builds the API (and, when `serveWeb`, the composed front end) on one Fastify server. */
export async function createApp(
  config: AppConfig,
  opts: { logger?: boolean } = {},
): Promise<NestFastifyApplication> {
  // cache hits answered by the Node server and by an early hook, before Nest (see there)
  const earlyPath = createEarlyPath();
  const adapter = new FastifyAdapter({
    // not at debug level, where every request is logged
    serverFactory:
      config.logLevel === 'debug' || config.logLevel === 'trace'
        ? undefined
        : publicCacheServerFactory(earlyPath),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // pino: JSON lines in production, readable lines in development (loggerOptions); tokens
    // never reach the log. No line per request at the default level (see
    // RequestLogController): errors, 5xx and slow requests only, each with the request's reqId
    logger: opts.logger === false ? false : loggerOptions(config),
    logController: new RequestLogController({
      slowMs: config.slowRequestMs,
      level: config.logLevel,
    }),
    requestIdHeader: 'x-request-id',
    // the router refuses a malformed URL (400) or an over-long path parameter (414) before any
    // hook or filter: the answer in the API's error shape, bounded (Fastify's echoes the URL)
    frameworkErrors: (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      void reply
        .header('Permissions-Policy', PERMISSIONS_POLICY)
        .code(error.statusCode ?? 400)
        .type('application/json')
        .send(bounded(bodyFor(error)));
    },
  });
  registerEarlyPublicCacheHook(adapter.getInstance(), earlyPath);
  adapter.getInstance().addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = methods
      .map((m) => SMALL_BODY_ROUTES[`${m} ${route.url}`])
      .find((l) => l !== undefined);
    if (limit !== undefined) route.bodyLimit = Math.min(route.bodyLimit ?? BODY_LIMIT, limit);
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: opts.logger === false ? false : new PinoNestLogger(adapter.getInstance().log),
    // the Stripe webhook's signature is checked against the exact bytes received
    rawBody: true,
  });
  app.setGlobalPrefix('api');
  // JSON bodies: UTF-8 only, key/item counts and depth checked on the bytes before parsing
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, parseBoundedJson);
  // text checks first: the class-validator pipe then sees only text the database can store
  app.useGlobalPipes(new TextInputPipe(), createValidationPipe());
  app.enableCors({
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  // the HTML's Content-Security-Policy is written by serveWeb (it depends on /remotes.json)
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // HSTS only on answers to HTTPS requests (below): over plain HTTP it means nothing and a
    // development server on localhost must not pin the browser to HTTPS
    strictTransportSecurity: false,
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (req, reply, done) => {
      void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      // req.protocol reads X-Forwarded-Proto only when TRUST_PROXY trusts the proxy
      if (req.protocol === 'https')
        void reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      done();
    });
  await app.register(compress, { threshold: 1024 });
  // admin uploads stream each file part to disk (modules/uploads/received-file.ts sets the limits)
  await app.register(multipart);

  // the API's map (every admin route) is for developers: off in production unless API_DOCS=true
  if (config.apiDocs) {
    // what each route answers, success and errors, from the handlers' declared types
    const docs = describeAnswers(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder().setTitle('Circo API').setVersion('1.0').addBearerAuth().build(),
      ),
    );
    SwaggerModule.setup('api/docs', app, docs, { jsonDocumentUrl: 'api/docs-json' });
  }

  if (config.serveWeb) await serveWeb(app.getHttpAdapter().getInstance(), config);
  await app.init();
  return app;
}
