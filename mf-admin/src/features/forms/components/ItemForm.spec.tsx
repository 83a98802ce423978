// The course form in its es/en/fr tabs: Spanish required, the tab of the first wrong field opened
// and that field focused, the server's field errors shown on the field they name.
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminItem, ItemBody } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { ItemForm } from './ItemForm';

const loc = (es: string, en = '', fr = '') => ({ es, en, fr });

const COURSE: AdminItem = {
  _id: 'c1',
  title: loc('Acrobacia'),
  description: loc('Figuras en el suelo'),
  price: 40,
  image: { es: 'https://img.example/acro.jpg', en: null, fr: null },
  image_public_id: { es: 'acro', en: null, fr: null },
  pdf: { es: null, en: null, fr: null },
  pdf_public_id: { es: null, en: null, fr: null },
  video: { es: null, en: null, fr: null },
  visible: { es: true, en: false, fr: false },
  hasBuyers: false,
};

const titleField = () => screen.getByLabelText(startsWith(es.fields.title));
/** A label that begins with the text (a required field's label ends with " *"). */
const startsWith = (text: string) => (label: string) => label.startsWith(text);
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('the course form', () => {
  it('asks for the Spanish title, description and image and a price over zero, and focuses the title', async () => {
    renderAdmin(<ItemForm kind="course" onDone={() => {}} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: es.actions.create }));
    await waitFor(() => expect(titleField()).toHaveFocus());
    expect(titleField()).toHaveAccessibleDescription(es.validation.titleEsRequired);
    expect(screen.getByText(es.validation.descriptionEsRequired)).toBeVisible();
    expect(screen.getByText(es.validation.imageEsRequired)).toBeVisible();
    expect(screen.getByText(es.validation.priceMustBePositive)).toBeVisible();
    expect(tab(es.lang.es)).toHaveAttribute('aria-selected', 'true');
    expect(api.requests).toEqual([]);
  });

  it('leaves English and French optional, and clears a message as the admin types', async () => {
    renderAdmin(<ItemForm kind="course" onDone={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: es.actions.create }));
    expect(await screen.findByText(es.validation.titleEsRequired)).toBeVisible();
    await user.type(titleField(), 'Telas');
    expect(screen.queryByText(es.validation.titleEsRequired)).not.toBeInTheDocument();
    await user.click(tab(es.lang.en));
    expect(titleField()).not.toBeRequired();
    expect(titleField()).toHaveValue('');
  });

  it('saves an edited course and hands back what the server saved', async () => {
    const sent: ItemBody[] = [];
    api.on('PUT', '/api/courses/c1', (req) => {
      sent.push(req.body as ItemBody);
      return { body: { ...COURSE, price: 55 } };
    });
    const onDone = jest.fn();
    renderAdmin(<ItemForm kind="course" item={COURSE} onDone={onDone} onCancel={() => {}} />);
    const user = userEvent.setup();
    const price = screen.getByLabelText(startsWith(es.fields.priceUsd));
    await user.clear(price);
    await user.type(price, '55');
    await user.click(screen.getByRole('button', { name: es.actions.save }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ ...COURSE, price: 55 }));
    expect(sent[0]).toMatchObject({ title: loc('Acrobacia'), price: 55 });
  });

  it('opens the tab of a field the server refused and shows its words there', async () => {
    api.on('PUT', '/api/courses/c1', {
      status: 400,
      body: {
        statusCode: 400,
        code: 'common.validation',
        message: 'Invalid body',
        errors: [{ field: 'title.fr', code: 'too_long', message: 'Le titre est trop long' }],
      },
    });
    const onDone = jest.fn();
    renderAdmin(<ItemForm kind="course" item={COURSE} onDone={onDone} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: es.actions.save }));
    await waitFor(() => expect(tab(es.lang.fr)).toHaveAttribute('aria-selected', 'true'));
    expect(tab(es.lang.fr)).toHaveAccessibleName(new RegExp(es.common.hasErrors));
    expect(titleField()).toHaveAccessibleDescription('Le titre est trop long');
    expect(screen.getByRole('alert', { name: '' })).toHaveTextContent('Le titre est trop long');
    expect(onDone).not.toHaveBeenCalled();
  });
});
