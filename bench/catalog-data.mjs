// The bench's catalogue: COURSES courses and COURSES / 100 formations with trilingual titles and
// descriptions made by SQL from a small vocabulary (varied combinations, realistic word counts).
import { sql } from 'drizzle-orm';

// Trilingual vocabulary: SQL arrays indexed with different strides give varied combinations.
export const DISCIPLINES = [
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
export const LEVELS = [
  ['inicial', 'for beginners', 'débutant'],
  ['intermedio', 'intermediate', 'intermédiaire'],
  ['avanzado', 'advanced', 'avancé'],
  ['para niños', 'for children', 'pour enfants'],
  ['para adultos', 'for adults', 'pour adultes'],
  ['intensivo', 'intensive', 'intensif'],
  ['técnico', 'technique', 'technique'],
  ['creativo', 'creative', 'créatif'],
];
export const PHRASES = [
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
    `${sqlArray(PHRASES, l)}[1 + i % ${PHRASES.length}] || ', ' || ${sqlArray(PHRASES, l)}[1 + (i * 7 / 3) % ${PHRASES.length}] || '. ' || ${sqlArray(DISCIPLINES, l)}[1 + (i * 5) % ${DISCIPLINES.length}] || ' (ref. ' || (i::bigint * 7919) % 1000003 || ').'`;
  const obj = (f) => `jsonb_build_object(${langs.map((l) => `'${key[l]}', ${f(l)}`).join(', ')})`;
  return `select ${obj(title)}, ${obj(description)}, 900 + (i % 120) * 100,
      jsonb_build_object('es', true, 'en', i % 5 <> 0, 'fr', i % 7 <> 0),
      now() - make_interval(secs => i), now()
    from generate_series($FROM, $TO) as g(i)`;
}

export async function fill(db, COURSES) {
  const FORMATIONS = Math.max(1, Math.round(COURSES / 100));
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
  for (const table of ['courses', 'formations', 'course_search', 'formation_search'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
}
