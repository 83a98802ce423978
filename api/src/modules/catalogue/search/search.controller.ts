import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SearchResponse } from '@circo/shared-contracts';
import { viewerOf } from '../visibility.js';
import { CurrentUser, type AuthUser } from '../../auth/index.js';
import { PublicCache } from '../cache/public-cache.js';
import { SearchQueryDto } from './dto/search-query.dto.js';
import { SearchService } from './search.service.js';

@ApiTags('search')
@Controller('search')
@PublicCache()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** Visible formations, then courses, whose title or description contains q (accents and case ignored). */
  @Get()
  find(@Query() query: SearchQueryDto, @CurrentUser() user?: AuthUser): Promise<SearchResponse> {
    return this.search.search(query.q, query.lang, query.limit, viewerOf(user));
  }
}
