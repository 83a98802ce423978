// Checkout journeys (mf-checkout) on the built app with the local test-payment provider: a buyer
// pays a course and a formation (one with the running voucher) in es and en, a declined card, a
// card that asks for a confirmation step, what is already owned, a visitor asked to log in, and
// the sales pause. Each test buys as a fresh user, so parallel purchases never meet.
import type { APIRequestContext, Page } from '@playwright/test';
import { cartTotal, discountedPrice, formatUsd } from '../../shared-contracts/src/domain/pricing';
import {
  apiLogin,
  DEMO,
  expect,
  test,
  pauseSales,
  remoteArea,
  useLanguage,
  type Lang,
} from '../support/fixtures';
import {
  CARDS,
  CheckoutPage,
  addToCartFromCatalogue,
  addedConfirmation,
  cartItems,
  demoItems,
  loginWithToken,
  newBuyer,
  purchasesOf,
} from '../pages/CheckoutPages';
import { E2E_PORT, baseURL } from '../support/env';

const TEXT = {
  es: {
    access: '12 meses de acceso',
    accessUntil: 'Acceso hasta el',
    warning: 'Debes aceptar los términos para continuar.',
    testMode: 'MODO DE PRUEBA',
    pay: 'Pagar',
    thanks: 'Gracias por tu compra, ya puedes acceder a tu contenido',
    myCourses: 'Ir a Mis cursos',
    loginTitle: 'Por favor, inicia sesión',
    loginText: 'Necesitas una cuenta para comprar',
    empty: 'Tu carrito está vacío',
    alreadyOwned: 'Ya tenías estos cursos/formaciones en tu cuenta',
    cardRequired: 'Introduce el número de tarjeta.',
  },
  en: {
    access: '12 months of access',
    accessUntil: 'Access until',
    warning: 'You must accept the terms to continue.',
    testMode: 'TEST MODE',
    pay: 'Pay',
    thanks: 'Thank you for your purchase, you can now access your content',
    myCourses: 'Go to My Courses',
    loginTitle: 'Please log in',
    loginText: 'You need an account to purchase and later access your items in My Courses',
    empty: 'Your cart is empty',
    alreadyOwned: 'You already had these courses/trainings in your account',
    cardRequired: 'Enter the card number.',
  },
} as const satisfies Partial<Record<Lang, Record<string, string>>>;

// in English; the visitor's journey to log in below is in Spanish: both languages' texts are met
{
  const lang = 'en';
  const txt = TEXT[lang];

  test(`a buyer pays a course and a formation with the voucher, and owns both (${lang})`, async ({
    page,
    request,
  }) => {
    const { voucher, course, formation, formationDiscounted } = await demoItems(request, lang);
    const buyer = await newBuyer(request);
    await useLanguage(page, lang);
    await loginWithToken(page, buyer.token);

    await addToCartFromCatalogue(page, course, 'course');
    await addToCartFromCatalogue(page, formation, 'formation');
    await expect(page.getByTestId('cart-link')).toContainText('2');

    const checkout = new CheckoutPage(page);
    await checkout.open();
    await expect(checkout.lines).toHaveCount(2);

    // the voucher: final price, original price struck through, its name with "20% OFF"
    const courseLine = checkout.line(course.title[lang]);
    await expect(courseLine.getByTestId('line-discount')).toContainText(
      `${voucher.percentage}% OFF`,
    );
    await expect(courseLine.getByTestId('line-discount')).toContainText(voucher.name);
    await expect(courseLine.getByTestId('line-price')).toContainText(
      formatUsd(discountedPrice(course.price, voucher)),
    );
    await expect(courseLine.getByTestId('line-original-price')).toContainText(
      formatUsd(course.price),
    );
    // the access period, and once the server priced the payment, the date it ends
    for (const line of [courseLine, checkout.line(formation.title[lang])]) {
      await expect(line.getByTestId('line-access')).toContainText(txt.access);
      await expect(line.getByTestId('line-access')).toContainText(txt.accessUntil);
    }
    const expected = cartTotal([
      { price: course.price, discount: voucher },
      { price: formation.price, discount: formationDiscounted ? voucher : null },
    ]);
    await expect(checkout.total).toHaveText(`${formatUsd(expected)} USD`);

    // no card form until the terms are accepted
    await expect(checkout.termsWarning).toHaveText(txt.warning);
    await expect(checkout.cardForm).toHaveCount(0);
    await checkout.terms.check();
    await expect(checkout.termsWarning).toHaveCount(0);
    await expect(checkout.cardForm).toContainText(txt.testMode);
    await expect(checkout.payButton).toContainText(txt.pay);

    await checkout.payWith(CARDS.success);
    await expect(page).toHaveURL(/\/pago-exitoso\?payment_intent=[^&]+$/);
    const result = page.getByTestId('payment-result');
    await expect(result).toContainText(txt.thanks);
    await expect(page.getByTestId('purchased-items').locator('li')).toHaveCount(2);
    await expect(result.getByRole('link', { name: txt.myCourses })).toHaveAttribute(
      'href',
      '/mis-cursos',
    );
    // the cart is empty, in the header and in storage
    await expect(page.getByTestId('cart-link')).not.toContainText(/\d/);
    expect(await cartItems(page)).toEqual([]);

    const purchases = await purchasesOf(request, buyer.token);
    expect(purchases.cursos.map((c) => c.courseId)).toEqual([course._id]);
    expect(purchases.formaciones.map((f) => f.formationId)).toEqual([formation._id]);
  });
}

