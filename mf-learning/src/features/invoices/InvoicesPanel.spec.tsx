import { render, screen, within } from '@testing-library/react';
import type { MyInvoice, UserProfile } from '@circo/shared-contracts';
import {
  QueryProvider,
  addTranslations,
  createQueryClient,
  i18n,
  useLanguageStore,
  useSessionStore,
} from '@circo/shared-web';
import { act } from 'react';
import { installFakeApi, type FakeApi } from '../../../../shared-web/test/fakeApi';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { InvoicesPanel } from './InvoicesPanel';

addTranslations('learning', { es, en, fr });

const invoice: MyInvoice = {
  _id: 'i1',
  number: 'F2026-000012',
  kind: 'invoice',
  issuedAt: '2026-11-20T10:00:00.000Z',
  net: 100,
  tax: 19,
  taxRate: 19,
  total: 119,
  currency: 'USD',
  country: 'DE',
  reverseCharge: false,
  credits: null,
};
const credit: MyInvoice = {
  ...invoice,
  _id: 'i2',
  number: 'R2026-000003',
  kind: 'credit_note',
  issuedAt: '2026-11-21T10:00:00.000Z',
  net: -100,
  tax: -19,
  total: -119,
  credits: 'F2026-000012',
};

let api: FakeApi;
beforeEach(async () => {
  api = installFakeApi();
  await i18n.changeLanguage('es');
  act(() => useLanguageStore.getState().setLang('es'));
  useSessionStore.setState({
    token: 't',
    user: { _id: 'u1', role: 'user' } as UserProfile,
    status: 'authenticated',
  });
});

const renderPanel = () =>
  render(
    <QueryProvider client={createQueryClient()}>
      <InvoicesPanel />
    </QueryProvider>,
  );

describe("My Courses' invoices", () => {
  it('lists each invoice and credit note with its number, total, VAT and a download', async () => {
    api.on('GET', '/api/users/me/invoices', { body: [credit, invoice] });
    renderPanel();
    const rows = await screen.findAllByTestId('invoice');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('R2026-000003 (rectifica F2026-000012)');
    expect(rows[0]).toHaveTextContent('-$119.00 USD');
    expect(rows[1]).toHaveTextContent('F2026-000012');
    expect(rows[1]).toHaveTextContent('19 %: $19.00');
    expect(
      within(rows[1]).getByRole('button', { name: 'Descargar la factura F2026-000012 en PDF' }),
    ).toBeEnabled();
  });

  it('shows nothing to a student without invoices', async () => {
    api.on('GET', '/api/users/me/invoices', { body: [] });
    const { container } = renderPanel();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container).toBeEmptyDOMElement();
    expect(api.count('/api/users/me/invoices')).toBe(1);
  });
});
