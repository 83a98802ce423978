import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { access, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_ERRORS,
  LANGUAGES,
  type Lang,
  type PublicConfig,
  type SiteContent,
} from '@circo/shared-contracts';
import { CatalogCacheService } from '../catalogue/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';

/** `GET /api/config`: what the front end may know of the configuration (also in the shell's HTML). */
export function publicConfigOf(config: AppConfig): PublicConfig {
  return {
    salesPaused: config.salesPaused,
    accessPeriodMonths: config.accessPeriodMonths,
    stripePublishableKey: config.stripe.secretKey ? config.stripe.publishableKey : null,
  };
}

/** The teacher's content files (one per language) and the public runtime configuration. */
@Injectable()
export class SiteService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: CatalogCacheService,
  ) {}

  // GET /content is a cached public answer: an edited content file empties the cache at the
  // next poll, as a catalogue write does
  onModuleInit(): void {
    const files = LANGUAGES.map((l) => join(this.config.contentDir, `site.${l}.json`));
    this.cache.addSource(async () => {
      const times = await Promise.all(
        files.map((f) =>
          stat(f).then(
            (s) => `${s.mtimeMs}:${s.size}`,
            () => 'missing',
          ),
        ),
      );
      return times.join(',');
    });
  }

  publicConfig(): PublicConfig {
    return publicConfigOf(this.config);
  }

  async content(lang: Lang): Promise<SiteContent> {
    const raw = await readFile(join(this.config.contentDir, `site.${lang}.json`), 'utf8');
    return JSON.parse(raw) as SiteContent;
  }

  async terms(lang: Lang): Promise<string> {
    try {
      return await readFile(join(this.config.contentDir, `terms.${lang}.md`), 'utf8');
    } catch {
      throw notFound(CONTENT_ERRORS.notFound, 'No terms document for this language');
    }
  }

  cvPath(): string {
    return join(this.config.contentDir, 'cv.pdf');
  }

  /** A demo image file by name (letters, digits and hyphens only: no path can escape the folder). */
  async imagePath(name: string): Promise<string> {
    const missing = () => notFound(CONTENT_ERRORS.notFound, 'No such image');
    if (!/^[a-z0-9-]{1,64}\.svg$/.test(name)) throw missing();
    const file = join(this.config.contentDir, 'images', name);
    await access(file).catch(() => {
      throw missing();
    });
    return file;
  }
}
