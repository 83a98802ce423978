// The simulated shoppers of `npm run load` and `npm run chaos`, and the run that drives them.
import { randomBytes } from 'node:crypto';
import { pick, sleep } from './basics.mjs';
import { Client } from './http-client.mjs';
import { simulateLaunchUser } from './launch-day.mjs';

// ---------------------------------------------------------------------------------------------
// the simulated users

export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  /** Pays a membership's first period and is declined at its renewal. */
  failsAtRenewal: '4000 0000 0000 0341',
};
export const CARD = { expiry: '12/40', cvc: '123' };
export const LANGS = ['es', 'en', 'fr'];
const TERMS = [
  'acrobacia',
  'aerea',
  'telas',
  'trapecio',
  'malabares',
  'equilibrio',
  'circo',
  'aro',
];

/** What the users did, for the report (purchases checked afterwards in the database). */
export function newTally() {
  return {
    users: 0,
    registered: 0,
    loggedIn: 0,
    paymentsStarted: 0,
    paid: 0,
    declined: 0,
    twoTabs: 0,
    progressMarked: 0,
    subscriptionsStarted: 0,
    subscribed: 0,
    subscribeDoubleClicks: 0,
    crossInstanceLogins: 0,
    crossInstanceFailures: 0,
    withSession: 0,
  };
}

/**
 * One simulated user until `deadline`: browse, search, register, log in, add to cart and pay on
 * the local provider (1 in 6 first types a declined card, 1 in 5 pays the same cart from two
 * tabs at once), open My Courses, mark progress; think time between steps as a person would.
 * 1 in 4 first subscribes to a membership plan (1 in 5 of them with a double click, 1 in 5 with
 * the card that is declined at renewal): its periods renew on the local provider's clock.
 */
