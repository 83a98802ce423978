import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { AdminPlan, MySubscription, SubscribeResponse } from '@circo/shared-contracts';
import { subscriptions } from '../../src/database/schema.js';
import { JobsService } from '../../src/modules/jobs/jobs.service.js';
import { SubscriptionClockService } from '../../src/modules/memberships/subscription-clock.service.js';
import { createUser } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';
import { tokenFor } from '../catalog/catalog-helpers.js';

export const CARD = { expiry: '12/40', cvc: '123' };
export const OK = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';
export const NEEDS_STEP = '4000 0027 6000 3184';
export const FAILS_AT_RENEWAL = '4000 0000 0000 0341';

export const api = (t: TestApp) => request(t.app.getHttpServer());

export function send(
  t: TestApp,
  method: 'get' | 'post' | 'put',
  path: string,
  token: string,
  body?: object,
) {
  const req = api(t)[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
  return body ? req.send(body) : req;
}

export async function student(t: TestApp) {
  const user = await createUser(t.db, { name: 'Lucía' });
  return { user, token: await tokenFor(t, user) };
}

/** A plan made by the admin through the API. */
export async function makePlan(t: TestApp, body: Record<string, unknown>): Promise<AdminPlan> {
  const admin = await createUser(t.db, { role: 'admin' });
  const res = await send(t, 'post', '/admin/plans', await tokenFor(t, admin), {
    name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
    price: 19,
    interval: 'month',
    includes: 'all',
    ...body,
  });
  if (res.status !== 201)
    throw new Error(`plan not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as AdminPlan;
}

export async function subscribe(
  t: TestApp,
  token: string,
  planId: string,
  lang = 'es',
  extra: object = {},
) {
  const res = await send(t, 'post', '/subscriptions', token, { planId, lang, ...extra });
  if (res.status !== 201)
    throw new Error(`not subscribed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as SubscribeResponse;
}

export const pay = (t: TestApp, token: string, paymentIntentId: string, cardNumber = OK) =>
  send(t, 'post', '/stripe/local/confirm', token, { paymentIntentId, cardNumber, ...CARD });

export async function mine(t: TestApp, token: string): Promise<MySubscription[]> {
  const res = await send(t, 'get', '/users/me/subscriptions', token).expect(200);
  return res.body as MySubscription[];
}

/** The local provider's clock, moved: the subscription's period ended `agoMs` ago. */
export async function endPeriod(t: TestApp, id: string, agoMs = 60_000): Promise<void> {
  await t.db
    .update(subscriptions)
    .set({
      currentPeriodStart: sql`now() - interval '31 days'`,
      currentPeriodEnd: new Date(Date.now() - agoMs),
    })
    .where(eq(subscriptions.id, id));
}

/** The grace period of a past-due subscription, over. */
export async function endGrace(t: TestApp, id: string): Promise<void> {
  await t.db
    .update(subscriptions)
    .set({ graceUntil: new Date(Date.now() - 1000) })
    .where(eq(subscriptions.id, id));
}

export const clock = (t: TestApp) => t.app.get(SubscriptionClockService);
export const drain = (t: TestApp) => t.app.get(JobsService).drain();

export async function row(t: TestApp, id: string) {
  const [found] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return found;
}

/** The e-mails in the outbox sent to `email`. */
export function mailsTo(t: TestApp, email: string): Array<{ subject: string; text: string }> {
  const outbox = join(t.config.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(outbox, file), 'utf8')))
    .filter((m: { to: string }) => m.to === email);
}
