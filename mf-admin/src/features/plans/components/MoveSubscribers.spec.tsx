// A plan whose price changed: the coach sees who pays an older price and moves them to the
// current one, asked first; what the API receives, and what the coach is told after.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEMBERSHIP_ERRORS, type AdminPlan } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { MoveSubscribers } from './MoveSubscribers';

const plan: AdminPlan = {
  _id: 'p1',
  name: { es: 'Todo el circo', en: 'All the circus', fr: 'Tout le cirque' },
  description: { es: '', en: '', fr: '' },
  price: 25,
  interval: 'month',
  includes: 'all',
  active: true,
  subscribers: 3,
  olderPrice: 2,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});
const posted = () => api.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

async function ask(p: AdminPlan) {
  renderAdmin(<MoveSubscribers plan={p} />, { at: '/admin/planes' });
  const user = userEvent.setup();
  const box = screen.getByTestId('plan-move');
  expect(box).toHaveTextContent('2 suscriptores pagan un precio anterior.');
  await user.click(within(box).getByRole('button', { name: /Pasarlos a 25,00\sUS\$/ }));
  const dialog = screen.getByRole('dialog', { name: /¿Pasar a 25,00\sUS\$/ });
  return { user, dialog };
}

describe('moving a plan’s subscribers to its current price', () => {
  it('says how many pay an older price, asks first, then tells the coach they were notified', async () => {
    api.on('POST', '/api/admin/plans/p1/move-subscribers', { body: { moved: 2, noticeDays: 30 } });
    const { user, dialog } = await ask(plan);
    expect(dialog).toHaveTextContent('Enviaremos a los 2 un correo con el nuevo precio');
    expect(posted()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: es.plans.move.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual(['/api/admin/plans/p1/move-subscribers']);
    expect(within(screen.getByTestId('plan-move')).getByRole('status')).toHaveTextContent(
      'Avisamos a 2 suscriptores: pagan el nuevo precio desde su primera renovación en 30 días o más.',
    );
  });

  it('says so when everyone pays the current price already, and keeps the dialog open', async () => {
    api.on('POST', '/api/admin/plans/p1/move-subscribers', {
      status: 409,
      body: { statusCode: 409, code: MEMBERSHIP_ERRORS.nothingToMove, message: 'nothing' },
    });
    const { user, dialog } = await ask(plan);
    await user.click(within(dialog).getByRole('button', { name: es.plans.move.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.plans.move.nothing);
  });

  it('offers nothing when every subscriber pays the plan’s price', () => {
    renderAdmin(<MoveSubscribers plan={{ ...plan, olderPrice: 0 }} />, { at: '/admin/planes' });
    expect(screen.getByTestId('plan-move')).toBeEmptyDOMElement();
  });
});