test('a declined card shows the provider message and registers nothing; another card pays', async ({
  page,
  request,
}) => {
  const { plainCourses } = await demoItems(request, 'en');
  const buyer = await newBuyer(request);
  await useLanguage(page, 'en');
  await loginWithToken(page, buyer.token);
  await addToCartFromCatalogue(page, plainCourses[0], 'course');

  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.terms.check();
  // the form is checked before anything is sent
  await checkout.payButton.click();
  await expect(checkout.cardForm).toContainText(TEXT.en.cardRequired);

  await checkout.payWith(CARDS.declined);
  // the provider's own decline text
  await expect(checkout.cardForm.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(checkout.payButton).toBeEnabled();
  await expect(page).toHaveURL(/\/pago-embed$/);
  expect(await cartItems(page)).toHaveLength(1);
  expect(await purchasesOf(request, buyer.token)).toEqual({ cursos: [], formaciones: [] });

  // another card pays the same payment
  await checkout.payWith(CARDS.success);
  await expect(page.getByTestId('payment-result')).toContainText(TEXT.en.thanks);
  const purchases = await purchasesOf(request, buyer.token);
  expect(purchases.cursos.map((c) => c.courseId)).toEqual([plainCourses[0]._id]);
});

// The provider's confirmation page returns the buyer to the origin they paid from, where
// their session and cart are: 127.0.0.1 (PUBLIC_URL here) and localhost (a name it does not list).
for (const origin of [baseURL, `http://localhost:${E2E_PORT}`]) {
  test.describe(`on ${origin}`, () => {
    test.use({ baseURL: origin });

    test('a card that asks for a confirmation step completes after the step, on the same origin', async ({
      page,
      request,
    }) => {
      const { plainCourses } = await demoItems(request, 'es');
      const course = plainCourses[1] ?? plainCourses[0];
      const buyer = await newBuyer(request);
      await useLanguage(page, 'es');
      await loginWithToken(page, buyer.token);
      await addToCartFromCatalogue(page, course, 'course');

      const checkout = new CheckoutPage(page);
      await checkout.open();
      await checkout.terms.check();
      await checkout.payWith(CARDS.requiresAction);
      // the provider's confirmation page, outside the app
      await expect(
        page.getByRole('heading', { name: 'Confirma este pago de prueba' }),
      ).toBeVisible();
      expect(new URL(page.url()).origin).toBe(origin);
      await page.getByRole('button', { name: 'Completar la autenticación' }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/pago-exitoso\\?payment_intent=`));
      await expect(page.getByTestId('payment-result')).toContainText(TEXT.es.thanks);
      await expect(page.getByTestId('cart-link')).not.toContainText(/\d/);
      const purchases = await purchasesOf(request, buyer.token);
      expect(purchases.cursos.map((c) => c.courseId)).toEqual([course._id]);
    });
  });
}

test('an item already owned is not charged again and can be taken out of the cart', async ({
  page,
  request,
}) => {
  const { plainCourses } = await demoItems(request, 'en');
  const course = plainCourses[2] ?? plainCourses[0];
  const buyer = await newBuyer(request);
  await useLanguage(page, 'en');
  await loginWithToken(page, buyer.token);

  // buy it once
  await addToCartFromCatalogue(page, course, 'course');
  const checkout = new CheckoutPage(page);
  await checkout.open();
  await checkout.terms.check();
  await checkout.payWith(CARDS.success);
  await expect(page.getByTestId('payment-result')).toContainText(TEXT.en.thanks);

  // put it in the cart again
  await addToCartFromCatalogue(page, course, 'course');
  await checkout.open();
  const notice = page.getByTestId('already-owned');
  await expect(notice).toContainText(TEXT.en.alreadyOwned);
  await checkout.terms.check();
  await expect(checkout.cardForm).toHaveCount(0);
  await notice.getByRole('button').click();
  await expect(page.getByTestId('cart-empty')).toContainText(TEXT.en.empty);
  const purchases = await purchasesOf(request, buyer.token);
  expect(purchases.cursos).toHaveLength(1);
});

{
  const lang = 'es';
  test(`a visitor is asked to log in on /carrito and /pago-embed, and comes back after (${lang})`, async ({
    page,
    request,
  }) => {
    await useLanguage(page, lang);
    for (const path of ['/pago-embed', '/carrito']) {
      await page.goto(path);
      const panel = page.getByTestId('login-required');
      await expect(panel.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].loginTitle);
      await expect(panel).toContainText(TEXT[lang].loginText);
    }
    const buyer = await newBuyer(request);
    await page.getByTestId('login-required').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcarrito$/);
    await page.locator('input[type="email"]').fill(buyer.email);
    await page.locator('input[type="password"]').fill('Comprador123');
    await page.locator('form:has(input[type="password"]) button[type="submit"]').click();
    await expect(page).toHaveURL(/\/carrito$/);
    await expect(page.getByTestId('cart-empty')).toContainText(TEXT[lang].empty);
  });
}

test('/pago-exitoso without a payment says no payment attempt was detected', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  await loginWithToken(page, buyer.token);
  await page.goto('/pago-exitoso');
  await expect(page.getByTestId('payment-result')).toContainText(
    'No se detectó ningún intento de pago.',
  );
});

test('while sales are paused, /carrito and /pago-embed lead to /mantenimiento', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  await loginWithToken(page, buyer.token);
  // the server's SALES_PAUSED switch reaches the apps with the page (and through /api/config)
  await pauseSales(page);
  for (const path of ['/carrito', '/pago-embed']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/mantenimiento$/);
    await expect(page.getByTestId('maintenance')).toContainText(
      'En este momento no es posible comprar cursos ni formaciones.',
    );
  }
  await expect(remoteArea(page, 'mf_checkout')).toHaveCount(0);
});

test('a scholarship: a 100% voucher makes the course free, and it is enrolled without a card', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
  const auth = { Authorization: `Bearer ${admin}` };
  const title = `Beca de malabares ${Date.now()}`;
  const created = await request.post(`${baseURL}/api/courses`, {
    headers: auth,
    data: {
      title: { es: title, en: '', fr: '' },
      description: { es: '<p>Un curso para becarios.</p>', en: '', fr: '' },
      price: 40,
      image: { es: '/api/content/images/trapeze.svg', en: null, fr: null },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const course = (await created.json()) as { _id: string };
  const today = new Date().toISOString().slice(0, 10);
  const voucher = await request.post(`${baseURL}/api/discounts`, {
    headers: auth,
    data: {
      name: { es: 'Beca completa', en: 'Full scholarship', fr: 'Bourse complète' },
      percentage: 100,
      startDate: today,
      endDate: '2099-12-31',
      type: 'course',
      targetItems: [{ _id: course._id, itemType: 'course' }],
    },
  });
  expect(voucher.status(), await voucher.text()).toBe(201);
  const voucherId = ((await voucher.json()) as { _id: string })._id;
  try {
    await enrolFree(page, request, course._id, title);
  } finally {
    // a free course is no other journey's business: the voucher goes, the course stays paid
    await request.delete(`${baseURL}/api/discounts/${voucherId}`, { headers: auth });
  }
});

/** A new buyer enrols in the course made free, from its page to the thank-you page. */
async function enrolFree(page: Page, request: APIRequestContext, courseId: string, title: string) {
  const buyer = await newBuyer(request);
  await loginWithToken(page, buyer.token);
  await page.goto(`/courses/${courseId}`);
  const added = addedConfirmation(page);
  await page.getByTestId('add-to-cart').click();
  await added;

  const checkout = new CheckoutPage(page);
  await checkout.open();
  await expect(checkout.line(title).getByTestId('line-discount')).toContainText('100% OFF');
  await expect(checkout.total).toContainText('$0.00');
  await checkout.terms.check();
  const free = page.getByTestId('free-purchase-form');
  await expect(free).toContainText('Tus cupones cubren el precio completo: no hace falta tarjeta.');
  await expect(checkout.cardForm).toHaveCount(0);
  await free.getByRole('button', { name: 'Confirmar inscripción gratuita' }).click();

  await expect(page).toHaveURL(/\/pago-exitoso\?payment_intent=pi_free_/);
  await expect(
    page.getByText('Gracias por tu compra, ya puedes acceder a tu contenido'),
  ).toBeVisible();
  const owned = await purchasesOf(request, buyer.token);
  expect(owned.cursos.map((c) => c.courseId)).toEqual([courseId]);
  await expect.poll(() => cartItems(page)).toEqual([]);
}
