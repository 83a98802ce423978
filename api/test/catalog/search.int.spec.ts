import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SearchResponse } from '@circo/shared-contracts';
import { CoursesRepository } from '../../src/modules/courses/courses.repository.js';
import { FormationsRepository } from '../../src/modules/formations/formations.repository.js';
import { createCourse, createFormationWithModules, createUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { get, ids, tokenFor } from './catalog-helpers.js';

const text = (es: string, en = es, fr = es) => ({ es, en, fr });
/** A word no other row of this file contains (letters only, so it survives any normalisation). */
const word = () =>
  'zq' +
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8);
const search = (t: TestApp, query: string, token?: string) => get(t, `/search?${query}`, token);

describe('catalog: GET /search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ignores accents and case: "acrobacia" finds "Acrobácia aérea", "ÉQUILIBRE" a French description', async () => {
    const tag = word();
    const aerial = await createCourse(t.db, { title: text(`Acrobácia aérea ${tag}`) });
    const balance = await createCourse(t.db, {
      title: text(`Fil ${tag}`),
      description: text('Balance', 'Balance', `Travail de l'équilibre sur le fil ${tag}`),
    });

    const es = await search(t, `q=acrobacia&lang=es`).expect(200);
    expect(ids(es.body.courses)).toContain(aerial.id);
    expect(
      ids((await search(t, `q=ACROBÁCIA%20A%C3%89REA&lang=es`).expect(200)).body.courses),
    ).toContain(aerial.id);

    const fr = await search(t, `q=${encodeURIComponent('ÉQUILIBRE')}&lang=fr`).expect(200);
    expect(ids(fr.body.courses)).toContain(balance.id);
    // the description is French only
    expect(ids((await search(t, 'q=equilibre&lang=es').expect(200)).body.courses)).not.toContain(
      balance.id,
    );
  });

  it('finds only items visible in the language and blanks their hidden languages', async () => {
    const tag = word();
    const esOnly = await createCourse(t.db, {
      title: text(`Trapecio ${tag}`),
      visible: { es: true, en: false, fr: false },
    });
    const f = await createFormationWithModules(t.db, {
      modules: 0,
      title: text(`Formación ${tag}`),
      visible: { es: false, en: true, fr: false },
    });
    expect(ids((await search(t, `q=${tag}&lang=en`).expect(200)).body.courses)).toEqual([]);
    const es = (await search(t, `q=${tag}&lang=es`).expect(200)).body as SearchResponse;
    expect(ids(es.courses)).toEqual([esOnly.id]);
    expect(es.formations).toEqual([]);
    expect(es.courses[0].title).toEqual({ es: `Trapecio ${tag}`, en: '', fr: '' });
    const en = (await search(t, `q=${tag}&lang=en`).expect(200)).body as SearchResponse;
    expect(ids(en.formations)).toEqual([f.id]);
    expect(en.formations[0].slug).toBe(`formacion-${tag}`);
  });

  it('answers formations first, then courses, title matches before description matches', async () => {
    const tag = word();
    const inDescription = await createCourse(t.db, {
      title: text('Aaa first by title'),
      description: text(`about ${tag}`),
    });
    const inTitleB = await createCourse(t.db, { title: text(`Bbb ${tag}`) });
    const inTitleC = await createCourse(t.db, { title: text(`Ccc ${tag}`) });
    const formation = await createFormationWithModules(t.db, {
      modules: 0,
      title: text(`Zzz ${tag}`),
    });
    const res = await search(t, `q=${tag.toUpperCase()}&lang=es`).expect(200);
    expect(Object.keys(res.body)).toEqual(['q', 'formations', 'courses']);
    expect(res.body.q).toBe(tag.toUpperCase());
    expect(ids(res.body.formations)).toEqual([formation.id]);
    expect(ids(res.body.courses)).toEqual([inTitleB.id, inTitleC.id, inDescription.id]);
  });

  it('limits each list (default 20, at most 50)', async () => {
    const tag = word();
    for (let i = 0; i < 3; i++) await createCourse(t.db, { title: text(`${tag} ${i}`) });
    expect((await search(t, `q=${tag}&lang=es&limit=2`).expect(200)).body.courses).toHaveLength(2);
    expect((await search(t, `q=${tag}&lang=es`).expect(200)).body.courses).toHaveLength(3);
    await search(t, `q=${tag}&limit=51`).expect(400);
    await search(t, `q=${tag}&limit=0`).expect(400);
  });

  it('treats % _ and \\ as plain characters', async () => {
    const tag = word();
    const pct = await createCourse(t.db, { title: text(`${tag} 50% off`) });
    const under = await createCourse(t.db, { title: text(`${tag} a_b`) });
    await createCourse(t.db, { title: text(`${tag} 500 axb`) });
    const found = async (q: string) =>
      ids((await search(t, `q=${encodeURIComponent(q)}&lang=es`).expect(200)).body.courses);
    expect(await found(`${tag} 50%`)).toEqual([pct.id]);
    expect(await found(`${tag} a_b`)).toEqual([under.id]);
    expect(await found(`${tag} ５０％`)).toEqual([pct.id]); // fullwidth digits/percent unaccent to 50%
    expect(await found(`${tag} \\`)).toEqual([]);
  });

  it('refuses a blank, missing or too long query', async () => {
    for (const q of ['q=', 'q=%20%20%20', 'lang=es', 'q=%09']) {
      const res = await search(t, q).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'search.query_required' });
    }
    const long = await search(t, `q=${'a'.repeat(101)}`).expect(400);
    expect(long.body.code).toBe('common.validation_failed');
    await search(t, `q=${'a'.repeat(100)}`).expect(200);
    await search(t, 'q=circo&lang=de').expect(400);
    await search(t, 'q=a&q=b').expect(400);
  });

  it('is cacheable for anonymous callers and private for logged-in ones', async () => {
    const anon = await search(t, 'q=circo&lang=es').expect(200);
    expect(anon.headers['cache-control']).toBe('public, max-age=60');
    await search(t, 'q=circo&lang=es').set('If-None-Match', anon.headers.etag).expect(304);
    const token = await tokenFor(t, await createUser(t.db));
    expect((await search(t, 'q=circo&lang=es', token).expect(200)).headers['cache-control']).toBe(
      'private, no-store',
    );
  });

  it('can answer from the trigram indexes (EXPLAIN with sequential scans discouraged)', async () => {
    const courses = t.app.get(CoursesRepository, { strict: false });
    const formations = t.app.get(FormationsRepository, { strict: false });
    const plans: string[] = [];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const [lang, q] of [
        ['es', 'acrobacia'],
        ['fr', 'ÉQUILIBRE'],
        ['en', 'juggling'],
      ] as const) {
        for (const query of [
          courses.searchQuery(lang, q, 20),
          formations.searchQuery(lang, q, 20),
        ]) {
          const res = (await tx.execute(sql`explain ${query}`)) as unknown as {
            rows: Array<Record<string, string>>;
          };
          plans.push(res.rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      }
    });
    expect(plans[0]).toMatch(/Bitmap Index Scan on courses_search_es_idx/);
    expect(plans[1]).toMatch(/Bitmap Index Scan on formations_search_es_idx/);
    expect(plans[2]).toMatch(/courses_search_fr_idx/);
    expect(plans[4]).toMatch(/courses_search_en_idx/);
  });
});
