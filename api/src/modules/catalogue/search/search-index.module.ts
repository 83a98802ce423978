import { Global, Module } from '@nestjs/common';
import { SearchIndexService } from './search-index.service.js';

/** The in-memory search, one per instance (global: the courses and formations repositories use it). */
@Global()
@Module({ providers: [SearchIndexService], exports: [SearchIndexService] })
export class SearchIndexModule {}
