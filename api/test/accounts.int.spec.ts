import { jest } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { JobsService } from '../src/modules/jobs/jobs.service.js';
import { passwordResetTokens, users } from '../src/database/schema.js';
import { createTestApp, NO_RATE_LIMITS, type TestApp } from './support/test-app.js';
import {
  createCourse,
  createFormationWithModules,
  createPurchase,
  createUser,
} from './support/factories.js';

jest.setTimeout(60_000);

let t: TestApp;
let server: Parameters<typeof request>[0];
let ipSeq = 0;
/** Each test speaks from its own client IP, so the rate limits only meet where a test wants them. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const api = (ip = freshIp()) => ({
  get: (path: string) => request(server).get(`/api${path}`).set('X-Forwarded-For', ip),
  post: (path: string) => request(server).post(`/api${path}`).set('X-Forwarded-For', ip),
  delete: (path: string) => request(server).delete(`/api${path}`).set('X-Forwarded-For', ip),
});

beforeAll(async () => {
  t = await createTestApp({
    trustProxy: true,
    rateLimit: { ...NO_RATE_LIMITS, login: 5, register: 5, forgot: 3, reset: 3 },
  });
  server = t.app.getHttpServer();
});
afterAll(() => t?.close());

async function tokenFor(email: string, password: string): Promise<string> {
  const res = await api().post('/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

const unique = () => Math.random().toString(36).slice(2, 10);
const validRegistration = () => ({
  name: 'Ana',
  surname: 'Pérez',
  email: `Ana.${unique()}@Example.com`,
  password: 'Secreta123',
});

function fieldMessages(
  body: { errors?: Array<{ field: string; message: string }> },
  field: string,
): string[] {
  return (body.errors ?? []).filter((e) => e.field === field).map((e) => e.message);
}

describe('POST /users (registration)', () => {
  it('creates the account with a lower-cased e-mail and an argon2id hash', async () => {
    const body = validRegistration();
    const res = await api().post('/users').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'User created successfully. You can now log in.',
      user: {
        _id: expect.any(String),
        name: 'Ana',
        surname: 'Pérez',
        email: body.email.toLowerCase(),
        role: 'user',
      },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.user._id));
    expect(row.email).toBe(body.email.toLowerCase());
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(body.password);
  });

  it.each([
    ['name', { name: '' }, 'First name is required.'],
    ['name', { name: '   ' }, 'First name is required.'],
    ['surname', { surname: '' }, 'Last name is required.'],
    ['email', { email: '' }, 'Email is required.'],
    ['email', { email: 'not-an-email' }, 'Invalid email.'],
    [
      'password',
      { password: 'short1A' },
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    ],
    [
      'password',
      { password: 'alllowercase1' },
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    ],
    [
      'password',
      { password: 'ALLUPPERCASE1' },
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    ],
    [
      'password',
      { password: 'NoDigitsHere' },
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    ],
  ])('refuses a bad %s (%j) with "%s"', async (field, change, message) => {
    const res = await api()
      .post('/users')
      .send({ ...validRegistration(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('common.validation_failed');
    expect(fieldMessages(res.body, field)).toContain(message);
  });

  it('refuses unknown fields, wrong types and a password over 128 characters', async () => {
    const extra = await api()
      .post('/users')
      .send({ ...validRegistration(), role: 'admin' });
    expect(extra.status).toBe(400);
    expect(fieldMessages(extra.body, 'role')).toEqual(['property role should not exist']);
    const types = await api()
      .post('/users')
      .send({ ...validRegistration(), name: 42 });
    expect(types.status).toBe(400);
    const long = await api()
      .post('/users')
      .send({ ...validRegistration(), password: `Aa1${'x'.repeat(130)}` });
    expect(long.status).toBe(400);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const body = validRegistration();
    expect((await api().post('/users').send(body)).status).toBe(201);
    const again = await api()
      .post('/users')
      .send({ ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, code: 'users.email_taken' });
  });

  it('answers 429 past the registration limit', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api(ip).post('/users').send(validRegistration())).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    const res = await api(ip).post('/users').send(validRegistration());
    expect(res.body.code).toBe('common.too_many_requests');
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /auth/login and GET /auth/perfil', () => {
  it('logs in with any case of the e-mail and the token loads the profile', async () => {
    const user = await createUser(t.db, { name: 'Lola', surname: 'Flores' });
    const token = await tokenFor(user.email.toUpperCase(), user.password);
    const res = await api().get('/auth/perfil').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: user.id,
      name: 'Lola',
      surname: 'Flores',
      email: user.email,
      role: 'user',
      progresoCursos: [],
      progresoFormaciones: [],
    });
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.db);
    const wrong = await api()
      .post('/auth/login')
      .send({ email: user.email, password: 'Wrong1234' });
    const unknown = await api()
      .post('/auth/login')
      .send({ email: `nobody-${unique()}@x.com`, password: 'Wrong1234' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'auth.invalid_credentials',
        message: 'Login failed. Please check your credentials and try again.',
      });
    }
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required.'],
    [{ email: '', password: 'x' }, 'email', 'Email is required.'],
    [{ email: 'bad', password: 'x' }, 'email', 'Invalid email.'],
    [{ email: 'a@b.co' }, 'password', 'Password is required.'],
    [{ email: 'a@b.co', password: '' }, 'password', 'Password is required.'],
  ])('refuses %j: %s "%s"', async (body, field, message) => {
    const res = await api().post('/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body, field)).toContain(message);
  });

  it('answers 429 past the login limit', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await api(ip).post('/auth/login').send({ email: 'x@y.zz', password: 'Wrong1234' })).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // how long to wait, in the header and in the body (the form says it)
    const res = await api(ip).post('/auth/login').send({ email: 'x@y.zz', password: 'Wrong1234' });
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      code: 'common.too_many_requests',
      data: { retryAfterSeconds: wait },
    });
  });

  it('refuses the profile without a token, with a malformed, forged, expired or "none" token, and for a deleted user', async () => {
    const user = await createUser(t.db);
    const jwt = new JwtService({ secret: t.config.jwtSecret });
    const forged = new JwtService({ secret: 'another-secret-of-at-least-32-bytes!!' });
    const now = Math.floor(Date.now() / 1000);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const tokens = [
      undefined,
      'Bearer',
      'Bearer not-a-token',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      `Bearer ${await forged.signAsync({ sub: user.id, role: 'admin' })}`,
      `Bearer ${await jwt.signAsync({ sub: user.id, role: 'user', exp: now - 10, iat: now - 100 })}`,
      `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, role: 'admin' })}.`,
      `Bearer ${await jwt.signAsync({ sub: user.id }, { algorithm: 'HS512' })}`,
    ];
    for (const header of tokens) {
      const req = api().get('/auth/perfil');
      const res = await (header ? req.set('Authorization', header) : req);
      expect({ header, status: res.status, code: res.body.code }).toEqual({
        header,
        status: 401,
        code: 'auth.unauthorized',
      });
    }
    const valid = await tokenFor(user.email, user.password);
    await t.db.delete(users).where(eq(users.id, user.id));
    const gone = await api().get('/auth/perfil').set('Authorization', `Bearer ${valid}`);
    expect(gone.status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const outbox = () => join(t.config.dataDir, 'outbox');
  /** The mails sent to `email` so far, once their jobs have run. */
  const mailsTo = async (email: string) => {
    await t.app.get(JobsService).drain();
    let files: string[] = [];
    try {
      files = readdirSync(outbox());
    } catch {
      return [];
    }
    return files
      .map(
        (f) =>
          JSON.parse(readFileSync(join(outbox(), f), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
          },
      )
      .filter((m) => m.to === email);
  };
  const linkIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1];

  it('answers the same for an existing and an unknown e-mail, and mails only the existing one', async () => {
    const user = await createUser(t.db);
    const unknownEmail = `ghost-${unique()}@example.com`;
    const known = await api().post('/auth/forgot-password').send({ email: user.email, lang: 'es' });
    const unknown = await api().post('/auth/forgot-password').send({ email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({
      message: "We've sent you an email with instructions to reset your password.",
    });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Restablecer tu contraseña');
    expect(mails[0].text).toContain(`${t.config.publicUrl}/reset-password/`);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);
    // only a hash of the token is stored
    const token = linkIn(mails[0].text);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: '' }, 'Email is required.'],
    [{ email: 'nope' }, 'Invalid email.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await api().post('/auth/forgot-password').send(body);
    expect(res.status).toBe(400);
    expect(fieldMessages(res.body, 'email')).toContain(message);
  });

  it('answers 429 past the forgot-password limit', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await api(ip)
            .post('/auth/forgot-password')
            .send({ email: `a${i}@example.com` })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers 429 past the reset-password limit, whatever the token', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api(ip)
        .post(`/auth/reset-password/${'A'.repeat(40)}${i}`)
        .send({ newPassword: 'Nueva12345' });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ statusCode: 429, code: 'common.too_many_requests' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    // another client is not affected
    const other = await api()
      .post(`/auth/reset-password/${'A'.repeat(40)}`)
      .send({ newPassword: 'Nueva12345' });
    expect(other.status).toBe(400);
  });

  it('resets the password once: the new one logs in, the old one and a reused link do not', async () => {
    const user = await createUser(t.db);
    await api().post('/auth/forgot-password').send({ email: user.email, lang: 'en' });
    const token = linkIn((await mailsTo(user.email)).at(-1)!.text);

    const weak = await api().post(`/auth/reset-password/${token}`).send({ newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(fieldMessages(weak.body, 'newPassword')).toEqual([
      'Must have 8 characters, an uppercase, a lowercase and a number.',
    ]);

    const ok = await api()
      .post(`/auth/reset-password/${token}`)
      .send({ newPassword: 'Nueva12345' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password updated successfully. You can now log in.' });
    expect(
      (await api().post('/auth/login').send({ email: user.email, password: 'Nueva12345' })).status,
    ).toBe(200);
    expect(
      (await api().post('/auth/login').send({ email: user.email, password: user.password })).status,
    ).toBe(401);

    const reused = await api()
      .post(`/auth/reset-password/${token}`)
      .send({ newPassword: 'Otra123456' });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('auth.reset_token_invalid');
    expect(
      (await api().post('/auth/login').send({ email: user.email, password: 'Otra123456' })).status,
    ).toBe(401);
  });

  it('refuses an expired link, a garbage token, and older links after a reset', async () => {
    const user = await createUser(t.db);
    await api().post('/auth/forgot-password').send({ email: user.email });
    await api().post('/auth/forgot-password').send({ email: user.email });
    const [first, second] = (await mailsTo(user.email)).map((m) => linkIn(m.text));

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    for (const token of [first, second, 'garbage', 'x'.repeat(90)]) {
      const res = await api()
        .post(`/auth/reset-password/${token}`)
        .send({ newPassword: 'Nueva12345' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('auth.reset_token_invalid');
    }

    // a path parameter longer than the router takes is refused before the handler
    expect(
      (
        await api()
          .post(`/auth/reset-password/${'x'.repeat(300)}`)
          .send({ newPassword: 'Nueva12345' })
      ).status,
    ).toBe(414);

    await api().post('/auth/forgot-password').send({ email: user.email });
    await api().post('/auth/forgot-password').send({ email: user.email });
    const [, , third, fourth] = (await mailsTo(user.email)).map((m) => linkIn(m.text));
    expect(
      (await api().post(`/auth/reset-password/${fourth}`).send({ newPassword: 'Nueva12345' }))
        .status,
    ).toBe(200);
    const older = await api()
      .post(`/auth/reset-password/${third}`)
      .send({ newPassword: 'Otra123456' });
    expect(older.status).toBe(400);
  });
});

describe('GET /users/mis-compras', () => {
  it('lists courses and formations with their expiry and an expired flag', async () => {
    const user = await createUser(t.db);
    const active = await createCourse(t.db);
    const old = await createCourse(t.db);
    const formation = await createFormationWithModules(t.db);
    const p1 = await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: active.id,
    });
    const p2 = await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: old.id,
      expired: true,
    });
    const p3 = await createPurchase(t.db, {
      userId: user.id,
      itemType: 'formation',
      itemId: formation.id,
    });
    const res = await api()
      .get('/users/mis-compras')
      .set('Authorization', `Bearer ${await tokenFor(user.email, user.password)}`);
    expect(res.status).toBe(200);
    expect(res.body.cursos).toEqual(
      expect.arrayContaining([
        { courseId: active.id, fechaExpiracion: p1.expiresAt.toISOString(), expired: false },
        { courseId: old.id, fechaExpiracion: p2.expiresAt.toISOString(), expired: true },
      ]),
    );
    expect(res.body.cursos).toHaveLength(2);
    expect(res.body.formaciones).toEqual([
      { formationId: formation.id, fechaExpiracion: p3.expiresAt.toISOString(), expired: false },
    ]);
  });

  it('needs a login', async () => {
    expect((await api().get('/users/mis-compras')).status).toBe(401);
  });
});

