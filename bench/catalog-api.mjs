// Catalogue API at scale: 100,000 courses (plus 1,000 formations), then search latency and the
// throughput of the course list. Runs the built API (build first: cd api && npx tsc -p
// tsconfig.build.json) on a temporary PGlite data dir, or, when DATABASE_URL is set, on a
// temporary database of that PostgreSQL server (dropped at the end).
// Run: node bench/catalog-api.mjs
// Options (env): COURSES=100000 SEARCHES=200 DURATION_S=10 CLIENTS=10, BENCH_KEEP=1 keeps the data.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'api/dist');
const COURSES = Number(process.env.COURSES ?? 100_000);
const FORMATIONS = Math.max(1, Math.round(COURSES / 100));
const SEARCHES = Number(process.env.SEARCHES ?? 200);
const DURATION_MS = Number(process.env.DURATION_S ?? 10) * 1000;
const CLIENTS = Number(process.env.CLIENTS ?? 10);

if (!existsSync(join(dist, 'main.js'))) {
  console.error(
    'api/dist is missing: build it first with  cd api && npx tsc -p tsconfig.build.json',
  );
  process.exit(1);
}
const { openDatabase } = await import(join(dist, 'database/database.js'));
const { CoursesRepository } = await import(join(dist, 'modules/courses/courses.repository.js'));

// ------------------------------------------------------------------ data

// Trilingual vocabulary: SQL arrays indexed with different strides give varied combinations.
const DISCIPLINES = [
  ['Acrobacia aérea', 'Aerial acrobatics', 'Acrobatie aérienne'],
  ['Malabares', 'Juggling', 'Jonglage'],
  ['Telas', 'Aerial silks', 'Tissu aérien'],
  ['Trapecio', 'Trapeze', 'Trapèze'],
  ['Equilibrios', 'Hand balancing', 'Équilibres'],
  ['Clown y presencia', 'Clowning and presence', 'Clown et présence'],
  ['Contorsión', 'Contortion', 'Contorsion'],
  ['Aro aéreo', 'Aerial hoop', 'Cerceau aérien'],
  ['Portés acrobáticos', 'Partner acrobatics', 'Portés acrobatiques'],
  ['Cuerda floja', 'Tightrope', 'Fil de fer'],
  ['Monociclo', 'Unicycle', 'Monocycle'],
  ['Zancos', 'Stilts', 'Échasses'],
  ['Diábolo', 'Diabolo', 'Diabolo'],
  ['Verticales', 'Handstands', 'Verticales'],
  ['Báscula coreana', 'Korean plank', 'Bascule coréenne'],
  ['Rueda Cyr', 'Cyr wheel', 'Roue Cyr'],
];
const LEVELS = [
  ['inicial', 'for beginners', 'débutant'],
  ['intermedio', 'intermediate', 'intermédiaire'],
  ['avanzado', 'advanced', 'avancé'],
  ['para niños', 'for children', 'pour enfants'],
  ['para adultos', 'for adults', 'pour adultes'],
  ['intensivo', 'intensive', 'intensif'],
  ['técnico', 'technique', 'technique'],
  ['creativo', 'creative', 'créatif'],
];
const PHRASES = [
  [
    'Trabajo de fuerza y flexibilidad',
    'Strength and flexibility work',
    'Travail de force et de souplesse',
  ],
  ['con progresiones seguras', 'with safe progressions', 'avec des progressions sûres'],
  [
    'calentamiento específico y estiramientos',
    'specific warm-up and stretching',
    'échauffement spécifique et étirements',
  ],
  [
    'coreografía y composición escénica',
    'choreography and stage composition',
    'chorégraphie et composition scénique',
  ],
  [
    'técnica de caídas y seguridad',
    'falling technique and safety',
    'technique de chute et sécurité',
  ],
  [
    'equilibrio, coordinación y ritmo',
    'balance, coordination and rhythm',
    'équilibre, coordination et rythme',
  ],
  [
    'preparación física para artistas',
    'physical training for artists',
    'préparation physique pour artistes',
  ],
  [
    'vídeos descargables y fichas de ejercicios',
    'downloadable videos and exercise sheets',
    "vidéos téléchargeables et fiches d'exercices",
  ],
  [
    'para escuelas profesionales de circo',
    'for professional circus schools',
    'pour les écoles professionnelles de cirque',
  ],
  [
    'improvisación y juego teatral',
    'improvisation and stage play',
    'improvisation et jeu théâtral',
  ],
  [
    'con acompañamiento personalizado',
    'with personal support',
    'avec un accompagnement personnalisé',
  ],
];

