import { statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import type { AppConfig } from '../config/app-config.js';
import { publicConfigOf } from '../modules/site/index.js';
import { FirstScreens } from './first-screen.js';
import { HtmlBootstrap } from './html-bootstrap.js';
import { serverPage, type PageSources } from './page-context.js';
import { pageHead, withHead } from './page-head.js';
import { ReleaseGate } from './release-gate.js';
import { registerSeoFiles } from './seo-files.js';
import { REMOTE_FOLDERS, RemotesFileReader, remoteOrigins } from './remotes-file.js';

const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|svg|jpe?g|webp)$/;

/** The policy of every page; `inlineScripts`: the hash sources of the inline scripts it carries. */
function contentSecurityPolicy(extraOrigins: string[], inlineScripts: string[] = []): string {
  const extra = extraOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.join(' ')} ${extra} https://js.stripe.com`,
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

const isHtml = (file: string) => /\.html?$/i.test(file);

/**
 * Serves the composed front end from the API's port: the shell at `/` (with an SPA fallback to its
 * index.html), each remote at `/remotes/<folder>/`, and the runtime `/remotes.json`.
 */
export async function serveWeb(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const shellDist = join(config.webRoot, 'shell/dist');
  const remotesFile = new RemotesFileReader(
    config.remotesFile,
    undefined,
    new ReleaseGate(
      config.webRoot,
      REMOTE_FOLDERS,
      config.remoteCheckTimeoutMs,
      config.shellManifestUrl,
    ),
  );
  await fastify.register(fastifyStatic, { root: config.webRoot, serve: false });
  const bootstrap = new HtmlBootstrap({ webRoot: config.webRoot, contentDir: config.contentDir });
  const sources: PageSources = {
    fastify,
    content: (lang) => bootstrap.content(lang),
    config: () => publicConfigOf(config),
  };
  const firstScreens = new FirstScreens(
    config.webRoot,
    (msg, err) => fastify.log.warn(err ? { err } : {}, msg),
    config.remoteCheckTimeoutMs,
  );
  fastify.addHook('onClose', () => firstScreens.close());

  /**
   * Sends a file of `dir`. Every HTML page (the shell by any path, a remote's standalone page)
   * gets the Content-Security-Policy, which names the remotes' origins, and is never cached.
   */
  async function sendFile(reply: FastifyReply, dir: string, file: string): Promise<FastifyReply> {
    if (isHtml(file)) {
      const csp = contentSecurityPolicy(remoteOrigins(await remotesFile.read()));
      void reply.header('Cache-Control', 'no-cache').header('Content-Security-Policy', csp);
    } else {
      cacheHeaders(reply, file);
    }
    return reply.sendFile(file.slice(dir.length + 1), dir, { cacheControl: false });
  }

  // robots.txt and sitemap.xml (seo-files.ts)
  registerSeoFiles(fastify, config.publicUrl);

  fastify.get('/remotes.json', async (_req, reply) => {
    const remotes = await remotesFile.read();
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Access-Control-Allow-Origin', '*')
      .send(remotes);
  });

  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const dist = join(config.webRoot, folder, 'dist');
    fastify.get(`/remotes/${folder}/*`, async (req, reply) => {
      const rest = (req.params as { '*': string })['*'];
      // the server bundle (first-screen.ts) is the API's to run, not the browser's to fetch
      const file = rest.startsWith('server/') ? null : fileIn(dist, rest);
      void reply.header('Access-Control-Allow-Origin', '*');
      if (!file) {
        return reply
          .status(404)
          .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: 'Not found' });
      }
      return sendFile(reply, dist, file);
    });
  }

  fastify.get('/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (path === 'api' || path.startsWith('api/')) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: `Cannot GET /${path}` });
    }
    const file = path && !path.startsWith('server/') ? fileIn(shellDist, path) : null;
    if (file) return sendFile(reply, shellDist, file);
    // an asset that does not exist is a 404, any other path is a route of the single-page app
    if (/\.[a-z0-9]{1,5}$/i.test(path) && !path.endsWith('.html')) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: COMMON_ERRORS.notFound, message: 'Not found' });
    }
    // the page, decided once (page-context.ts): its route, language, signed-in hint, site content
    // and first answers, read by its head tags, its bootstrap data and its first screen
    const [remotes, page] = await Promise.all([
      remotesFile.read(),
      serverPage(sources, req.url, req.headers),
    ]);
    const inlineScripts: string[] = [];
    const html = await bootstrap.render(page, remotes, async () => {
      const screen = await firstScreens.render(page, remotes);
      if (screen) inlineScripts.push(...screen.scripts);
      return screen;
    });
    if (html === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The front end is not built. Run `npm start` (it builds what is missing).');
    }
    const head = pageHead(page, config.publicUrl);
    return reply
      .status(head.status)
      .header('Cache-Control', 'no-cache')
      .header(
        'Content-Security-Policy',
        contentSecurityPolicy(remoteOrigins(remotes), inlineScripts),
      )
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(withHead(html, head));
  });
}
