// Creating a voucher: the spec's messages on an empty form, the first wrong field focused, what
// the API receives, and the new voucher in the list once the dialog closes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDiscount, DiscountBody } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { VouchersManager } from './VouchersManager';

const loc = (s: string) => ({ es: s, en: s, fr: s });

/** The vouchers on the API: the list, and a create that adds to it. */
function serveVouchers(api: FakeApi) {
  const vouchers: AdminDiscount[] = [];
  const sent: DiscountBody[] = [];
  api
    .on('GET', '/api/discounts', () => ({ body: vouchers }))
    .on('GET', '/api/courses/admin', {
      body: [{ _id: 'c1', title: loc('Acrobacia'), classes: [] }],
    })
    .on('GET', '/api/formations/admin', {
      body: [{ _id: 'f1', title: loc('Trapecio'), modules: [] }],
    })
    .on('POST', '/api/discounts', (req) => {
      const body = req.body as DiscountBody;
      sent.push(body);
      vouchers.push({
        _id: 'd1',
        name: (body.name as { es: string }).es,
        description: '',
        percentage: body.percentage ?? 0,
        amount: body.amount ?? 0,
        startDate: `${body.startDate}T00:00:00.000Z`,
        endDate: body.endDate,
        active: body.active ?? true,
        type: body.type ?? 'course',
        targetItems: body.targetItems.map((x) => ({ ...x, title: 'Acrobacia' })),
      } as AdminDiscount);
      return { status: 201, body: vouchers[0] };
    });
  return sent;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

async function openCreate() {
  renderAdmin(<VouchersManager />, { at: '/admin/bonos' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: es.vouchers.add }));
  return { user, dialog: screen.getByRole('dialog', { name: es.vouchers.add }) };
}

describe('creating a voucher', () => {
  it('says what is missing in the spec’s words and focuses the name, sending nothing', async () => {
    const sent = serveVouchers(api);
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: es.actions.create }));

    const name = within(dialog).getByLabelText(new RegExp(`^${es.fields.name}`));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(es.validation.nameRequired);
    expect(within(dialog).getByText(es.validation.discountRequired)).toBeVisible();
    expect(within(dialog).getByText(es.validation.startDateRequired)).toBeVisible();
    expect(within(dialog).getByText(es.validation.endDateRequired)).toBeVisible();
    expect(within(dialog).getByText(es.validation.targetsRequired)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('refuses a percentage over 100 and an end before the start', async () => {
    const sent = serveVouchers(api);
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText(es.fields.percentage), '120');
    await user.type(within(dialog).getByLabelText(new RegExp(es.fields.validFrom)), '2026-05-10');
    await user.type(within(dialog).getByLabelText(new RegExp(es.fields.validUntil)), '2026-05-01');
    await user.click(within(dialog).getByRole('button', { name: es.actions.create }));
    expect(await within(dialog).findByText(es.validation.percentageOver100)).toBeVisible();
    expect(within(dialog).getByText(es.validation.endBeforeStart)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('sends a valid voucher, closes the dialog and lists it', async () => {
    const sent = serveVouchers(api);
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText(new RegExp(`^${es.fields.name}`)), 'Otoño');
    await user.type(within(dialog).getByLabelText(es.fields.percentage), '15');
    await user.type(within(dialog).getByLabelText(new RegExp(es.fields.validFrom)), '2026-05-01');
    await user.type(within(dialog).getByLabelText(new RegExp(es.fields.validUntil)), '2026-05-31');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Acrobacia/ }));
    await user.click(within(dialog).getByRole('button', { name: es.actions.create }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: { es: 'Otoño' },
      type: 'course',
      percentage: 15,
      amount: 0,
      startDate: '2026-05-01',
      // the end date is inclusive: the voucher runs to the end of that day
      endDate: '2026-05-31T23:59:59.999Z',
      active: true,
      targetItems: [{ _id: 'c1', itemType: 'course' }],
    });
    expect(await screen.findByTestId('voucher-row')).toHaveTextContent('Otoño');
  });
});
