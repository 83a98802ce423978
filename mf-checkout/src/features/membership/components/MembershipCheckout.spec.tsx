// The membership subscribe screen (/pago-embed?plan=<id>) in jsdom with the real stores, API client
// and query layer: the billing form as checkout has it, prefilled, and the VAT inside the price.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import {
  BILLING_ERRORS,
  type PublicPlan,
  type SubscribeResponse,
  type UserProfile,
} from '@circo/shared-contracts';
import {
  QueryProvider,
  createQueryClient,
  useAppConfig,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import App from '../../../exposes/App';
import es from '../../../locales/es.json';

const plan: PublicPlan = {
  _id: 'p1',
  name: 'Todo el circo',
  description: '',
  price: 19,
  interval: 'month',
  includesAll: true,
  items: [],
};
const started: SubscribeResponse = {
  subscriptionId: 's1',
  paymentIntentId: 'pi_local_1',
  clientSecret: 'pi_local_1_secret_x',
  provider: 'local',
  amount: 19,
  tax: {
    rate: 21,
    amount: 3.3,
    net: 15.7,
    country: 'ES',
    countrySource: 'profile',
    scheme: 'domestic',
    reverseCharge: false,
    included: true,
  },
};
const SUBSCRIBE = '/api/subscriptions';
type Body = { planId: string; billing?: { name: string; country: string; taxId?: string } };

let api: FakeApi;
let client: QueryClient;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET', '/api/content', {
    body: { termsUrl: '/api/content/terms?lang=es', contact: { email: 'hola@circo.example' } },
  });
  api.on('GET', '/api/plans', { body: [plan] });
  api.on('GET', '/api/users/me/billing', {
    body: { name: 'Ana Ruiz', country: 'ES', taxId: null },
  });
  api.on('POST', SUBSCRIBE, (req) => {
    const { billing } = req.body as Body;
    if (billing?.taxId === 'FR1') {
      return {
        status: 400,
        body: { statusCode: 400, code: BILLING_ERRORS.invalidVatNumber, message: 'bad' },
      };
    }
    if (billing?.country === 'US') {
      const tax = { ...started.tax, rate: 0, amount: 0, net: 19, country: 'US' };
      return { status: 201, body: { ...started, tax: { ...tax, scheme: 'outside_eu' } } };
    }
    return { status: 201, body: started };
  });
  client = createQueryClient();
  act(() => useLanguageStore.getState().setLang('es'));
  useSessionStore.setState({
    token: 't',
    user: { _id: 'u1', role: 'user' } as UserProfile,
    status: 'authenticated',
  });
  useAppConfig.setState({ salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null });
});
afterEach(() => client.clear());

function renderPlan() {
  render(
    <QueryProvider client={client}>
      <MemoryRouter initialEntries={['/pago-embed?plan=p1']}>
        <Routes>
          <Route path="/pago-embed" element={<App page="checkout" />} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
  return userEvent.setup();
}
const starts = () =>
  api.requests
    .filter((r) => r.method === 'POST' && r.url.pathname === SUBSCRIBE)
    .map((r) => r.body as Body);

describe('/pago-embed?plan=: who is billed for the membership', () => {
  it('prefills the student’s last details, shows the VAT inside the price, and bills another country when applied', async () => {
    const user = renderPlan();
    expect(await screen.findByTestId('tax-line')).toHaveTextContent('Incluye IVA 21 % (España)');
    expect(screen.getByLabelText(es.billing.name)).toHaveValue('Ana Ruiz');
    await waitFor(() => expect(screen.getByLabelText(es.billing.country)).toHaveValue('ES'));
    expect(starts()[0]).toEqual({ planId: 'p1', lang: 'es' });

    await user.selectOptions(screen.getByLabelText(es.billing.country), 'US');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    await waitFor(() =>
      expect(screen.getByTestId('tax-line')).toHaveTextContent(
        'Sin IVA: fuera de la Unión Europea (Estados Unidos)',
      ),
    );
    expect(starts().at(-1)).toEqual({
      planId: 'p1',
      lang: 'es',
      billing: { name: 'Ana Ruiz', country: 'US' },
    });
  });

  it('says why a VAT number is refused, in the form, not as a payment that failed to start', async () => {
    const user = renderPlan();
    await screen.findByTestId('tax-line');
    await user.selectOptions(screen.getByLabelText(es.billing.country), 'FR');
    await user.type(screen.getByLabelText(es.billing.taxId), 'FR1');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    expect(await screen.findByText(es.billing.invalidVatNumber)).toBeVisible();
    expect(screen.queryByTestId('tax-line')).toBeNull();
    expect(screen.queryByText(es.payment.startFailed)).toBeNull();
  });

  it('asks for a name before applying, and sends nothing new', async () => {
    const user = renderPlan();
    await screen.findByTestId('tax-line');
    await user.clear(screen.getByLabelText(es.billing.name));
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    expect(screen.getByLabelText(es.billing.name)).toHaveAccessibleDescription(
      es.billing.nameRequired,
    );
    expect(starts().filter((b) => 'billing' in b)).toEqual([]);
  });
});
