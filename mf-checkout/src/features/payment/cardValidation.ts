// Checks of the local test provider's card form, run before anything is sent. They return
// message keys of the `checkout` namespace (payment.card.errors.*), never texts.

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardFields, string>>;

/** The digits of a card number typed with spaces or dashes. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** "4242424242424242" -> "4242 4242 4242 4242" (groups of four, at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1", "12", "123" -> "1", "12/", "12/3": the slash appears once the month is typed. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // deleting the slash deletes the month's last digit, so backspace is not stuck at "12/"
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** MM/YY of a card that has not expired at `now` (a card is valid to the end of its month). */
function expiryError(value: string, now: Date): string | undefined {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return 'expiryFormat';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'expiryFormat';
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'expiryPast';
  return undefined;
}

/** Every problem of the form, by field; an empty object means it can be sent. */
export function validateCard(fields: CardFields, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(fields.cardNumber);
  if (!digits) errors.cardNumber = 'numberRequired';
  else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = 'numberInvalid';

  if (!fields.expiry.trim()) errors.expiry = 'expiryRequired';
  else {
    const e = expiryError(fields.expiry, now);
    if (e) errors.expiry = e;
  }

  const cvc = fields.cvc.trim();
  if (!cvc) errors.cvc = 'cvcRequired';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'cvcInvalid';
  return errors;
}
