import { Inject, Injectable } from '@nestjs/common';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CONTENT_ERRORS,
  type Lang,
  type PublicConfig,
  type SiteContent,
} from '@circo/shared-contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { notFound } from '../../common/errors/app-error.js';

/** The teacher's content files (one per language) and the public runtime configuration. */
@Injectable()
export class SiteService {
  private readonly cache = new Map<string, { mtime: number; value: unknown }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  publicConfig(): PublicConfig {
    return {
      salesPaused: this.config.salesPaused,
      accessPeriodMonths: this.config.accessPeriodMonths,
      stripePublishableKey: this.config.stripe.secretKey ? this.config.stripe.publishableKey : null,
    };
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
