// The accountant's VAT report: the current quarter first, another period on demand, and the
// CSV and ZIP downloads asking the API for that period in the coach's language.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaxReport } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { TaxReportPanel } from './TaxReportPanel';

const r = es.billing.report;
const REPORT: TaxReport = {
  from: '2026-10-01',
  to: '2026-12-31',
  currency: 'EUR',
  rows: [
    {
      country: 'DE',
      rate: 19,
      reverseCharge: false,
      invoices: 3,
      creditNotes: 1,
      net: 100,
      tax: 19,
      netUsd: 110,
      taxUsd: 20.9,
    },
  ],
  total: { net: 100, tax: 19, invoices: 3, creditNotes: 1 },
  missingRates: ['2026-10'],
};

function quarter(now = new Date()): [string, string] {
  const q = Math.floor(now.getUTCMonth() / 3);
  const from = new Date(Date.UTC(now.getUTCFullYear(), q * 3, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), q * 3 + 3, 0));
  return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api
    .on('GET', '/api/admin/tax/report', { body: REPORT })
    .on('GET', '/api/admin/invoices', { text: 'número;tipo' });
  // jsdom has no object URLs: the browser's, as saveBlob uses them
  URL.createObjectURL = () => 'blob:report';
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click() {};
});

const asked = (path: string) =>
  api.requests.filter((q) => q.url.pathname === path).map((q) => q.url.searchParams);

describe('the VAT report', () => {
  it("shows the current quarter's countries and rates, and the months without a EUR rate", async () => {
    renderAdmin(<TaxReportPanel />, { at: '/admin/facturacion' });
    const row = await screen.findByTestId('tax-row');
    expect(row).toHaveTextContent('DE');
    expect(row).toHaveTextContent('19 %');
    expect(screen.getByTestId('tax-total')).toHaveTextContent(r.total);
    expect(screen.getByText(/2026-10/)).toHaveClass('adm-error');
    const [from, to] = quarter();
    expect(asked('/api/admin/tax/report')[0].get('from')).toBe(from);
    expect(asked('/api/admin/tax/report')[0].get('to')).toBe(to);
  });

  it('asks for the period she picks, and downloads its CSV and ZIP', async () => {
    renderAdmin(<TaxReportPanel />, { at: '/admin/facturacion' });
    const user = userEvent.setup();
    await screen.findByTestId('tax-row');
    const from = screen.getByLabelText(r.from);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = screen.getByLabelText(r.to);
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: r.show }));
    await waitFor(() =>
      expect(asked('/api/admin/tax/report').some((p) => p.get('from') === '2026-01-01')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: r.csv }));
    await user.click(screen.getByRole('button', { name: r.invoicesCsv }));
    await user.click(screen.getByRole('button', { name: r.invoicesZip }));
    await waitFor(() => expect(asked('/api/admin/invoices')).toHaveLength(2));
    const csv = asked('/api/admin/tax/report').find((p) => p.get('format') === 'csv')!;
    expect(Object.fromEntries(csv)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      lang: 'es',
      format: 'csv',
    });
    const [list, zip] = asked('/api/admin/invoices');
    expect(Object.fromEntries(list)).toEqual({ from: '2026-01-01', to: '2026-03-31', lang: 'es' });
    expect(zip.get('format')).toBe('zip');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says why a download failed, in the API's words", async () => {
    api.on('GET', '/api/admin/invoices', {
      status: 400,
      body: {
        code: 'invoices.bad_period',
        message: 'More than 2000 invoices: ask for a shorter period',
      },
    });
    renderAdmin(<TaxReportPanel />, { at: '/admin/facturacion' });
    const user = userEvent.setup();
    await screen.findByTestId('tax-row');
    await user.click(screen.getByRole('button', { name: r.invoicesZip }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/ask for a shorter period/);
  });
});