const sqlArray = (rows, lang) =>
  `(array[${rows.map((r) => `'${r[lang].replace(/'/g, "''")}'`).join(', ')}])`;
const langs = [0, 1, 2];
const key = ['es', 'en', 'fr'];
/** SELECT of catalogue rows $FROM..$TO (title/description per language, price, visibility, created_at). */
function generatedRows(kind) {
  const title = (l) =>
    `${sqlArray(DISCIPLINES, l)}[1 + i % ${DISCIPLINES.length}] || ' ' || ${sqlArray(LEVELS, l)}[1 + (i / ${DISCIPLINES.length}) % ${LEVELS.length}] || ' ${kind} ' || i`;
  const description = (l) =>
    `${sqlArray(PHRASES, l)}[1 + i % ${PHRASES.length}] || ', ' || ${sqlArray(PHRASES, l)}[1 + (i * 7 / 3) % ${PHRASES.length}] || '. ' || ${sqlArray(DISCIPLINES, l)}[1 + (i * 5) % ${DISCIPLINES.length}] || ' (ref. ' || (i * 7919) % 1000003 || ').'`;
  const obj = (f) => `jsonb_build_object(${langs.map((l) => `'${key[l]}', ${f(l)}`).join(', ')})`;
  return `select ${obj(title)}, ${obj(description)}, 900 + (i % 120) * 100,
      jsonb_build_object('es', true, 'en', i % 5 <> 0, 'fr', i % 7 <> 0),
      now() - make_interval(secs => i), now()
    from generate_series($FROM, $TO) as g(i)`;
}

async function fill(db) {
  const insert = async (table, from, to, kind) =>
    db.execute(
      sql.raw(
        `insert into ${table} (title, description, price_cents, visible, created_at, updated_at) ` +
          generatedRows(kind).replace('$FROM', String(from)).replace('$TO', String(to)),
      ),
    );
  const batch = 10_000;
  for (let from = 1; from <= COURSES; from += batch) {
    await insert('courses', from, Math.min(COURSES, from + batch - 1), 'curso');
    process.stdout.write(`\r  inserting courses ${Math.min(COURSES, from + batch - 1)}/${COURSES}`);
  }
  await insert('formations', 1, FORMATIONS, 'formación');
  process.stdout.write('\n');
  // what autovacuum does on a server after a bulk load (PGlite has no autovacuum): statistics,
  // hint bits and the visibility map, so reads do not dirty and rewrite every page
  await db.execute(sql`vacuum analyze courses`);
  await db.execute(sql`vacuum analyze formations`);
}

