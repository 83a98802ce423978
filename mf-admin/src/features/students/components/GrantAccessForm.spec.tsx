// Giving access by hand from a student's page: the form's checks in the spec's words, what the
// API receives, and the page showing the new access once the dialog closes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AccessGrantView,
  GrantAccessBody,
  StudentDetail,
  StudentItem,
} from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { StudentDetailView } from './StudentDetailView';

const loc = (s: string) => ({ es: s, en: s, fr: s });
/** A course or formation as the admin lists answer it (the form reads its id and title). */
const named = (_id: string, title: string) => ({ _id, title: loc(title) });

const purchase: AccessGrantView = {
  _id: 'g1',
  kind: 'purchase',
  startsAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  paymentId: 'p1',
  reason: null,
  note: null,
  endsGrantId: null,
  ended: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const owned: StudentItem = {
  itemType: 'course',
  itemId: 'c1',
  title: loc('Acrobacia'),
  expiresAt: '2099-01-01T00:00:00.000Z',
  expired: false,
  progress: { done: 2, total: 5, lastActivity: null },
  history: [purchase],
};

/** A student's page on the API: it answers with the items given so far. */
function serveStudent(api: FakeApi) {
  const detail: StudentDetail = {
    student: {
      _id: 's1',
      name: 'Ana',
      surname: 'López',
      email: 'ana@example.com',
      createdAt: '2026-01-01T00:00:00.000Z',
      remindersOptOut: false,
    },
    items: [owned],
    payments: [],
  };
  const grants: GrantAccessBody[] = [];
  api
    .on('GET', '/api/admin/students/s1', () => ({ body: detail }))
    .on('GET', '/api/courses/admin', { body: [named('c1', 'Acrobacia'), named('c2', 'Telas')] })
    .on('GET', '/api/formations/admin', { body: [named('f1', 'Trapecio')] })
    .on('GET', '/api/admin/practice-clips', { body: { clips: [], total: 0 } })
    .on('POST', '/api/admin/students/s1/access', (req) => {
      const body = req.body as GrantAccessBody;
      grants.push(body);
      if (body.until && body.until < '2000') {
        return { status: 400, body: { statusCode: 400, code: 'students.grant_period' } };
      }
      detail.items = [
        ...detail.items,
        {
          ...owned,
          itemType: body.itemType,
          itemId: body.itemId,
          title: loc('Telas'),
          history: [
            {
              ...purchase,
              _id: 'g2',
              kind: 'admin_grant',
              reason: body.reason,
              note: body.note ?? null,
            },
          ],
        },
      ];
      return { status: 201, body: detail };
    });
  return grants;
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

async function openGrant() {
  renderAdmin(<StudentDetailView studentId="s1" />, { at: '/admin/alumnos/s1' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: es.students.grant.open }));
  const dialog = screen.getByRole('dialog', { name: es.students.grant.title });
  return { user, dialog };
}

describe('giving a student access by hand', () => {
  it('gives a course for some months with a reason and a note, confirms it, and the page shows it', async () => {
    const grants = serveStudent(api);
    const { user, dialog } = await openGrant();
    const select = within(dialog).getByLabelText(es.students.grant.item);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Telas' })).toBeVisible(),
    );
    await user.selectOptions(select, 'course:c2');
    await user.clear(within(dialog).getByLabelText(es.students.grant.months));
    await user.type(within(dialog).getByLabelText(es.students.grant.months), '6');
    await user.selectOptions(within(dialog).getByLabelText(es.students.grant.reason), 'gift');
    await user.type(within(dialog).getByLabelText(es.students.grant.note), 'Premio del taller');
    const submit = within(dialog).getByRole('button', { name: es.students.grant.submit });
    // a real button: the form's main action, not a link-like text
    expect(submit).toHaveAttribute('type', 'submit');
    expect(submit).toHaveClass('btn--primary');
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(grants).toEqual([
      { itemType: 'course', itemId: 'c2', reason: 'gift', note: 'Premio del taller', months: 6 },
    ]);
    // the page confirms what was given and until when
    expect(
      await screen.findByText(/^Acceso dado: Telas, hasta el 1 ene 2099\.$/, {
        selector: '[role="status"]',
      }),
    ).toBeVisible();
    const given = await screen.findByRole('heading', { name: /Telas/ });
    const article = given.closest('article') as HTMLElement;
    expect(within(article).getByRole('row', { name: /Dado a mano/ })).toHaveTextContent(
      /Regalo · Premio del taller/,
    );
  });

  it('sends nothing without an item or with more months than allowed', async () => {
    const grants = serveStudent(api);
    const { user, dialog } = await openGrant();
    // the item is required: the browser holds the form back and points at the empty choice
    await user.click(within(dialog).getByRole('button', { name: es.students.grant.submit }));
    expect(within(dialog).getByLabelText(es.students.grant.item)).toBeInvalid();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(es.students.grant.item), 'formation:f1');
    await user.clear(within(dialog).getByLabelText(es.students.grant.months));
    await user.type(within(dialog).getByLabelText(es.students.grant.months), '40');
    await user.click(within(dialog).getByRole('button', { name: es.students.grant.submit }));
    // 36 months at the most: the browser holds the form back at the months field
    expect(within(dialog).getByLabelText(es.students.grant.months)).toBeInvalid();
    expect(grants).toEqual([]);
  });

  it('extends an item the student has until a chosen day, and says when that day is too early', async () => {
    const grants = serveStudent(api);
    renderAdmin(<StudentDetailView studentId="s1" />, { at: '/admin/alumnos/s1' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.students.grant.extend }));
    const dialog = screen.getByRole('dialog', { name: es.students.grant.extendTitle });
    expect(within(dialog).getByLabelText(es.students.grant.item)).toBeDisabled();
    expect(within(dialog).getByLabelText(es.students.grant.item)).toHaveValue('course:c1');

    await user.click(within(dialog).getByLabelText(es.students.grant.untilDate));
    await user.click(within(dialog).getByRole('button', { name: es.students.grant.extend }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(es.students.grant.badUntil);

    await user.type(within(dialog).getByLabelText(es.students.grant.until), '1999-12-31');
    await user.click(within(dialog).getByRole('button', { name: es.students.grant.extend }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      es.students.grant.untilNotLater,
    );
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ itemType: 'course', itemId: 'c1', reason: 'scholarship' });
    // the end of the chosen day in the admin's time zone
    expect(grants[0].until).toBe(new Date('1999-12-31T23:59:59.999').toISOString());
  });
});
