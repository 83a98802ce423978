// The checkout pages in jsdom with the real stores, API client and query layer; only the network
// is a stand-in (FakeApi answers /api/... as the server would).
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import {
  BILLING_ERRORS,
  PAYMENT_ERRORS,
  type CartItem,
  type PaymentIntentResponse,
  type PurchaseResult,
  type UserProfile,
} from '@circo/shared-contracts';
import {
  QueryProvider,
  createQueryClient,
  useAppConfig,
  useCartStore,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import { installFakeApi, type FakeApi } from '../../../shared-web/test/fakeApi';
import App from '../exposes/App';
import es from '../locales/es.json';

const course: CartItem = {
  _id: 'c1',
  type: 'course',
  title: { es: 'Telas aéreas', en: 'Aerial silks', fr: 'Tissu aérien' },
  image: { es: '', en: '', fr: '' },
  price: 50,
  discount: { name: 'Bono de bienvenida', percentage: 20 },
};

const intent: PaymentIntentResponse = {
  clientSecret: 'pi_local_1_secret',
  paymentIntentId: 'pi_local_1',
  provider: 'local',
  amount: 40,
  currency: 'usd',
  tax: {
    rate: 21,
    amount: 6.94,
    net: 33.06,
    country: 'ES',
    countrySource: 'seller',
    scheme: 'domestic',
    reverseCharge: false,
    included: true,
  },
  items: [
    {
      id: 'c1',
      type: 'course',
      title: course.title,
      listPrice: 50,
      price: 40,
      discount: { name: 'Bono de bienvenida', percentage: 20, amount: 0 },
      accessEndsAt: '2027-11-23T10:00:00.000Z',
    },
  ],
  alreadyOwned: [],
};

const registered: PurchaseResult = {
  success: true,
  outcome: 'registered',
  message: 'Purchase successfully registered',
  paymentIntentId: 'pi_local_1',
  items: [
    { id: 'c1', type: 'course', title: course.title, accessEndsAt: '2027-11-23T10:00:00.000Z' },
  ],
};

const CONFIRM = '/api/stripe/confirmar-compra-payment-intent';

/** Where the router is, for the assertions. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

let api: FakeApi;
let client: QueryClient;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET', '/api/content', {
    body: { termsUrl: '/api/content/terms?lang=es', contact: { email: 'hola@circo.example' } },
  });
  client = createQueryClient();
  act(() => useLanguageStore.getState().setLang('es'));
  useSessionStore.setState({
    token: 't',
    user: { _id: 'u1', role: 'user' } as UserProfile,
    status: 'authenticated',
  });
  api.on('GET', '/api/users/me/billing', { body: { name: 'Ana', country: null, taxId: null } });
  useCartStore.setState({ items: [course] });
  useAppConfig.setState({ salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null });
});
afterEach(() => client.clear());

function renderAt(path: string) {
  const page = (id: string) => (
    <>
      <App page={id} />
      <Where />
    </>
  );
  return render(
    <StrictMode>
      <QueryProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/carrito" element={page('cart')} />
            <Route path="/pago-embed" element={page('checkout')} />
            <Route path="/pago-exitoso" element={page('paymentSuccess')} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </StrictMode>,
  );
}

describe('/pago-exitoso', () => {
  it('registers the purchase once (even when the page mounts again), thanks the buyer and empties the cart', async () => {
    api.on('POST', CONFIRM, { body: registered });
    // mounted, taken down and mounted again (as React's StrictMode does in development, or any
    // remount): the confirmation is asked once
    const first = renderAt('/pago-exitoso?payment_intent=pi_local_1');
    expect(screen.getByRole('heading', { name: es.success.processing })).toBeVisible();
    expect(await screen.findByText(es.success.thanks)).toBeVisible();
    first.unmount();
    renderAt('/pago-exitoso?payment_intent=pi_local_1');
    // the page mounted again shows the registered purchase at once
    expect(await screen.findByText(es.success.thanks)).toBeVisible();
    expect(screen.getByTestId('purchased-items')).toHaveTextContent('Telas aéreas');
    expect(screen.getByTestId('purchased-items')).toHaveTextContent('23 de noviembre de 2027');
    expect(screen.getByRole('link', { name: es.success.myCourses })).toHaveAttribute(
      'href',
      '/mis-cursos',
    );
    expect(api.count(CONFIRM)).toBe(1);
    expect(api.requests.find((r) => r.url.pathname === CONFIRM)?.body).toEqual({
      paymentIntentId: 'pi_local_1',
    });
    // the cart empties once the page is on view (an effect)
    await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
  });

  it('a payment whose items were all owned by then says so, without thanks', async () => {
    api.on('POST', CONFIRM, { body: { ...registered, outcome: 'already_owned', items: [] } });
    renderAt('/pago-exitoso?payment_intent=pi_local_1');
    expect(await screen.findByRole('heading', { name: es.success.alreadyOwned })).toBeVisible();
    expect(screen.queryByText(es.success.thanks)).toBeNull();
    // the cart empties once the page is on view (an effect)
    await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
  });

  it('reads a hosted checkout session too', async () => {
    api.on('GET', '/api/stripe/confirmar-compra', { body: registered });
    renderAt('/pago-exitoso?session_id=cs_local_1');
    expect(await screen.findByText(es.success.thanks)).toBeVisible();
    expect(api.requests.at(-1)?.url.searchParams.get('session_id')).toBe('cs_local_1');
  });

  it('without a payment in the address, says so and asks nothing', () => {
    renderAt('/pago-exitoso');
    expect(screen.getByRole('heading', { name: es.success.noAttempt })).toBeVisible();
    expect(api.count(CONFIRM)).toBe(0);
  });

  it('a server that fails is a connection error; checking again can succeed', async () => {
    let answer: { status: number; body: unknown } = { status: 502, body: {} };
    api.on('POST', CONFIRM, () => answer);
    renderAt('/pago-exitoso?payment_intent=pi_local_1');
    expect(await screen.findByRole('heading', { name: es.success.serverError })).toBeVisible();
    expect(useCartStore.getState().items).toHaveLength(1);
    answer = { status: 200, body: registered };
    await userEvent.click(screen.getByRole('button', { name: es.success.checkAgain }));
    expect(await screen.findByText(es.success.thanks)).toBeVisible();
  });

  it("someone else's payment is a problem, and the cart stays", async () => {
    api.on('POST', CONFIRM, {
      status: 403,
      body: { statusCode: 403, code: PAYMENT_ERRORS.notYours, message: 'Not yours' },
    });
    renderAt('/pago-exitoso?payment_intent=pi_other');
    expect(await screen.findByRole('heading', { name: es.success.problem })).toBeVisible();
    expect(await screen.findByText(/escríbenos a hola@circo.example/)).toBeVisible();
    expect(useCartStore.getState().items).toHaveLength(1);
  });
});

describe('/pago-embed when vouchers make the cart free', () => {
  it('shows no card form: one button registers the purchase and opens the success page', async () => {
    const freeIntent: PaymentIntentResponse = {
      ...intent,
      clientSecret: '',
      paymentIntentId: 'pi_free_1',
      amount: 0,
      free: true,
      items: [
        { ...intent.items[0], price: 0, discount: { name: 'Beca', percentage: 100, amount: 0 } },
      ],
    };
    api.on('POST', '/api/stripe/crear-payment-intent', { body: freeIntent });
    api.on('POST', CONFIRM, { body: { ...registered, paymentIntentId: 'pi_free_1' } });
    renderAt('/pago-embed');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox'));
    const form = await screen.findByTestId('free-purchase-form');
    expect(screen.getByRole('heading', { name: es.payment.free.title })).toBeVisible();
    expect(form).toHaveTextContent(es.payment.free.text);
    expect(screen.queryByTestId('local-card-form')).toBeNull();
    expect(screen.queryByText(es.payment.secure)).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0.00 USD');

    await user.click(within(form).getByRole('button', { name: es.payment.free.confirm }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/pago-exitoso?payment_intent=pi_free_1',
      ),
    );
    expect(api.requests.find((r) => r.url.pathname === CONFIRM)?.body).toEqual({
      paymentIntentId: 'pi_free_1',
    });
    expect(api.count('/api/stripe/local/confirm')).toBe(0);
    await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
  });
});

describe('/pago-embed: billing details and the VAT', () => {
  const INTENT = '/api/stripe/crear-payment-intent';

  it("shows the VAT of the buyer's country; applying other details prices the payment again", async () => {
    api.on('POST', INTENT, (req) => {
      const billing = (req.body as { billing?: { country: string; taxId?: string } }).billing;
      if (billing?.taxId === 'DE12') {
        return {
          status: 400,
          body: { statusCode: 400, code: BILLING_ERRORS.invalidVatNumber, message: 'bad' },
        };
      }
      if (!billing) return { body: intent };
      return {
        body: {
          ...intent,
          tax: billing.taxId
            ? {
                ...intent.tax,
                rate: 0,
                amount: 0,
                net: 40,
                country: 'DE',
                scheme: 'reverse_charge',
                reverseCharge: true,
              }
            : { ...intent.tax, rate: 19, amount: 6.39, net: 33.61, country: 'DE', scheme: 'oss' },
        },
      };
    });
    renderAt('/pago-embed');
    const user = userEvent.setup();
    expect(await screen.findByTestId('tax-line')).toHaveTextContent('Incluye IVA 21 % (España)');
    // prefilled with her last details (her account's name when she has none)
    const name = screen.getByLabelText(es.billing.name);
    expect(name).toHaveValue('Ana');

    await user.selectOptions(screen.getByLabelText(es.billing.country), 'DE');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    await waitFor(() =>
      expect(screen.getByTestId('tax-line')).toHaveTextContent('Incluye IVA 19 % (Alemania)'),
    );
    expect(api.requests.filter((r) => r.url.pathname === INTENT).at(-1)?.body).toMatchObject({
      billing: { name: 'Ana', country: 'DE' },
    });

    await user.type(screen.getByLabelText(es.billing.taxId), 'DE12');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    expect(await screen.findByText(es.billing.invalidVatNumber)).toBeVisible();

    await user.clear(screen.getByLabelText(es.billing.taxId));
    await user.type(screen.getByLabelText(es.billing.taxId), 'DE123456789');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    await waitFor(() =>
      expect(screen.getByTestId('tax-line')).toHaveTextContent(
        'IVA 0 %: inversión del sujeto pasivo (empresa de Alemania)',
      ),
    );
  });

  it('asks for a name and a country before applying them', async () => {
    api.on('GET', '/api/users/me/billing', { body: { name: '', country: null, taxId: null } });
    api.on('POST', INTENT, { body: intent });
    renderAt('/pago-embed');
    const user = userEvent.setup();
    await screen.findByTestId('tax-line');
    await user.click(screen.getByRole('button', { name: es.billing.apply }));
    expect(screen.getByLabelText(es.billing.name)).toHaveAccessibleDescription(
      es.billing.nameRequired,
    );
    // nothing was sent with the details missing
    expect(
      api.requests.filter((r) => r.url.pathname === INTENT && 'billing' in (r.body as object)),
    ).toEqual([]);
  });
});

describe('/pago-embed with the local test provider', () => {
  const PAY = '/api/stripe/local/confirm';

  it('shows the card form only once the terms are accepted; checks the card before sending', async () => {
    api.on('POST', '/api/stripe/crear-payment-intent', { body: intent });
    renderAt('/pago-embed');
    const user = userEvent.setup();
    // the server's quote: the access end date of the item
    expect(await screen.findByText(/Acceso hasta el 23 de noviembre de 2027/)).toBeVisible();
    expect(screen.getByTestId('line-discount')).toHaveTextContent('20% OFF');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00 USD');
    expect(screen.getByTestId('terms-warning')).toHaveTextContent(es.terms.warning);
    expect(screen.queryByTestId('local-card-form')).toBeNull();
    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute(
      'href',
      '/api/content/terms?lang=es',
    );

    await user.click(screen.getByRole('checkbox'));
    const form = await screen.findByTestId('local-card-form');
    expect(form).toHaveTextContent(es.payment.card.testMode);
    expect(screen.queryByTestId('terms-warning')).toBeNull();

    await user.click(within(form).getByRole('button', { name: /Pagar/ }));
    const number = screen.getByLabelText(es.payment.card.number);
    expect(number).toHaveAccessibleDescription(es.payment.card.errors.numberRequired);
    expect(screen.getByLabelText(es.payment.card.expiry)).toHaveAccessibleDescription(
      es.payment.card.errors.expiryRequired,
    );
    await act(() => new Promise(requestAnimationFrame));
    expect(number).toHaveFocus();
    expect(api.count(PAY)).toBe(0);
  });

  it("a decline shows the provider's message; a good card registers, empties the cart and opens the success page", async () => {
    api.on('POST', '/api/stripe/crear-payment-intent', { body: intent });
    api.on('POST', PAY, (req) =>
      (req.body as { cardNumber: string }).cardNumber === '4000000000000002'
        ? {
            body: {
              status: 'failed',
              paymentIntentId: 'pi_local_1',
              error: { code: 'card_declined', message: 'Tu tarjeta ha sido rechazada.' },
            },
          }
        : { body: { status: 'succeeded', paymentIntentId: 'pi_local_1' } },
    );
    api.on('POST', CONFIRM, { body: registered });
    renderAt('/pago-embed');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox'));
    const form = await screen.findByTestId('local-card-form');
    const pay = async (card: string) => {
      await user.clear(screen.getByLabelText(es.payment.card.number));
      await user.type(screen.getByLabelText(es.payment.card.number), card);
      await user.clear(screen.getByLabelText(es.payment.card.expiry));
      await user.type(screen.getByLabelText(es.payment.card.expiry), '1234');
      await user.clear(screen.getByLabelText(es.payment.card.cvc));
      await user.type(screen.getByLabelText(es.payment.card.cvc), '123');
      await user.click(within(form).getByRole('button', { name: /Pagar/ }));
    };

    await pay('4000000000000002');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Tu tarjeta ha sido rechazada.',
    );
    expect(api.requests.find((r) => r.url.pathname === PAY)?.body).toEqual({
      paymentIntentId: 'pi_local_1',
      cardNumber: '4000000000000002',
      expiry: '12/34',
      cvc: '123',
    });
    expect(api.count(CONFIRM)).toBe(0);

    await pay('4242424242424242');
    expect(await screen.findByText(es.success.thanks)).toBeVisible();
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/pago-exitoso?payment_intent=pi_local_1',
    );
    // the cart empties once the page is on view (an effect)
    await waitFor(() => expect(useCartStore.getState().items).toEqual([]));
    // the success page used the payment form's registration: one confirm call in all
    expect(api.count(CONFIRM)).toBe(1);
  });

  it('items already owned: the notice, and a button that takes them out of the cart', async () => {
    api.on('POST', '/api/stripe/crear-payment-intent', {
      status: 409,
      body: { statusCode: 409, code: PAYMENT_ERRORS.alreadyOwned, message: 'owned' },
    });
    renderAt('/pago-embed');
    const notice = await screen.findByTestId('already-owned');
    expect(notice).toHaveTextContent(es.payment.alreadyOwned);
    await userEvent.click(within(notice).getByRole('button', { name: es.payment.removeOwned }));
    expect(await screen.findByRole('heading', { name: es.empty.title })).toBeVisible();
  });

  it('a payment that cannot start is announced, and can be tried again', async () => {
    let status = 500;
    api.on('POST', '/api/stripe/crear-payment-intent', () =>
      status === 500 ? { status, body: {} } : { body: intent },
    );
    renderAt('/pago-embed');
    const alert = await screen.findByTestId('start-failed');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(es.payment.startFailed);
    status = 200;
    await userEvent.click(within(alert).getByRole('button', { name: es.payment.retry }));
    expect(await screen.findByText(/Acceso hasta el/)).toBeVisible();
  });

  it('sales paused by the server since the page loaded: off to /mantenimiento', async () => {
    api.on('POST', '/api/stripe/crear-payment-intent', {
      status: 503,
      body: { statusCode: 503, code: PAYMENT_ERRORS.salesPaused, message: 'paused' },
    });
    renderAt('/pago-embed');
    expect(await screen.findByText('/mantenimiento')).toBeVisible();
    expect(useAppConfig.getState().salesPaused).toBe(true);
  });
});

describe('/carrito', () => {
  it('a visitor is asked to log in', () => {
    useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
    renderAt('/carrito');
    expect(screen.getByRole('heading', { name: es.login.title })).toBeVisible();
    expect(screen.getByText(es.login.text)).toBeVisible();
  });

  it('the buy button waits for the terms, then goes to /pago-embed with them accepted', async () => {
    api.on('POST', '/api/stripe/crear-payment-intent', { body: intent });
    renderAt('/carrito');
    const buy = screen.getByRole('button', { name: es.cart.buy });
    expect(buy).toBeDisabled();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00 USD');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(buy);
    expect(await screen.findByTestId('local-card-form')).toBeVisible();
    expect(screen.getByRole('checkbox')).toBeChecked();
  });
});
