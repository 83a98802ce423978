import { describe, expect, it } from '@jest/globals';
import type { PurchaseResult } from '@circo/shared-contracts';
import {
  localCardStep,
  purchaseCompleted,
  startFailure,
  stripeStep,
  successView,
  successViewForError,
} from './outcome';

const result = (outcome: PurchaseResult['outcome']): PurchaseResult => ({
  success: outcome === 'registered' || outcome === 'already_owned',
  outcome,
  message: '',
  paymentIntentId: 'pi_1',
  items: [],
});

describe('the card provider answer', () => {
  it('local provider: succeeded registers, a decline shows its message, a step redirects', () => {
    expect(localCardStep({ status: 'succeeded', paymentIntentId: 'pi_1' })).toEqual({
      kind: 'confirm',
    });
    expect(
      localCardStep({
        status: 'failed',
        paymentIntentId: 'pi_1',
        error: { code: 'card_declined', message: 'Your card was declined.' },
      }),
    ).toEqual({ kind: 'failed', message: 'Your card was declined.' });
    expect(localCardStep({ status: 'failed', paymentIntentId: 'pi_1' })).toEqual({
      kind: 'failed',
    });
    expect(
      localCardStep({
        status: 'requires_action',
        paymentIntentId: 'pi_1',
        redirectUrl: '/api/stripe/local/3ds/pi_1',
      }),
    ).toEqual({ kind: 'redirect', url: '/api/stripe/local/3ds/pi_1' });
    // a step without a place to go cannot complete
    expect(localCardStep({ status: 'requires_action', paymentIntentId: 'pi_1' })).toEqual({
      kind: 'failed',
    });
  });

  it('Stripe: an error shows its message; only succeeded registers the purchase', () => {
    expect(stripeStep({ error: { message: 'Your card has insufficient funds.' } })).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
    expect(stripeStep({ paymentIntent: { status: 'succeeded' } })).toEqual({ kind: 'confirm' });
    expect(stripeStep({ paymentIntent: { status: 'processing' } })).toEqual({ kind: 'failed' });
    expect(stripeStep({})).toEqual({ kind: 'failed' });
  });
});

describe('the purchase registration', () => {
  it('empties the cart when access is given now or was already there', () => {
    expect(purchaseCompleted(result('registered'))).toBe(true);
    expect(purchaseCompleted(result('already_owned'))).toBe(true);
    expect(purchaseCompleted(result('processing'))).toBe(false);
    expect(purchaseCompleted(result('failed'))).toBe(false);
  });

  it('keeps the cart when the payment was a membership’s (it bought nothing of the cart)', () => {
    expect(purchaseCompleted({ ...result('registered'), membership: true })).toBe(false);
  });

  it('maps each outcome to a state of the success page', () => {
    expect(successView(result('registered'))).toBe('success');
    expect(successView(result('already_owned'))).toBe('alreadyOwned');
    expect(successView(result('processing'))).toBe('pending');
    expect(successView(result('failed'))).toBe('problem');
  });

  it('an unreachable or failing server is a server error; a refusal is a problem', () => {
    expect(successViewForError({ status: 0, code: 'network.unreachable' })).toBe('serverError');
    expect(successViewForError({ status: 502, code: 'http.502' })).toBe('serverError');
    expect(successViewForError(new TypeError('boom'))).toBe('serverError');
    expect(successViewForError({ status: 403, code: 'payments.not_yours' })).toBe('problem');
    expect(successViewForError({ status: 404, code: 'payments.not_found' })).toBe('problem');
  });
});

describe('a payment that could not start', () => {
  it('branches on the API error code', () => {
    expect(startFailure({ status: 409, code: 'payments.already_owned' })).toBe('alreadyOwned');
    expect(startFailure({ status: 503, code: 'payments.sales_paused' })).toBe('salesPaused');
    expect(startFailure({ status: 404, code: 'payments.item_not_found' })).toBe('itemUnavailable');
    expect(startFailure({ status: 401, code: 'auth.unauthorized' })).toBe('loginRequired');
    expect(startFailure({ status: 500, code: 'common.internal_error' })).toBe('startFailed');
    expect(startFailure({ status: 0, code: 'network.unreachable' })).toBe('startFailed');
    expect(startFailure(new Error('x'))).toBe('startFailed');
  });
});
