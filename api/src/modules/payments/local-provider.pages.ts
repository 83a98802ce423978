import { formatUsd, fromCents, type Lang } from '@circo/shared-contracts';
import { escapeHtml as escape } from '../mail/index.js';

// The local test provider's own pages, standing in for the pages Stripe hosts (its 3-D Secure
// test page and Stripe Checkout): they belong to the provider, not to the shop's front ends, so
// they are rendered here, in the buyer's language, with no script at all.

const TEXT = {
  es: {
    testMode: 'MODO DE PRUEBA: no se cobra ninguna tarjeta real',
    authTitle: 'Confirma este pago de prueba',
    authBody:
      'Tu banco pide un paso de confirmación (3-D Secure). En modo de prueba puedes completarlo o hacerlo fallar.',
    approve: 'Completar la autenticación',
    fail: 'Hacer fallar la autenticación',
    payTitle: 'Pago con tarjeta',
    total: 'Total',
    card: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvc: 'CVC',
    pay: 'Pagar',
    back: 'Volver a la tienda',
    hint: 'Tarjetas de prueba: 4242 4242 4242 4242 (aprobada), 4000 0000 0000 0002 (rechazada), 4000 0027 6000 3184 (pide confirmación).',
    done: 'Este pago ya no está pendiente.',
  },
  en: {
    testMode: 'TEST MODE: no real card is charged',
    authTitle: 'Confirm this test payment',
    authBody:
      'Your bank asks for a confirmation step (3-D Secure). In test mode you can complete it or make it fail.',
    approve: 'Complete authentication',
    fail: 'Fail authentication',
    payTitle: 'Card payment',
    total: 'Total',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: 'Pay',
    back: 'Back to the shop',
    hint: 'Test cards: 4242 4242 4242 4242 (approved), 4000 0000 0000 0002 (declined), 4000 0027 6000 3184 (asks for confirmation).',
    done: 'This payment is no longer pending.',
  },
  fr: {
    testMode: 'MODE TEST : aucune vraie carte n’est débitée',
    authTitle: 'Confirmez ce paiement de test',
    authBody:
      'Votre banque demande une étape de confirmation (3-D Secure). En mode test, vous pouvez la réussir ou la faire échouer.',
    approve: 'Réussir l’authentification',
    fail: 'Faire échouer l’authentification',
    payTitle: 'Paiement par carte',
    total: 'Total',
    card: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'CVC',
    pay: 'Payer',
    back: 'Retour à la boutique',
    hint: 'Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0000 0000 0002 (refusée), 4000 0027 6000 3184 (demande une confirmation).',
    done: 'Ce paiement n’est plus en attente.',
  },
} satisfies Record<Lang, Record<string, string>>;

export const langOf = (metadata: Record<string, string>): Lang =>
  metadata.lang === 'en' || metadata.lang === 'fr' ? metadata.lang : 'es';

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f4f1;color:#1d1b19;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.test{background:#fff3cd;color:#6b4e00;border-radius:6px;padding:.5rem .75rem;font-weight:600;font-size:.85rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #bbb;border-radius:6px}
button{margin-top:1rem;width:100%;padding:.75rem;font-size:1rem;border:0;border-radius:6px;background:#b3261e;color:#fff;cursor:pointer}
button.secondary{background:#e7e2dc;color:#1d1b19}.error{color:#b3261e;font-weight:600}.hint{font-size:.8rem;color:#555}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><p class="test">${escape(TEXT[lang].testMode)}</p>${body}</main></body></html>`;
}

/** The confirmation step (3-D Secure stand-in) of a PaymentIntent. */
export function authenticatePage(
  lang: Lang,
  intentId: string,
  clientSecret: string,
  amountCents: number,
  pending: boolean,
): string {
  const t = TEXT[lang];
  const action = `/api/stripe/local/authenticate/${intentId}?client_secret=${encodeURIComponent(clientSecret)}`;
  const body = pending
    ? `<h1>${escape(t.authTitle)}</h1><p>${escape(t.authBody)}</p><p><strong>${escape(t.total)}: ${formatUsd(fromCents(amountCents))}</strong></p>
<form method="post" action="${escape(action)}"><input type="hidden" name="action" value="approve"><button type="submit">${escape(t.approve)}</button></form>
<form method="post" action="${escape(action)}"><input type="hidden" name="action" value="fail"><button type="submit" class="secondary">${escape(t.fail)}</button></form>`
    : `<h1>${escape(t.authTitle)}</h1><p>${escape(t.done)}</p>`;
  return page(lang, t.authTitle, body);
}

/** The hosted checkout page of a Checkout Session: a test card form. */
export function checkoutPage(
  lang: Lang,
  sessionId: string,
  clientSecret: string,
  amountCents: number,
  cancelUrl: string,
  error?: string,
): string {
  const t = TEXT[lang];
  const action = `/api/stripe/local/checkout/${sessionId}?client_secret=${encodeURIComponent(clientSecret)}`;
  const body = `<h1>${escape(t.payTitle)}</h1><p><strong>${escape(t.total)}: ${formatUsd(fromCents(amountCents))}</strong></p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${escape(action)}">
<label for="card">${escape(t.card)}</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="exp">${escape(t.expiry)}</label><input id="exp" name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required>
<label for="cvc">${escape(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${escape(t.pay)} ${formatUsd(fromCents(amountCents))}</button></form>
<p class="hint">${escape(t.hint)}</p><p><a href="${escape(cancelUrl)}">${escape(t.back)}</a></p>`;
  return page(lang, t.payTitle, body);
}
