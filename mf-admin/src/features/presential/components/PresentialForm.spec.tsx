// The in-person training form: every language is required, the languages still missing are
// named above the tabs until they are filled in, and a failed save says the spec's words.
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { PresentialForm } from './PresentialForm';

const startsWith = (text: string) => (label: string) => label.startsWith(text);
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });
const missing = (languages: string) =>
  es.validation.missingLanguages.replace('{{languages}}', languages);

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

async function fillLanguage(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(tab(name));
  await user.type(screen.getByLabelText(startsWith(es.fields.title)), `Taller ${name}`);
  await user.type(screen.getByLabelText(startsWith(es.fields.description)), 'Dos días de aro');
  await user.type(screen.getByLabelText(startsWith(es.fields.location)), 'Madrid');
}

describe('the in-person training form', () => {
  it('names the languages still missing and takes each off once it is complete', async () => {
    renderAdmin(<PresentialForm onDone={() => {}} onCancel={() => {}} />);
    const user = userEvent.setup();
    await fillLanguage(user, es.lang.es);
    await user.click(screen.getByRole('button', { name: es.actions.create }));
    expect(await screen.findByText(missing('Inglés, Francés'))).toBeVisible();
    expect(tab(es.lang.en)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(startsWith(es.fields.title))).toHaveFocus();
    expect(screen.getByText(es.validation.singleDateRequired)).toBeVisible();

    await fillLanguage(user, es.lang.en);
    expect(screen.getByText(missing('Francés'))).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('sends a complete training with a date range and says when the save fails', async () => {
    const sent: unknown[] = [];
    api.on('POST', '/api/presential-formations', (req) => {
      sent.push(req.body);
      return { status: 503, text: 'unavailable' };
    });
    const onDone = jest.fn();
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin(<PresentialForm onDone={onDone} onCancel={() => {}} />);
    const user = userEvent.setup();
    for (const l of [es.lang.es, es.lang.en, es.lang.fr]) await fillLanguage(user, l);
    await user.click(screen.getByLabelText(es.presential.range));
    await user.type(screen.getByLabelText(startsWith(es.fields.start)), '2026-06-01');
    await user.type(screen.getByLabelText(startsWith(es.fields.end)), '2026-06-02');
    await user.click(screen.getByRole('button', { name: es.actions.create }));

    expect(await screen.findByRole('alert')).toHaveTextContent(es.presential.createFailed);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: { es: 'Taller Español', en: 'Taller Inglés', fr: 'Taller Francés' },
      location: { es: 'Madrid', en: 'Madrid', fr: 'Madrid' },
      dateType: 'range',
      dateRange: { start: '2026-06-01', end: '2026-06-02' },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: es.actions.create })).toBeEnabled(),
    );
    expect(onDone).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
