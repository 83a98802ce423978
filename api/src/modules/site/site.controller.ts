import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { PublicConfig, SiteContent } from '@circo/shared-contracts';
import { PublicCache } from '../catalogue/index.js';
import { LangQueryDto } from '../../common/dto/lang-query.dto.js';
import { SiteService } from './site.service.js';

@ApiTags('site')
@Controller()
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /** Public runtime configuration for the front ends. */
  @Get('config')
  @Header('Cache-Control', 'no-cache')
  config(): PublicConfig {
    return this.site.publicConfig();
  }

  /** The site content (home, about, contact, testimonials...) in one language. */
  @Get('content')
  @PublicCache()
  content(@Query() query: LangQueryDto): Promise<SiteContent> {
    return this.site.content(query.lang);
  }

  /** The terms and conditions in one language, as plain text. */
  @Get('content/terms')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  terms(@Query() query: LangQueryDto): Promise<string> {
    return this.site.terms(query.lang);
  }

  /** The teacher's CV, downloaded from /nosotros. */
  @Get('content/cv')
  cv(@Res() reply: FastifyReply): void {
    void reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', 'attachment; filename="cv.pdf"')
      .header('Cache-Control', 'public, max-age=300')
      .send(createReadStream(this.site.cvPath()));
  }

  /** The catalogue's demo images (a real install uploads images to Cloudinary). */
  @Get('content/images/:name')
  async image(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.site.imagePath(name);
    void reply
      .header('Content-Type', 'image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(createReadStream(file));
  }
}
