// A student's memberships in My Courses: one paid through Stripe offers its cards and invoices
// (Stripe's Customer Portal); one on the local provider does not. Only the network is faked.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MEMBERSHIP_ERRORS, type MySubscription } from '@circo/shared-contracts';
import {
  QueryProvider,
  addTranslations,
  createQueryClient,
  i18n,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import { installFakeApi, type FakeApi } from '../../../../shared-web/test/fakeApi';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { MembershipPanel } from './MembershipPanel';

addTranslations('learning', { es, en, fr });

const sub: MySubscription = {
  _id: 'sub1',
  planId: 'p1',
  planName: { es: 'Cursos cortos', en: 'Short courses', fr: 'Cours courts' },
  status: 'active',
  price: 19,
  interval: 'month',
  currentPeriodEnd: '2026-12-27T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceUntil: null,
  opensItems: true,
  portal: true,
  newPrice: null,
  newPriceFrom: null,
};

let api: FakeApi;
beforeEach(async () => {
  api = installFakeApi();
  useSessionStore.setState({
    token: 'tok',
    status: 'authenticated',
    user: { _id: 'u1', role: 'user' } as never,
  });
  useLanguageStore.getState().setLang('es');
  await i18n.changeLanguage('es');
});
afterEach(() => {
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});

function show(subs: MySubscription[]) {
  api.on('GET', '/api/users/me/subscriptions', { body: subs });
  render(
    <QueryProvider client={createQueryClient()}>
      <MemoryRouter>
        <MembershipPanel />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('a membership’s cards and invoices', () => {
  it('asks Stripe for a portal session in the student’s language, and says so when it fails', async () => {
    api.on('POST', '/api/users/me/subscriptions/portal', {
      status: 409,
      body: { statusCode: 409, code: MEMBERSHIP_ERRORS.portalUnavailable, message: 'no' },
    });
    show([sub]);
    const row = await screen.findByTestId('membership');
    await userEvent.click(within(row).getByRole('button', { name: es.membership.portal }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { lang: 'es' },
      ]),
    );
    expect(await within(row).findByRole('alert')).toHaveTextContent(es.membership.portalFailed);
  });

  it('is not offered for a membership on the local provider', async () => {
    show([{ ...sub, portal: false }]);
    const row = await screen.findByTestId('membership');
    expect(within(row).getByRole('button', { name: es.membership.cancel })).toBeVisible();
    expect(within(row).queryByRole('button', { name: es.membership.portal })).toBeNull();
  });
});

describe('the plan’s newer price, told of with notice', () => {
  it('shows the renewal it applies from and the price, in the student’s language', async () => {
    useLanguageStore.getState().setLang('en');
    await i18n.changeLanguage('en');
    show([{ ...sub, newPrice: 25, newPriceFrom: '2027-01-27T10:00:00.000Z' }]);
    const row = await screen.findByTestId('membership');
    expect(within(row).getByTestId('membership-new-price')).toHaveTextContent(
      'Renews on January 27, 2027 at $25.00 USD a month: the plan’s new price. You can cancel before then.',
    );
  });

  it('is not shown once cancelled, nor without a move', async () => {
    show([
      { ...sub, cancelAtPeriodEnd: true, newPrice: 25, newPriceFrom: '2027-01-27T10:00:00.000Z' },
    ]);
    const row = await screen.findByTestId('membership');
    expect(within(row).queryByTestId('membership-new-price')).toBeNull();
  });
});
