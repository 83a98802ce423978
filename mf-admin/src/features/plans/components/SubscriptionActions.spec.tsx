// A student's subscription on their page: the coach cancels it or refunds its last period, each
// asked first in the admin's words; what the API receives, and the table after.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBERSHIP_ERRORS, type AdminSubscription } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { SubscribersTable } from './SubscribersTable';

const active: AdminSubscription = {
  _id: 'sub1',
  userId: 's1',
  email: 'ana@example.com',
  name: 'Ana López',
  planId: 'p1',
  planName: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
  status: 'active',
  price: 19,
  interval: 'month',
  since: '2026-10-01T10:00:00.000Z',
  currentPeriodEnd: '2026-12-01T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceUntil: null,
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

/** The student's subscriptions on the API; `answer` is what the coach's actions answer. */
function serve(sub: AdminSubscription, answer?: { status: number; body: unknown }) {
  let current = sub;
  api.on('GET', '/api/admin/subscriptions', (req) => {
    expect(req.url.searchParams.get('userId')).toBe('s1');
    return { body: [current] };
  });
  for (const action of ['cancel', 'refund'] as const) {
    api.on('POST', `/api/admin/subscriptions/sub1/${action}`, () => {
      if (answer) return answer;
      current =
        action === 'cancel'
          ? { ...current, cancelAtPeriodEnd: true }
          : { ...current, status: 'canceled' };
      return { body: current };
    });
  }
}

const posted = () => api.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

async function open(button: string) {
  renderAdmin(<SubscribersTable userId="s1" />, { at: '/admin/alumnos/s1' });
  const user = userEvent.setup();
  const row = await screen.findByTestId('subscriber-row');
  await user.click(within(row).getByRole('button', { name: button }));
  return { user, row };
}

describe('the coach’s actions on a student’s subscription', () => {
  it('cancels at the period’s end once confirmed, and the table says it ends', async () => {
    serve(active);
    const { user } = await open(es.plans.actions.cancel);
    const dialog = screen.getByRole('dialog', { name: es.plans.actions.cancelTitle });
    expect(dialog).toHaveTextContent('Ana López');
    expect(dialog).toHaveTextContent(/mantiene el acceso hasta el 1 dic 2026/);
    expect(posted()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: es.plans.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual(['/api/admin/subscriptions/sub1/cancel']);
    const row = await screen.findByText(es.plans.status.ending);
    // cancelled already: no second cancel, the refund stays
    const tr = row.closest('[data-testid="subscriber-row"]') as HTMLElement;
    expect(within(tr).queryByRole('button', { name: es.plans.actions.cancel })).toBeNull();
    expect(within(tr).getByRole('button', { name: es.plans.actions.refund })).toBeVisible();
  });

  it('refunds the last period once confirmed; backing out sends nothing', async () => {
    serve(active);
    const { user } = await open(es.plans.actions.refund);
    let dialog = screen.getByRole('dialog', { name: es.plans.actions.refundTitle });
    expect(dialog).toHaveTextContent(/Se devuelven a la tarjeta 19,00\sUS\$/);
    await user.click(within(dialog).getByRole('button', { name: es.actions.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted()).toEqual([]);

    const row = screen.getByTestId('subscriber-row');
    await user.click(within(row).getByRole('button', { name: es.plans.actions.refund }));
    dialog = screen.getByRole('dialog', { name: es.plans.actions.refundTitle });
    await user.click(within(dialog).getByRole('button', { name: es.plans.actions.refund }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual(['/api/admin/subscriptions/sub1/refund']);
    // ended: no action is left
    expect(await screen.findByText(es.plans.status.canceled)).toBeVisible();
    expect(within(screen.getByTestId('subscriber-row')).queryByRole('button')).toBeNull();
  });

  it('says why when there is nothing left to refund, and keeps the dialog open', async () => {
    serve(active, {
      status: 409,
      body: { statusCode: 409, code: MEMBERSHIP_ERRORS.nothingToRefund, message: 'nothing' },
    });
    const { user } = await open(es.plans.actions.refund);
    const dialog = screen.getByRole('dialog', { name: es.plans.actions.refundTitle });
    await user.click(within(dialog).getByRole('button', { name: es.plans.actions.refund }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      es.plans.actions.nothingToRefund,
    );
  });

  it('a past-due subscription is cancelled now, and the dialog says so', async () => {
    serve({ ...active, status: 'past_due', graceUntil: '2026-12-08T10:00:00.000Z' });
    await open(es.plans.actions.cancel);
    expect(screen.getByRole('dialog', { name: es.plans.actions.cancelTitle })).toHaveTextContent(
      es.plans.actions.cancelNowText,
    );
  });
});