export async function simulateUser({
  baseUrl,
  stats,
  tally,
  deadline,
  index,
  onAnswer,
  crossUrls,
}) {
  const c = new Client(baseUrl, stats, { onAnswer });
  const think = () => sleep(200 + Math.random() * 800);
  const alive = () => Date.now() < deadline;
  tally.users++;
  const lang = pick(LANGS);

  const list = (res) => (Array.isArray(res.json) ? res.json : []);
  const courses = list(await c.call('browse', 'GET', `/api/courses/visible?lang=${lang}`));
  const formations = list(await c.call('browse', 'GET', `/api/formations?lang=${lang}`));
  if (Math.random() < 0.3) await c.call('page', 'GET', '/');
  if (!alive()) return;
  await think();
  if (courses.length)
    await c.call('browse', 'GET', `/api/courses/${pick(courses)._id}?lang=${lang}`);
  await c.call('search', 'GET', `/api/search?q=${pick(TERMS)}&lang=${lang}`);
  if (!alive()) return;
  await think();

  const email = `load-${index}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Carpa-2026-load';
  const reg = await c.call('register', 'POST', '/api/users', {
    name: 'Carga',
    surname: `Usuario ${index}`,
    email,
    password,
    lang,
  });
  if (reg.status !== 201) return;
  tally.registered++;
  // with two instances: log in on one instance directly, use the session on the other
  const loginClient = crossUrls ? new Client(crossUrls[0], stats, { onAnswer }) : c;
  const login = await loginClient.call('login', 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200) return;
  tally.loggedIn++;
  c.token = login.json.token;
  const me = await c.call('profile', 'GET', '/api/auth/perfil');
  const userId = me.json?._id;

  // with two instances: the session made on one is valid on the other
  if (crossUrls) {
    const other = new Client(crossUrls[1], stats, { onAnswer });
    other.token = c.token;
    const res = await other.call('profile', 'GET', '/api/auth/perfil');
    if (res.status === 200 && res.json?._id === userId) tally.crossInstanceLogins++;
    else tally.crossInstanceFailures++;
  }

  if (alive() && Math.random() < 0.25) await subscribeToPlan(c, tally, lang, think);

  const catalogue = [
    ...courses.map((x) => ({ id: x._id, type: 'course' })),
    ...formations.map((x) => ({ id: x._id, type: 'formation' })),
  ];
  while (alive() && catalogue.length) {
    await think();
    const cart = [pick(catalogue)];
    if (Math.random() < 0.4) {
      const second = pick(catalogue);
      if (second.id !== cart[0].id) cart.push(second);
    }
    const twoTabs = Math.random() < 0.2;
    const start = (items) =>
      c.call('checkout', 'POST', '/api/stripe/crear-payment-intent', { items, lang });
    // the second tab has the same cart (the same payment is reused), or a part of it (a payment
    // of its own for an item the first one also pays: registered once, the rest refunded)
    const otherTab = cart.length > 1 && Math.random() < 0.5 ? [cart[0]] : cart;
    const starts = twoTabs
      ? await Promise.all([start(cart), start(otherTab)])
      : [await start(cart)];
    const intents = [
      ...new Set(starts.filter((s) => s.status === 201).map((s) => s.json.paymentIntentId)),
    ];
    if (!intents.length) break; // everything owned (409) or refused: done shopping
    tally.paymentsStarted += intents.length;
    if (!twoTabs && Math.random() < 1 / 6) {
      const res = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
        paymentIntentId: intents[0],
        cardNumber: CARDS.declined,
        ...CARD,
      });
      if (res.json?.status === 'failed') tally.declined++;
      await think();
    }
    if (twoTabs) tally.twoTabs++;
    // each tab pays its intent, then its success page confirms (what /pago-exitoso does)
    const results = await Promise.all(
      intents.map(async (paymentIntentId) => {
        const paid = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
          paymentIntentId,
          cardNumber: CARDS.ok,
          ...CARD,
        });
        await c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
          paymentIntentId,
        });
        return paid.json?.status === 'succeeded';
      }),
    );
    tally.paid += results.filter(Boolean).length;
    if (!alive()) break;

    await think();
    const mine = await c.call('my-courses', 'GET', `/api/learning/my-items?lang=${lang}`);
    const course = mine.json?.courses?.[0];
    if (course && userId) {
      const detail = await c.call(
        'my-courses',
        'GET',
        `/api/learning/courses/${course._id}?lang=${lang}`,
      );
      const cls = detail.json?.classes?.[0];
      if (cls) {
        const res = await c.call(
          'progress',
          'POST',
          `/api/users/${userId}/progreso-curso/${course._id}`,
          {
            classId: cls._id,
          },
        );
        if (res.status === 200 || res.status === 201) tally.progressMarked++;
      }
    }
    if (Math.random() < 0.5) break; // most buyers buy once or twice
  }
}

/**
 * Subscribes to one of the plans and pays its first period on the local provider, as the
 * membership page does: subscribe (twice at once: a double click answers the same payment), pay
 * with the test card form, then the success page's confirm call.
 */
export async function subscribeToPlan(c, tally, lang, think) {
  const res = await c.call('browse', 'GET', `/api/plans?lang=${lang}`);
  const plans = Array.isArray(res.json) ? res.json : [];
  if (!plans.length) return;
  await think();
  const planId = pick(plans)._id;
  const start = () => c.call('subscribe', 'POST', '/api/subscriptions', { planId, lang });
  const double = Math.random() < 0.2;
  const starts = double ? await Promise.all([start(), start()]) : [await start()];
  const intents = [
    ...new Set(starts.filter((s) => s.status === 201).map((s) => s.json.paymentIntentId)),
  ];
  if (!intents.length) return;
  tally.subscriptionsStarted++;
  if (double) tally.subscribeDoubleClicks++;
  const cardNumber = Math.random() < 0.2 ? CARDS.failsAtRenewal : CARDS.ok;
  for (const paymentIntentId of intents) {
    const paid = await c.call('pay', 'POST', '/api/stripe/local/confirm', {
      paymentIntentId,
      cardNumber,
      ...CARD,
    });
    await c.call('confirm', 'POST', '/api/stripe/confirmar-compra-payment-intent', {
      paymentIntentId,
    });
    if (paid.json?.status === 'succeeded') tally.subscribed++;
  }
}

/**
 * Runs `users` simulated users for `seconds` (each starting within the first 10 s). With
 * `instanceUrls` (two or more), each user logs in directly on one instance and checks the session
 * on the next one. With `launch` (the launch-day mix: makeLaunchAccounts, the new item, the
 * JWT secret), each user is a launch-day buyer instead.
 */
export async function runLoad({
  baseUrls,
  users,
  seconds,
  stats,
  tally,
  onAnswer,
  instanceUrls,
  launch,
}) {
  const deadline = Date.now() + seconds * 1000;
  let index = 0;
  const one = async (slot) => {
    await sleep(Math.random() * Math.min(10_000, seconds * 500));
    while (Date.now() < deadline) {
      const i = index++;
      const baseUrl = baseUrls[i % baseUrls.length];
      const n = instanceUrls?.length ?? 0;
      const crossUrls = n > 1 ? [instanceUrls[i % n], instanceUrls[(i + 1) % n]] : null;
      try {
        if (launch) {
          await simulateLaunchUser({
            baseUrl,
            stats,
            tally,
            deadline,
            index: `${slot}-${i}`,
            launch,
          });
          continue;
        }
        await simulateUser({
          baseUrl,
          stats,
          tally,
          deadline,
          index: `${slot}-${i}`,
          onAnswer,
          crossUrls,
        });
      } catch (err) {
        console.error(`simulated user ${i} stopped: ${err.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: users }, (_, s) => one(s)));
}
