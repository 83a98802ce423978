// Page objects of mf-checkout (/carrito, /pago-embed, /pago-exitoso) and the buyer's API helpers.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type {
  CourseSummary,
  DiscountDto,
  FormationSummary,
} from '../../shared-contracts/src/api/catalog';
import type { PurchasesResponse } from '../../shared-contracts/src/api/users';
import { baseURL } from '../support/env';
import { apiLogin, type Lang } from '../support/fixtures';

/** The local test provider's cards (the same numbers as Stripe's test mode). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  requiresAction: '4000 0027 6000 3184',
} as const;

/** A fresh account per test, so purchases of parallel tests never meet. */
export async function newBuyer(
  request: APIRequestContext,
): Promise<{ email: string; token: string }> {
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Comprador123';
  const res = await request.post(`${baseURL}/api/users`, {
    data: { name: 'Ana', surname: 'Compradora', email, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, token: await apiLogin(request, email, password) };
}

/** The browser starts logged in with `token`, as after the login page. */
export async function loginWithToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

async function getJson<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const res = await request.get(`${baseURL}/api${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export const purchasesOf = (request: APIRequestContext, token: string) =>
  getJson<PurchasesResponse>(request, '/users/mis-compras', token);

/** The demo items a journey buys in `lang`: the voucher's course, and a formation. */
export async function demoItems(request: APIRequestContext, lang: Lang) {
  const [courses, formations, discounts] = await Promise.all([
    getJson<CourseSummary[]>(request, `/courses/visible?lang=${lang}`),
    getJson<FormationSummary[]>(request, `/formations?lang=${lang}`),
    getJson<DiscountDto[]>(request, '/discounts/activos'),
  ]);
  // other journeys (admin, a scholarship) add vouchers of their own: take one on a course visible
  // in `lang` that leaves something to pay by card
  const voucher = discounts.find(
    (d) =>
      d.percentage > 0 &&
      d.percentage < 100 &&
      d.targetItems.some((t) => courses.some((c) => c._id === t._id)),
  );
  expect(voucher, 'the demo catalogue has a running voucher').toBeTruthy();
  const targets = new Set(voucher!.targetItems.map((t) => t._id));
  // what a 100% voucher (a scholarship journey's) makes free is no card journey's to buy
  const free = new Set(
    discounts.filter((d) => d.percentage >= 100).flatMap((d) => d.targetItems.map((t) => t._id)),
  );
  const course = courses.find((c) => targets.has(c._id));
  expect(course, `the voucher targets a course visible in ${lang}`).toBeTruthy();
  expect(formations.length, `a formation is visible in ${lang}`).toBeGreaterThan(0);
  const formation = formations.find((f) => !targets.has(f._id)) ?? formations[0];
  return {
    voucher: voucher!,
    course: course!,
    formation,
    formationDiscounted: targets.has(formation._id),
    /** Courses the voucher does not touch, for journeys that buy one item alone. */
    plainCourses: courses.filter((c) => !targets.has(c._id) && !free.has(c._id)),
  };
}

/**
 * The add-to-cart confirmation, which shows for 2 seconds (spec): start this before the tap. A
 * MutationObserver in the page notes its text the moment React puts it there, and the returned
 * promise resolves with that text. Looking for it instead (polling, or on animation frames) can
 * miss it on a busy machine: the tap itself may return after 2 seconds, and the accessibility
 * check that runs in the page after each navigation (axe, fixtures.ts) can hold the page's main
 * thread, and with it every animation frame, for longer than that.
 */
export async function addedConfirmation(page: Page): Promise<string> {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eAdded?: string };
    delete w.__e2eAdded;
    const look = () => {
      const text = document.querySelector('[data-testid="added-confirmation"]')?.textContent;
      if (!text) return;
      w.__e2eAdded = text;
      observer.disconnect();
    };
    const observer = new MutationObserver(look);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    look();
  });
  let text: string | undefined;
  await expect
    .poll(
      async () =>
        (text = await page.evaluate(
          () => (window as unknown as { __e2eAdded?: string }).__e2eAdded,
        )),
      { timeout: 15_000, message: 'the add-to-cart confirmation showed' },
    )
    .toBeTruthy();
  return text!;
}

/**
 * Adds an item to the cart from its catalogue page as a visitor does: a tap as soon as the button
 * is there, live or not (React replays the form's action once the page is hydrated), and the
 * confirmation seen (docs/testing.md, "The add-to-cart confirmation").
 */
export async function addToCartFromCatalogue(
  page: Page,
  item: CourseSummary | FormationSummary,
  kind: 'course' | 'formation',
): Promise<void> {
  await page.goto(kind === 'course' ? `/courses/${item._id}` : `/formaciones/${item._id}`);
  const added = addedConfirmation(page);
  await page.getByTestId('add-to-cart').click();
  await added;
}

/** The cart's lines as kept in localStorage. */
export const cartItems = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('cart') ?? '{}') as {
      state?: { items?: unknown[] };
    };
    return stored.state?.items ?? [];
  });

/** /pago-embed */
export class CheckoutPage {
  readonly root: Locator;
  readonly lines: Locator;
  readonly total: Locator;
  readonly terms: Locator;
  readonly termsWarning: Locator;
  readonly cardForm: Locator;
  readonly payButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('checkout-page');
    this.lines = page.getByTestId('cart-line');
    this.total = page.getByTestId('cart-total');
    this.terms = page.locator('#accept-terms');
    this.termsWarning = page.getByTestId('terms-warning');
    this.cardForm = page.getByTestId('local-card-form');
    this.payButton = page.getByTestId('pay-button');
  }

  async open(): Promise<void> {
    await this.page.goto('/pago-embed');
    await expect(this.root).toBeVisible();
  }

  line(title: string): Locator {
    return this.lines.filter({ hasText: title });
  }

  async payWith(card: string, expiry = '12/34', cvc = '123'): Promise<void> {
    await this.cardForm.locator('#cardNumber').fill(card);
    await this.cardForm.locator('#expiry').fill(expiry);
    await this.cardForm.locator('#cvc').fill(cvc);
    await this.payButton.click();
  }
}
