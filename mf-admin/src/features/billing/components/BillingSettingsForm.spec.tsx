// The coach's billing settings: loaded into the form, the rate lines checked before anything is
// sent, what the API receives on save, and its refusal shown in her words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingSettings } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { BillingSettingsForm } from './BillingSettingsForm';

const SAVED: BillingSettings = {
  legalName: 'Lucía Martín García',
  taxId: 'ES12345678Z',
  address: 'Calle del Circo 12',
  country: 'ES',
  invoiceSeries: 'F',
  creditNoteSeries: 'R',
  pricesIncludeTax: true,
  ossRegistered: true,
  viesCheck: false,
  stripeTax: true,
  vatOverrides: { EE: 24 },
  eurRates: { '2026-11': 0.92 },
};
const s = es.billing.settings;
/** A rate table's box: its label holds the lines typed in it too. */
const table = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()%.]/g, '\\$&')}`));

let api: FakeApi;
let sent: unknown[];
beforeEach(() => {
  api = installFakeApi();
  sent = [];
  api
    .on('GET', '/api/admin/billing/settings', { body: SAVED })
    .on('PUT', '/api/admin/billing/settings', (req) => {
      sent.push(req.body);
      return { body: req.body };
    });
});

async function open() {
  renderAdmin(<BillingSettingsForm />, { at: '/admin/facturacion' });
  const user = userEvent.setup();
  await screen.findByDisplayValue('Lucía Martín García');
  return user;
}

describe('the billing settings form', () => {
  it('shows the saved settings, the rate tables one line each', async () => {
    await open();
    expect(screen.getByLabelText(s.taxId)).toHaveValue('ES12345678Z');
    expect(screen.getByLabelText(s.pricesIncludeTax)).toBeChecked();
    expect(screen.getByLabelText(s.viesCheck)).not.toBeChecked();
    expect(screen.getByLabelText(s.stripeTax)).toBeChecked();
    expect(table(s.overrides)).toHaveValue('EE=24');
    expect(table(s.eurRates)).toHaveValue('2026-11=0.92');
  });

  it('names the rate lines that do not read and sends nothing', async () => {
    const user = await open();
    const overrides = table(s.overrides);
    await user.clear(overrides);
    await user.type(overrides, 'EE=24{enter}Estonia 22');
    const rates = table(s.eurRates);
    await user.clear(rates);
    await user.type(rates, '2026-13=0.9');
    await user.click(screen.getByRole('button', { name: s.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      s.badLines.replace('{{lines}}', '2, 1 (EUR)'),
    );
    expect(sent).toEqual([]);
  });

  it('saves the whole settings, codes in capitals and rates as numbers', async () => {
    const user = await open();
    const country = screen.getByLabelText(s.country);
    await user.clear(country);
    await user.type(country, 'pt');
    const series = screen.getByLabelText(s.invoiceSeries);
    await user.clear(series);
    await user.type(series, 'fa');
    await user.click(screen.getByLabelText(s.stripeTax));
    await user.type(table(s.overrides), '{enter}lu=17');
    await user.click(screen.getByRole('button', { name: s.save }));
    expect(await screen.findByText(s.saved)).toBeVisible();
    expect(sent).toEqual([
      {
        ...SAVED,
        country: 'PT',
        invoiceSeries: 'FA',
        stripeTax: false,
        vatOverrides: { EE: 24, LU: 17 },
      },
    ]);
  });

  it("shows the API's refusal", async () => {
    api.on('PUT', '/api/admin/billing/settings', {
      status: 400,
      body: {
        code: 'billing.invalid_settings',
        message: 'Credit notes need a series of their own',
      },
    });
    const user = await open();
    const notes = screen.getByLabelText(s.creditNoteSeries);
    await user.clear(notes);
    await user.type(notes, 'F');
    await user.click(screen.getByRole('button', { name: s.save }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /Credit notes need a series of their own/,
      ),
    );
  });
});
