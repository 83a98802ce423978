// The local provider's test cards: what a typed card's number, expiry and CVC make of a payment,
// in the words of Stripe's `confirmPayment` (the cards themselves: TEST_CARDS, shared-contracts).
import type { Lang } from '@circo/shared-contracts';

/** A card as typed in the test form. */
export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** What paying with a test card did, in the words of Stripe's `confirmPayment`. */
export interface CardResult {
  status: 'succeeded' | 'requires_action' | 'failed';
  redirectUrl?: string;
  error?: { code: string; message: string };
}

/** A payment by card: its answer, and the card's country when it paid (the buyer's evidence). */
export interface CardPayment extends CardResult {
  cardCountry?: string;
}

// The decline texts of the card provider, in the buyer's language (Stripe.js shows its own
// translations the same way).
export const DECLINES: Record<string, Record<Lang, string>> = {
  card_declined: {
    es: 'Tu tarjeta ha sido rechazada.',
    en: 'Your card was declined.',
    fr: 'Votre carte a été refusée.',
  },
  test_mode_live_card: {
    es: 'Tu tarjeta ha sido rechazada. Estás en modo de prueba: usa una tarjeta de prueba.',
    en: 'Your card was declined. Your request was in test mode, but used a non test card.',
    fr: 'Votre carte a été refusée. Vous êtes en mode test : utilisez une carte de test.',
  },
  authentication_failed: {
    es: 'No pudimos autenticar tu método de pago. Elige otro método de pago e inténtalo de nuevo.',
    en: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    fr: "Nous n'avons pas pu authentifier votre moyen de paiement. Choisissez-en un autre et réessayez.",
  },
  incorrect_number: {
    es: 'El número de tu tarjeta no es correcto.',
    en: 'Your card number is incorrect.',
    fr: "Le numéro de votre carte n'est pas correct.",
  },
  invalid_expiry: {
    es: 'La fecha de caducidad de tu tarjeta no es válida o ya pasó.',
    en: "Your card's expiration date is invalid or in the past.",
    fr: "La date d'expiration de votre carte n'est pas valide ou est passée.",
  },
  invalid_cvc: {
    es: 'El código de seguridad de tu tarjeta no es válido.',
    en: "Your card's security code is invalid.",
    fr: "Le code de sécurité de votre carte n'est pas valide.",
  },
};

export const langOf = (metadata: Record<string, string>): Lang =>
  metadata.lang === 'en' || metadata.lang === 'fr' ? metadata.lang : 'es';

export const decline = (code: keyof typeof DECLINES, lang: Lang) => ({
  code,
  message: DECLINES[code][lang],
});

/** Luhn check of a card number's digits. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The first problem of a typed card (number, expiry, cvc), or null. */
export function cardProblem(card: TestCard, now: Date): keyof typeof DECLINES | null {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'incorrect_number';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  if (!m) return 'invalid_expiry';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  // valid through the last day of its month
  if (month < 1 || month > 12 || Date.UTC(year, month, 1) <= now.getTime()) return 'invalid_expiry';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'invalid_cvc';
  return null;
}

/** How a paid card behaves when charged again without the buyer (local-payment.provider). */
export type SavedCard = 'pays' | 'declines' | 'asks';
