import { eq, sql } from 'drizzle-orm';
import type { Lang, SearchResponse } from '@circo/shared-contracts';
import { SearchIndexService } from '../../src/modules/catalogue/search/search-index.service.js';
import { rowsOf, searchIds } from '../../src/modules/catalogue/search/text-search.js';
import { courseClasses, courses, formationModules } from '../../src/database/schema.js';
import { courseSearch } from '../../src/database/tables/courses.table.js';
import { formationSearch } from '../../src/database/tables/formations.table.js';
import { createCourse, createDiscount, createFormationWithModules } from '../support/factories.js';
import { countQueries } from '../support/query-counter.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, ids, text, uniqueWord } from './catalog-helpers.js';

const LANGS: Lang[] = ['es', 'en', 'fr'];

describe('catalog: search from the in-memory index', () => {
  let t: TestApp;
  let index: SearchIndexService;
  beforeAll(async () => {
    // no catalogue or accounts version polls (each a query) while the test counts queries
    t = await createTestApp(
      {
        catalogCache: { pollMs: 3_600_000, maxBytes: 64 * 1_048_576 },
        accountCache: { pollMs: 3_600_000, maxEntries: 100_000 },
        // pages of 7 rows: a build reads each language in several pages
        searchIndex: { enabled: true, pageRows: 7 },
      },
      // no job worker: its schedules (the payment reconciler every 30 s) add queries
      { JOBS_WORKER: 'false' },
    );
    index = t.app.get(SearchIndexService);
    const titles = [
      'Acrobacia Aérea',
      'ÉQUILIBRE sur fil',
      '100% circo',
      'under_score',
      'back\\slash',
      '🎪 Carpa',
      'Malabares con aro',
      'Telas: progresiones',
      'Zancos',
      'Ñandú y diábolo',
    ];
    for (let i = 0; i < 60; i++)
      await createCourse(t.db, {
        title: text(`${titles[i % titles.length]} ${i}`, `Course ${i} ${titles[(i * 3) % 10]}`),
        description: text(
          `Trabajo de ${titles[(i * 7) % 10]} con aro, nivel ${i % 4}`,
          `Work on ${titles[(i + 1) % 10]}`,
          i % 2 ? `équilibre et aro ${i}` : `Rien ${i}`,
        ),
        visible: { es: i % 5 !== 0, en: i % 3 !== 0, fr: true },
      });
    for (let i = 0; i < 6; i++)
      await createFormationWithModules(t.db, {
        modules: 0,
        title: text(`Formación ${titles[i]} ${i}`),
        description: text(`Programa con aro ${i}`),
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What countQueries counts for one statement (node-postgres's pool.query also counts its connect). */
  let oneStatement = 0;
  beforeAll(async () => {
    const queries = countQueries(t.db);
    await t.db.execute(sql`select 1`);
    oneStatement = queries.count;
    queries.stop();
  });

  /** Builds the index (the first search of a table does) and waits for it. */
  const built = async () => {
    await index.find(courseSearch, 'es', 'aro', 1);
    await index.find(formationSearch, 'es', 'aro', 1);
    await index.settled();
  };

  it('answers exactly what the SQL search answers, with one query (the term and the version)', async () => {
    await built();
    expect(index.status()).toMatchObject({ building: false });
    expect(index.status().entries).toBeGreaterThan(150);
    const terms = [
      'aro',
      'ARO',
      'aérea',
      'acrobacia aerea',
      'equilibre',
      '100%',
      '0% c',
      'under_',
      'r_s',
      'k\\s',
      '🎪',
      'nandu',
      'progresiones',
      'Course 1',
      'nivel 3',
      'ningún resultado',
      'formacion',
      // one and two characters: no trigram, the same answer
      'a',
      'Ñ',
      'é',
      '%',
      '_',
      '\\',
      'ro',
      '10',
      'zx',
    ];
    for (const table of [courseSearch, formationSearch])
      for (const lang of LANGS)
        for (const term of terms)
          for (const limit of [1, 3, 20]) {
            const queries = countQueries(t.db);
            let fromIndex: string[];
            try {
              fromIndex = (await index.find(table, lang, term, limit)).ids;
              expect([table === courseSearch, lang, term, limit, queries.count]).toEqual([
                table === courseSearch,
                lang,
                term,
                limit,
                oneStatement,
              ]);
            } finally {
              queries.stop();
            }
            const fromSql = await searchIds(t.db, table, lang, term, limit);
            expect([lang, term, limit, fromIndex]).toEqual([lang, term, limit, fromSql]);
          }
  });

  it('shows a write on the next search (in SQL until the index is read again), then from memory', async () => {
    await built();
    const tag = uniqueWord();
    let asked = 0;
    // a URL not asked before (the API trims the spaces): the cached answers are not what is tested
    let shown: SearchResponse['courses'] = [];
    const search = async () => {
      const res = await get(t, `/search?q=${'%20'.repeat(++asked)}${tag}&lang=es`).expect(200);
      shown = (res.body as SearchResponse).courses;
      return ids(shown);
    };
    const fromIndex = async () => {
      await index.find(courseSearch, 'es', tag, 20);
      await index.settled();
      const queries = countQueries(t.db);
      try {
        const found = (await index.find(courseSearch, 'es', tag, 20)).ids;
        expect(queries.count).toBe(oneStatement);
        return found;
      } finally {
        queries.stop();
      }
    };

    // written straight to the database (no service, no cache invalidation)
    const course = await createCourse(t.db, { title: text(`Nuevo ${tag}`) });
    expect(await search()).toEqual([course.id]);
    expect(await fromIndex()).toEqual([course.id]);

    await t.db
      .update(courses)
      .set({ visible: { es: false, en: true, fr: true } })
      .where(eq(courses.id, course.id));
    expect(await search()).toEqual([]);
    expect(await fromIndex()).toEqual([]);

    await t.db
      .update(courses)
      .set({
        visible: { es: true, en: true, fr: true },
        title: text('Otro título'),
        description: text(`ahora ${tag}`),
      })
      .where(eq(courses.id, course.id));
    expect(await search()).toEqual([course.id]);
    // the row a search shows is the new one too (not one kept from an earlier search)
    expect(shown[0].title.es).toBe('Otro título');
    expect(await fromIndex()).toEqual([course.id]);
    await t.db.update(courses).set({ priceCents: 4321 }).where(eq(courses.id, course.id));
    expect(await search()).toEqual([course.id]);
    expect(shown[0].price).toBe(43.21);

    await t.db.delete(courses).where(eq(courses.id, course.id));
    expect(await search()).toEqual([]);
    expect(await fromIndex()).toEqual([]);
  });

  it('keeps the index through writes that cannot change a search (classes, modules, vouchers)', async () => {
    await built();
    const versions = async () =>
      rowsOf<{ version: string; search: string }>(
        await t.db.execute(
          sql`select version::text as version, search_version::text as search from catalog_version`,
        ),
      )[0];
    const before = await versions();
    const course = (await index.find(courseSearch, 'es', 'aro', 1)).ids[0];
    const formation = (await index.find(formationSearch, 'es', 'aro', 1)).ids[0];
    const visible = { es: true, en: true, fr: true };
    await t.db.insert(courseClasses).values({
      courseId: course,
      position: 99,
      title: text('Clase nueva'),
      content: text('Contenido'),
      visible,
    });
    await t.db.insert(formationModules).values({
      formationId: formation,
      position: 99,
      title: text('Módulo nuevo'),
      description: text('Descripción'),
      visible,
    });
    await createDiscount(t.db, { targets: [{ itemType: 'course', itemId: course }] });
    const after = await versions();
    // the public answers' cache learns of them; the search index has nothing to learn
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(before.version));
    expect(after.search).toBe(before.search);
    const queries = countQueries(t.db);
    try {
      expect((await index.find(courseSearch, 'es', 'aro', 1)).ids).toEqual([course]);
      expect((await index.find(formationSearch, 'es', 'aro', 1)).ids).toEqual([formation]);
      // answered from memory: the term-and-version statement alone (shared), and no build started
      expect(queries.count).toBe(2 * oneStatement);
      expect(index.status().building).toBe(false);
    } finally {
      queries.stop();
    }
  });

  it('says in the health answer what the index holds', async () => {
    await built();
    const health = await get(t, '/health').expect(200);
    expect(health.body.searchIndex).toEqual(index.status());
    expect(health.body.searchIndex.building).toBe(false);
    expect(health.body.searchIndex.entries).toBeGreaterThan(150);
  });

  it('searches in SQL only with SEARCH_INDEX=false, keeping nothing in memory', async () => {
    const sqlOnly = await createTestApp({ searchIndex: { enabled: false, pageRows: 5000 } });
    try {
      const tag = uniqueWord();
      const course = await createCourse(sqlOnly.db, { title: text(`Solo ${tag}`) });
      const found = (await get(sqlOnly, `/search?q=${tag}&lang=es`).expect(200))
        .body as SearchResponse;
      expect(ids(found.courses)).toEqual([course.id]);
      const svc = sqlOnly.app.get(SearchIndexService);
      await svc.settled();
      expect(svc.status()).toEqual({ building: false, entries: 0, bytes: 0, lastBuildMs: null });
    } finally {
      await sqlOnly.close();
    }
  });
});