// ------------------------------------------------------------------ helpers

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;
function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] };
}
function table(headers, rows) {
  const width = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(width[i])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// ------------------------------------------------------------------ run

const serverUrl = process.env.DATABASE_URL?.trim() || null;
const dataDir = mkdtempSync(join(tmpdir(), 'circo-bench-catalog-'));
let databaseUrl = null;
let dbName = null;
if (serverUrl) {
  dbName = `circo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${dbName}`;
  databaseUrl = u.toString();
}
const engine = serverUrl ? 'PostgreSQL server' : 'PGlite (embedded)';
let server;

async function cleanup() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (process.env.BENCH_KEEP) {
    console.log(`BENCH_KEEP: data kept in ${databaseUrl ?? dataDir}`);
    return;
  }
  if (dbName) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  console.log(
    `Catalogue API benchmark on ${engine}: ${COURSES.toLocaleString('en')} courses, ${FORMATIONS} formations`,
  );
  // 1. migrate and fill (PGlite is single-process: done before the API opens the data dir)
  let t0 = performance.now();
  const handle = await openDatabase({ dataDir, databaseUrl });
  await fill(handle.db);
  const fillSeconds = (performance.now() - t0) / 1000;
  console.log(`  filled in ${fillSeconds.toFixed(1)} s`);

  // 2. the search query's plan at this size, exactly as the repository builds it
  const repo = new CoursesRepository(handle.db);
  const plan = await handle.db.execute(
    sql`explain analyze ${repo.searchQuery('es', 'acrobacia', 20)}`,
  );
  const planLines = plan.rows.map((r) => Object.values(r)[0]);
  const usesIndex = planLines.some((l) => /Index Scan on courses_search_es_idx/.test(l));
  await handle.close();

  // 3. the API
  const port = await freePort();
  server = spawn(process.execPath, [join(dist, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300 || server.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // 4. search latency, one request at a time, over varied terms
  const words = DISCIPLINES.flatMap((d) => d[0].split(' ')).filter((w) => w.length >= 3);
  const terms = [];
  for (let i = 0; terms.length < SEARCHES; i++) {
    const w = words[i % words.length];
    const variants = [
      ['word', w.toLowerCase()],
      [
        'accent/case variant',
        w
          .toUpperCase()
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
      ],
      ['prefix (4 chars)', w.slice(0, 4)],
      ['two words', `${w} ${LEVELS[i % LEVELS.length][0]}`],
      ['rare (id)', String(1000 + ((i * 7919) % (COURSES - 1000)))],
      ['description phrase', PHRASES[i % PHRASES.length][0].split(' ').slice(0, 2).join(' ')],
      ['no match', `zzqx${i}`],
      ['short (< 3 chars)', w.slice(1, 3).toLowerCase()],
    ];
    terms.push(variants[i % variants.length]);
  }
  for (const [, q] of terms.slice(0, 10))
    await fetch(`${base}/search?q=${encodeURIComponent(q)}&lang=es`).then((r) => r.arrayBuffer());
  const byKind = new Map();
  const all = [];
  let hits = 0;
  for (const [kind, q] of terms) {
    const t = performance.now();
    const res = await fetch(`${base}/search?q=${encodeURIComponent(q)}&lang=es`);
    const body = await res.json();
    const took = performance.now() - t;
    if (res.status !== 200) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`);
    hits += body.courses.length + body.formations.length;
    all.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
  }

  // 5. throughput of the course list (default page of 100), CLIENTS concurrent clients
  async function load(path, headers = {}) {
    const latencies = [];
    let errors = 0;
    let bytes = 0;
    const until = performance.now() + DURATION_MS;
    const client = async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        const buf = await res.arrayBuffer();
        bytes += buf.byteLength;
        if (res.status !== 200 && res.status !== 304) errors++;
        latencies.push(performance.now() - t);
      }
    };
    const start = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - start) / 1000;
    return {
      rps: latencies.length / seconds,
      errors,
      bytes: bytes / latencies.length,
      ...stats(latencies),
    };
  }
  const listPath = '/courses/visible?lang=es';
  const first = await fetch(`${base}${listPath}`);
  const listed = (await first.json()).length;
  const etag = first.headers.get('etag');
  const encoding = first.headers.get('content-encoding') ?? 'identity';
  await load(listPath); // warm-up run is cheap insurance against JIT noise
  const full = await load(listPath);
  const revalidated = await load(listPath, { 'If-None-Match': etag });

  // ------------------------------------------------------------------ report
  console.log(
    `\nSearch plan at ${COURSES.toLocaleString('en')} rows (GET /search?q=acrobacia, courses part):`,
  );
  for (const l of planLines.filter((x) =>
    /Scan|Limit|Nested Loop|Index Cond|Execution Time/.test(x),
  )) {
    console.log(`    ${l.replace(/\s+\(cost=[^)]*\)/, '')}`);
  }
  console.log(`  trigram index used: ${usesIndex ? 'yes' : 'NO'}\n`);

  console.log(
    `Search latency, GET /api/search?q=…&lang=es (${terms.length} queries, sequential, ${hits} results in all):`,
  );
  table(
    ['terms', 'queries', 'p50', 'p95', 'max'],
    [
      ...[...byKind].map(([kind, v]) => {
        const s = stats(v);
        return [kind, s.n, ms(s.p50), ms(s.p95), ms(s.max)];
      }),
      (() => {
        const s = stats(all);
        return ['ALL', s.n, ms(s.p50), ms(s.p95), ms(s.max)];
      })(),
    ],
  );
  console.log(
    `\nThroughput, GET /api${listPath} (${listed} courses per page), ${CLIENTS} clients x ${DURATION_MS / 1000} s:`,
  );
  table(
    ['request', 'req/s', 'p50', 'p95', 'max', 'JSON bytes', 'errors'],
    [
      [
        `full answer (200, ${encoding})`,
        full.rps.toFixed(0),
        ms(full.p50),
        ms(full.p95),
        ms(full.max),
        full.bytes.toFixed(0),
        full.errors,
      ],
      [
        'If-None-Match (304)',
        revalidated.rps.toFixed(0),
        ms(revalidated.p50),
        ms(revalidated.p95),
        ms(revalidated.max),
        revalidated.bytes.toFixed(0),
        revalidated.errors,
      ],
    ],
  );
  console.log(
    `\nEngine: ${engine}; fill: ${fillSeconds.toFixed(1)} s; Node ${process.version}; fetch (undici) clients.`,
  );
} finally {
  await cleanup();
}
