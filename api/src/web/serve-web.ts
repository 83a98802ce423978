import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import type { AppConfig } from '../config/app-config.js';
import { REMOTE_FOLDERS, readRemotes, remoteOrigins } from './remotes-file.js';

const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg|jpe?g|webp)$/;

function contentSecurityPolicy(extraOrigins: string[]): string {
  const extra = extraOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${extra} https://js.stripe.com`,
    `style-src 'self' 'unsafe-inline' ${extra}`,
    `img-src 'self' data: blob: https://res.cloudinary.com https://i.ytimg.com https://i.vimeocdn.com ${extra}`,
    `media-src 'self' blob: https://res.cloudinary.com`,
    `font-src 'self' data: ${extra}`,
    `connect-src 'self' ${extra} https://api.stripe.com https://api.cloudinary.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com https://player.vimeo.com https://www.youtube.com https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ]
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .join('; ');
}

/** A file inside `root`, or null (no path escapes its folder). */
function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const full = normalize(join(root, decoded));
  if (!full.startsWith(root + sep) && full !== root) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

function cacheHeaders(reply: FastifyReply, file: string): void {
  void reply.header(
    'Cache-Control',
    HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * Serves the composed front end from the API's port: the shell at `/` (with an SPA fallback to its
 * index.html), each remote at `/remotes/<folder>/`, and the runtime `/remotes.json`.
 */
export async function serveWeb(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const shellDist = join(config.webRoot, 'shell/dist');
  await fastify.register(fastifyStatic, { root: config.webRoot, serve: false });

  fastify.get('/remotes.json', async (_req, reply) => {
    const remotes = await readRemotes(config.remotesFile);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Access-Control-Allow-Origin', '*')
      .send(remotes);
  });

  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const dist = join(config.webRoot, folder, 'dist');
    fastify.get(`/remotes/${folder}/*`, (req, reply) => {
      const rest = (req.params as { '*': string })['*'];
      const file = fileIn(dist, rest);
      void reply.header('Access-Control-Allow-Origin', '*');
      if (!file) {
        return reply
          .status(404)
          .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: 'Not found' });
      }
      cacheHeaders(reply, file);
      return reply.sendFile(file.slice(dist.length + 1), dist, { cacheControl: false });
    });
  }

  fastify.get('/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: `Cannot GET /${path}` });
    }
    const file = path ? fileIn(shellDist, path) : null;
    if (file) {
      cacheHeaders(reply, file);
      return reply.sendFile(file.slice(shellDist.length + 1), shellDist, { cacheControl: false });
    }
    // an asset that does not exist is a 404, any other path is a route of the single-page app
    if (/\.[a-z0-9]{1,5}$/i.test(path) && !path.endsWith('.html')) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: 'Not found' });
    }
    if (!existsSync(join(shellDist, 'index.html'))) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The front end is not built. Run `npm start` (it builds what is missing).');
    }
    const remotes = await readRemotes(config.remotesFile);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', contentSecurityPolicy(remoteOrigins(remotes)))
      .sendFile('index.html', shellDist, { cacheControl: false });
  });
}
