// The launch-day mix: a new item announced, most buyers come back with a session.
import { createHmac, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { pick, sleep } from './basics.mjs';
import { Client } from './http-client.mjs';
import { CARD, CARDS, LANGS } from './shoppers.mjs';

const require = createRequire(join(root, 'api/package.json'));
const pg = require('pg');

// ---------------------------------------------------------------------------------------------
// the launch-day mix: a new item announced, most buyers come back with a session

/** An HS256 session token as the API signs it (the load run knows the API's JWT_SECRET). */
export function sessionToken(secret, userId, hours = 12) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, role: 'user', ver: 0, iat: now, exp: now + hours * 3600 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/**
 * The accounts of a launch day, written straight into the database before the clock starts:
 * `back` students who come back with a session and already own one or two items (admin grants
 * of the catalogue's courses, so that My Courses has more than the new item), and `login`
 * students who sign in with their password. One argon2id hash (made by the API at registration
 * of a first account) serves them all. Returns their ids and e-mails.
 */
export async function makeLaunchAccounts(databaseUrl, { back, login, passwordHash }) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const make = async (prefix, n) =>
      (
        await c.query(
          `insert into users (name, surname, email, password_hash)
           select 'Vuelve', $1 || ' ' || g, $1 || '-' || g || '-' || md5(random()::text) || '@example.com', $2
           from generate_series(1, $3::int) g returning id, email`,
          [prefix, passwordHash, n],
        )
      ).rows;
    const backUsers = await make('back', back);
    const loginUsers = await make('login', login);
    // what they bought before: one or two courses each (admin grants: no payment to check)
    await c.query(
      `insert into access_grants (user_id, item_type, item_id, kind, starts_at, expires_at, reason)
       select u.id, 'course', c.id, 'admin_grant', now() - interval '30 days', now() + interval '300 days', 'gift'
       from unnest($1::uuid[]) with ordinality as u(id, n)
       cross join lateral (
         select id from courses where visible ->> 'es' = 'true'
         order by md5(u.id::text || courses.id::text) limit 1 + (u.n % 2)::int
       ) c`,
      [[...backUsers, ...loginUsers].map((u) => u.id)],
    );
    return { back: backUsers, login: loginUsers };
  } finally {
    await c.end();
  }
}

/**
 * One launch-day buyer until it has bought the new item and opened it: 70% come back with a
 * session (GET /auth/perfil first, as the shell does on start), 20% log in, 10% register. Then
 * the new item's page, checkout, pay (1 in 10 first types a declined card), confirm, My Courses,
 * the item's viewer, and a class marked done; think time 0.2-1 s between steps.
 */
export async function simulateLaunchUser({ baseUrl, stats, tally, deadline, index, launch }) {
  const c = new Client(baseUrl, stats);
  const think = () => sleep(200 + Math.random() * 800);
  const alive = () => Date.now() < deadline;
  tally.users++;
  const lang = pick(LANGS);
  const { item } = launch;
  const password = 'Carpa-2026-load';
  const roll = Math.random();
  const back = roll < 0.7 ? launch.back.pop() : undefined;
  const returning = roll < 0.9 ? (back ?? launch.login.pop()) : undefined;

  let profile;
  if (back) {
    tally.withSession++;
    c.token = sessionToken(launch.secret, back.id);
    profile = await c.call('profile', 'GET', '/api/auth/perfil');
  } else {
    if (Math.random() < 0.5) await c.call('page', 'GET', '/');
    await c.call('browse', 'GET', `/api/${item.type}s/${item.id}?lang=${lang}`);
    if (!alive()) return;
    await think();
    let email = returning?.email;
    if (!email) {
      email = `launch-${index}-${randomBytes(4).toString('hex')}@example.com`;
      const reg = await c.call('register', 'POST', '/api/users', {
        name: 'Carga',
        surname: `Usuario ${index}`,
        email,
        password,
        lang,
      });
      if (reg.status !== 201) return;
      tally.registered++;
    }
    const login = await c.call('login', 'POST', '/api/auth/login', { email, password });
    if (login.status !== 200) return;
    tally.loggedIn++;
    c.token = login.json.token;
    profile = await c.call('profile', 'GET', '/api/auth/perfil');
  }
  const userId = profile.json?._id;
  if (profile.status !== 200 || !userId) return;
  const me = await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
  if (me.status !== 200 || !alive()) return;
  await think();
  await c.call('browse', 'GET', `/api/${item.type}s/${item.id}?lang=${lang}`);
  const started = await c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', {
    items: [{ id: item.id, type: item.type }],
    lang,
  });
  if (started.status !== 201) return;
  tally.paymentsStarted++;
  const paymentIntentId = started.json.paymentIntentId;
  await think();
  if (Math.random() < 0.1) {
    const res = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
      paymentIntentId,
      cardNumber: CARDS.declined,
      ...CARD,
    });
    if (res.json?.status === 'failed') tally.declined++;
    await think();
  }
  const paid = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
    paymentIntentId,
    cardNumber: CARDS.ok,
    ...CARD,
  });
  await c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
    paymentIntentId,
  });
  if (paid.json?.status === 'succeeded') tally.paid++;
  if (!alive()) return;
  await think();
  await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
  const viewer = await c.call(
    'my-courses',
    'GET',
    `/api/learning/${item.type}s/${item.id}?lang=${lang}`,
  );
  const classes =
    item.type === 'course'
      ? viewer.json?.classes
      : viewer.json?.modules?.flatMap((m) => m.classes ?? []);
  if (classes?.[0]) {
    await think();
    const path = item.type === 'course' ? 'progreso-curso' : 'progreso-formacion';
    const res = await c.call('progress', 'POST', `/api/users/${userId}/${path}/${item.id}`, {
      classId: classes[0]._id,
    });
    if (res.status === 200 || res.status === 201) tally.progressMarked++;
  }
}