describe('class progress', () => {
  async function student() {
    const user = await createUser(t.db);
    const course = await createCourse(t.db, { classes: 3 });
    const formation = await createFormationWithModules(t.db, { modules: 2, classesPerModule: 2 });
    await createPurchase(t.db, { userId: user.id, itemType: 'course', itemId: course.id });
    await createPurchase(t.db, { userId: user.id, itemType: 'formation', itemId: formation.id });
    const auth = `Bearer ${await tokenFor(user.email, user.password)}`;
    return { user, course, formation, auth };
  }

  it('marks and unmarks course classes, idempotently, and the profile shows them', async () => {
    const { user, course, auth } = await student();
    const [c1, c2] = course.classes;
    const path = `/users/${user.id}/progreso-curso/${course.id}`;
    expect(
      (await api().post(path).set('Authorization', auth).send({ classId: c1.id })).body,
    ).toEqual({
      courseId: course.id,
      clasesCompletadas: [c1.id],
    });
    await api().post(path).set('Authorization', auth).send({ classId: c1.id });
    const two = await api().post(path).set('Authorization', auth).send({ classId: c2.id });
    expect(two.status).toBe(200);
    expect(two.body.clasesCompletadas).toEqual([c1.id, c2.id]);

    const profile = await api().get('/auth/perfil').set('Authorization', auth);
    expect(profile.body.progresoCursos).toEqual([
      { courseId: course.id, clasesCompletadas: [c1.id, c2.id] },
    ]);

    const un = await api().delete(`${path}/${c1.id}`).set('Authorization', auth);
    expect(un.status).toBe(200);
    expect(un.body).toEqual({ courseId: course.id, clasesCompletadas: [c2.id] });
  });

  it('marks and unmarks formation classes', async () => {
    const { user, formation, auth } = await student();
    const cls = formation.modules[1].classes[0];
    const path = `/users/${user.id}/progreso-formacion/${formation.id}`;
    const res = await api().post(path).set('Authorization', auth).send({ classId: cls.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ formationId: formation.id, clasesCompletadas: [cls.id] });
    const profile = await api().get('/auth/perfil').set('Authorization', auth);
    expect(profile.body.progresoFormaciones).toEqual([
      { formationId: formation.id, clasesCompletadas: [cls.id] },
    ]);
    expect(
      (await api().delete(`${path}/${cls.id}`).set('Authorization', auth)).body.clasesCompletadas,
    ).toEqual([]);
  });

  it("answers 403 for another user's progress", async () => {
    const a = await student();
    const b = await student();
    const res = await api()
      .post(`/users/${b.user.id}/progreso-curso/${b.course.id}`)
      .set('Authorization', a.auth)
      .send({ classId: b.course.classes[0].id });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.forbidden');
    const del = await api()
      .delete(
        `/users/${b.user.id}/progreso-formacion/${b.formation.id}/${b.formation.modules[0].classes[0].id}`,
      )
      .set('Authorization', a.auth);
    expect(del.status).toBe(403);
  });

  it('accepts only classes of the named course or formation', async () => {
    const { user, course, formation, auth } = await student();
    const other = await createCourse(t.db, { classes: 1 });
    const wrong = await api()
      .post(`/users/${user.id}/progreso-curso/${course.id}`)
      .set('Authorization', auth)
      .send({ classId: other.classes[0].id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('progress.class_not_in_item');
    const crossed = await api()
      .post(`/users/${user.id}/progreso-formacion/${formation.id}`)
      .set('Authorization', auth)
      .send({ classId: course.classes[0].id });
    expect(crossed.status).toBe(400);
  });

  it('needs an active purchase of the item', async () => {
    const user = await createUser(t.db);
    const course = await createCourse(t.db, { classes: 1 });
    const expired = await createCourse(t.db, { classes: 1 });
    await createPurchase(t.db, {
      userId: user.id,
      itemType: 'course',
      itemId: expired.id,
      expired: true,
    });
    const auth = `Bearer ${await tokenFor(user.email, user.password)}`;
    for (const c of [course, expired]) {
      const res = await api()
        .post(`/users/${user.id}/progreso-curso/${c.id}`)
        .set('Authorization', auth)
        .send({ classId: c.classes[0].id });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('progress.purchase_required');
    }
  });

  it('answers 404 for an unknown item, 400 for bad ids and bodies, 401 without a login', async () => {
    const { user, course, auth } = await student();
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = await api()
      .post(`/users/${user.id}/progreso-curso/${missing}`)
      .set('Authorization', auth)
      .send({ classId: course.classes[0].id });
    expect(notFound.status).toBe(404);
    expect(notFound.body.code).toBe('courses.not_found');
    const badPath = await api()
      .post(`/users/${user.id}/progreso-curso/not-a-uuid`)
      .set('Authorization', auth)
      .send({ classId: course.classes[0].id });
    expect(badPath.status).toBe(400);
    const badBody = await api()
      .post(`/users/${user.id}/progreso-curso/${course.id}`)
      .set('Authorization', auth)
      .send({ classId: 'x' });
    expect(badBody.status).toBe(400);
    expect(fieldMessages(badBody.body, 'classId')).toEqual(['classId must be a valid id']);
    const anonymous = await api()
      .post(`/users/${user.id}/progreso-curso/${course.id}`)
      .send({ classId: course.classes[0].id });
    expect(anonymous.status).toBe(401);
  });
});
