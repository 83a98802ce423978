// The students list as the admin uses it: the page the API answers, the search and the page in
// the address, and the failure said in words.
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentSummary, StudentsPage } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { es, renderAdmin } from '../../../../test/renderAdmin';
import { StudentsList } from './StudentsList';

const student = (n: number, over: Partial<StudentSummary> = {}): StudentSummary => ({
  _id: `s${n}`,
  name: `Alumna${n}`,
  surname: 'Pérez',
  email: `alumna${n}@example.com`,
  createdAt: '2026-01-10T10:00:00.000Z',
  activeItems: 1,
  items: 2,
  spent: 45,
  lastActivity: null,
  ...over,
});

/** The API's students: those whose name or e-mail holds q, 20 a page. */
function serveStudents(api: FakeApi, all: StudentSummary[]) {
  api.on('GET', '/api/admin/students', (req) => {
    const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
    const page = Number(req.url.searchParams.get('page') ?? '1');
    const found = all.filter((s) => `${s.name} ${s.email}`.toLowerCase().includes(q));
    const body: StudentsPage = {
      students: found.slice((page - 1) * 20, page * 20),
      page,
      pageSize: 20,
      total: found.length,
    };
    return { body };
  });
}

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

describe('the students list', () => {
  it('shows each student with a link to their page, what they own and what they spent', async () => {
    serveStudents(api, [student(1, { activeItems: 2, items: 3, spent: 120.5 })]);
    renderAdmin(<StudentsList />, { at: '/admin/alumnos' });
    expect(await screen.findByText('1 alumno')).toBeVisible();
    const row = screen.getByRole('row', { name: /Alumna1 Pérez/ });
    expect(within(row).getByRole('link', { name: 'Alumna1 Pérez' })).toHaveAttribute(
      'href',
      '/admin/alumnos/s1',
    );
    expect(row).toHaveTextContent('alumna1@example.com');
    expect(row).toHaveTextContent('2 / 3');
    expect(row).toHaveTextContent(/120,50/);
  });

  it('searches by name or e-mail and keeps the search in the address', async () => {
    serveStudents(api, [student(1), student(2, { name: 'Bruno', email: 'bruno@example.com' })]);
    renderAdmin(<StudentsList />, { at: '/admin/alumnos' });
    expect(await screen.findByText('2 alumnos')).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(es.students.search), 'bruno');
    await user.click(screen.getByRole('button', { name: es.students.searchButton }));
    expect(await screen.findByText('1 alumno')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bruno Pérez' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Alumna1 Pérez' })).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/alumnos?q=bruno');
  });

  it('pages through 20 at a time, the page in the address', async () => {
    serveStudents(
      api,
      Array.from({ length: 25 }, (_, i) => student(i + 1)),
    );
    renderAdmin(<StudentsList />, { at: '/admin/alumnos' });
    expect(await screen.findByText('Página 1 de 2')).toBeVisible();
    expect(screen.getByRole('button', { name: es.students.previous })).toBeDisabled();
    expect(screen.getAllByRole('link')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: es.students.next }));
    expect(await screen.findByText('Página 2 de 2')).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(5));
    expect(screen.getByRole('button', { name: es.students.next })).toBeDisabled();
    expect(screen.getByTestId('address')).toHaveTextContent('/admin/alumnos?page=2');
  });

  it('opens at the search and page the address holds', async () => {
    serveStudents(
      api,
      Array.from({ length: 25 }, (_, i) => student(i + 1)),
    );
    renderAdmin(<StudentsList />, { at: '/admin/alumnos?q=alumna&page=2' });
    expect(await screen.findByText('Página 2 de 2')).toBeVisible();
    expect(screen.getByLabelText(es.students.search)).toHaveValue('alumna');
    const asked = api.requests.find((r) => r.url.pathname === '/api/admin/students');
    expect(asked?.url.searchParams.get('q')).toBe('alumna');
    expect(asked?.url.searchParams.get('page')).toBe('2');
  });

  it('says so when the list cannot be loaded', async () => {
    api.on('GET', '/api/admin/students', {
      status: 500,
      body: { statusCode: 500, code: 'common.internal', message: 'boom' },
    });
    // the query layer logs a server fault once; the admin reads the alert
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderAdmin(<StudentsList />, { at: '/admin/alumnos' });
    expect(await screen.findByRole('alert')).toHaveTextContent(es.errors.loadFailed);
    log.mockRestore();
  });
});
