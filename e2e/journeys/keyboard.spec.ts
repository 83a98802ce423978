// A purchase with the keyboard alone (Tab, Shift+Tab, Enter, Space and typing in the card
// fields), from the home page to /pago-exitoso on the local provider's test form: every control
// on the way can be reached and used without a mouse, in the order it reads.
import type { Locator, Page } from '@playwright/test';
import {
  CARDS,
  addedConfirmation,
  demoItems,
  loginWithToken,
  newBuyer,
  purchasesOf,
} from '../pages/CheckoutPages';
import { expect, test, useLanguage } from '../support/fixtures';

/** Presses Tab until `target` has the focus (at most `max` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target.toString()} was not reached with ${max} presses of Tab`);
}

/** The focused element shows where it is: a ring on it or on the card around it (:focus-within). */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const ringed = await target.evaluate((el) => {
    for (let node: Element | null = el, up = 0; node && up < 4; node = node.parentElement, up++) {
      const s = getComputedStyle(node);
      if (s.outlineStyle !== 'none' && s.outlineWidth !== '0px') return true;
      if (s.boxShadow !== 'none') return true;
    }
    return false;
  });
  expect(ringed, 'a visible focus indicator').toBe(true);
}

test('a buyer finds a course, adds it to the cart and pays with the keyboard alone (es)', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  await useLanguage(page, 'es');
  await loginWithToken(page, buyer.token);
  await page.goto('/');

  // home -> the course list (the main navigation) -> a course's page
  const coursesNav = page.locator('header a[href="/cursos"]').first();
  await tabTo(page, coursesNav);
  await expectVisibleFocus(coursesNav);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cursos$/);
  // a course paid by card (another journey may have made one free, or put a new one first)
  const { plainCourses } = await demoItems(request, 'es');
  const courseLink = page.locator(`main a[href*="/courses/${plainCourses[0]._id}"]`).first();
  await tabTo(page, courseLink);
  await expectVisibleFocus(courseLink);
  const coursePath = new URL((await courseLink.getAttribute('href'))!, page.url()).pathname;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${coursePath}$`));

  // add it to the cart (Space on a button)
  const add = page.getByTestId('add-to-cart');
  await tabTo(page, add);
  await expectVisibleFocus(add);
  const added = addedConfirmation(page);
  await page.keyboard.press('Space');
  await added;

  // the cart in the header, then on to the payment page if the cart is a page of its own
  const cartLink = page.getByTestId('cart-link');
  await tabTo(page, cartLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(carrito|pago-embed)/);
  const terms = page.getByRole('checkbox', { name: 'Acepto los términos y condiciones' });
  const acceptTerms = async () => {
    await expect(terms).toBeVisible();
    if (await terms.isChecked()) return;
    await tabTo(page, terms);
    await expectVisibleFocus(terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
  };
  if (page.url().includes('/carrito')) {
    // the cart: accept the terms (Space), then "Comprar" (Enter)
    await acceptTerms();
    const buy = page.getByRole('button', { name: 'Comprar' });
    await tabTo(page, buy);
    await expectVisibleFocus(buy);
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/pago-embed/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // the payment page: the terms if asked again, then the test card form, typed field by field
  await acceptTerms();
  const form = page.getByTestId('local-card-form');
  await tabTo(page, form.locator('#cardNumber'));
  await page.keyboard.type(CARDS.success);
  await tabTo(page, form.locator('#expiry'), 5);
  await page.keyboard.type('12/34');
  await tabTo(page, form.locator('#cvc'), 5);
  await page.keyboard.type('123');
  const pay = page.getByTestId('pay-button');
  await tabTo(page, pay, 10);
  await expectVisibleFocus(pay);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/pago-exitoso/);
  await expect(
    page.getByText('Gracias por tu compra, ya puedes acceder a tu contenido'),
  ).toBeVisible();
  const bought = await purchasesOf(request, buyer.token);
  const courseId = coursePath.split('/')[2];
  expect(JSON.stringify(bought)).toContain(courseId);
});
