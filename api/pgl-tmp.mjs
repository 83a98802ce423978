import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
let t=Date.now();
const db = await PGlite.create({ extensions: { unaccent, pg_trgm } });
console.log('boot', Date.now()-t);
t=Date.now();
await db.exec("create extension if not exists unaccent; create extension if not exists pg_trgm; create table u(e text unique)");
console.log('ext', Date.now()-t);
await db.query("insert into u values ('a')");
try { await db.query("insert into u values ('a')"); } catch (e) { console.log(Object.keys(e), e.constructor.name, e.code, e.constraint, e.table, e.detail); }
console.log((await db.query("select unaccent('unaccent', 'Acrobácia Équilibre') x")).rows);
t=Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now()-t, dump.size);
t=Date.now();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { unaccent, pg_trgm } });
console.log('load', Date.now()-t, (await db2.query('select * from u')).rows);
