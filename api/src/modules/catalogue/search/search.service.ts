import { Injectable } from '@nestjs/common';
import { CATALOG_ERRORS, type Lang, type SearchResponse } from '@circo/shared-contracts';
import type { Viewer } from '../visibility.js';
import { badRequest } from '../../../common/errors/app-error.js';
import { CoursesService } from '../courses/courses.service.js';
import { FormationsService } from '../formations/formations.service.js';

/**
 * Catalogue search: accent- and case-insensitive substring of the title or description in the
 * language, visible items only, formations first then courses (each list title matches first).
 * Any term that is not blank is searched, one character too (the spec ignores only a blank one).
 * The courses and formations repositories, which own those tables, answer it from the in-memory
 * search index (modules/catalogue/search/search-index.service.ts), or in SQL while the index is rebuilt.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
  ) {}

  async search(
    q: string | undefined,
    lang: Lang,
    limit: number,
    viewer: Viewer,
  ): Promise<SearchResponse> {
    const term = (q ?? '').trim();
    if (!term)
      throw badRequest(CATALOG_ERRORS.searchQueryRequired, 'A search term is required', 'q');
    const [formations, courses] = await Promise.all([
      this.formations.search(lang, term, limit, viewer),
      this.courses.search(lang, term, limit, viewer),
    ]);
    return { q: term, formations, courses };
  }
}
