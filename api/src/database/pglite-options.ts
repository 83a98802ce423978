import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * Opens the API's PGlite on `dir`. One place for its options: the main thread (PGLITE_WORKER=false)
 * and the worker thread (pglite-worker.ts) open the same database the same way.
 */
export function createPglite(dir: string): Promise<PGlite> {
  return PGlite.create({
    dataDir: dir,
    extensions: { unaccent, pg_trgm },
    // PostgreSQL's default 128 MB buffer pool lives in the process's WebAssembly memory, which
    // never shrinks: 32 MB cut the API's RSS by 110-160 MB at 50k courses with no measurable
    // slowdown (pages beyond it come from the OS page cache); 16 MB since the search index
    // (reading every search row in title order fills the pool: 40-60 MB more RSS at 100k with 32 MB)
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
}
