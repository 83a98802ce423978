import { describe, expect, it } from '@jest/globals';
import { TEST_CARDS } from '@circo/shared-contracts';
import {
  cardDigits,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  validateCard,
} from './cardValidation';

const NOW = new Date(2026, 10, 15); // 15 Nov 2026
const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('validateCard', () => {
  it('accepts the three test cards with a future expiry and a CVC', () => {
    for (const number of Object.values(TEST_CARDS)) {
      expect(validateCard({ ...valid, cardNumber: formatCardNumber(number) }, NOW)).toEqual({});
    }
  });

  it('asks for every empty field', () => {
    expect(validateCard({ cardNumber: ' ', expiry: '', cvc: '' }, NOW)).toEqual({
      cardNumber: 'numberRequired',
      expiry: 'expiryRequired',
      cvc: 'cvcRequired',
    });
  });

  it('refuses a number that fails the checksum, is too short or has letters', () => {
    expect(validateCard({ ...valid, cardNumber: '4242 4242 4242 4241' }, NOW).cardNumber).toBe(
      'numberInvalid',
    );
    expect(validateCard({ ...valid, cardNumber: '4242 4242' }, NOW).cardNumber).toBe(
      'numberInvalid',
    );
    expect(validateCard({ ...valid, cardNumber: '4242 abcd 4242 4242' }, NOW).cardNumber).toBe(
      'numberInvalid',
    );
  });

  it('checks the expiry format and month, and that the card has not expired', () => {
    expect(validateCard({ ...valid, expiry: '1230' }, NOW).expiry).toBe('expiryFormat');
    expect(validateCard({ ...valid, expiry: '13/30' }, NOW).expiry).toBe('expiryFormat');
    expect(validateCard({ ...valid, expiry: '00/30' }, NOW).expiry).toBe('expiryFormat');
    expect(validateCard({ ...valid, expiry: '10/26' }, NOW).expiry).toBe('expiryPast');
    expect(validateCard({ ...valid, expiry: '12/25' }, NOW).expiry).toBe('expiryPast');
    // a card is valid until the end of its month
    expect(validateCard({ ...valid, expiry: '11/26' }, NOW).expiry).toBeUndefined();
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(validateCard({ ...valid, cvc: '12' }, NOW).cvc).toBe('cvcInvalid');
    expect(validateCard({ ...valid, cvc: '12a' }, NOW).cvc).toBe('cvcInvalid');
    expect(validateCard({ ...valid, cvc: '1234' }, NOW).cvc).toBeUndefined();
  });
});

describe('card input helpers', () => {
  it('groups the digits by four and drops anything else', () => {
    expect(formatCardNumber('4000002760003184')).toBe('4000 0027 6000 3184');
    expect(formatCardNumber('4242-42x42')).toBe('4242 4242');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('adds the slash of MM/YY as the month is typed and lets backspace remove it', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('12345')).toBe('12/34');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('computes the Luhn checksum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});
