import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { UserProfile } from '@circo/shared-contracts';
import { addTranslations, useLanguageStore, useSessionStore } from '@circo/shared-web';
import { installFakeApi, gate, type FakeApi } from '../../../../shared-web/test/fakeApi';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { LoginPage } from './LoginPage';

addTranslations('shell', { es, en, fr });

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
  act(() => useLanguageStore.getState().setLang('es'));
});

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/mis-cursos" element={<h1>Mis cursos</h1>} />
      </Routes>
    </MemoryRouter>,
  );

describe('LoginPage (shared form parts)', () => {
  it('shows the translated field errors and focuses the first invalid field', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: es.login.submit }));
    const email = screen.getByLabelText(es.fields.email);
    expect(await screen.findByText(es.validation.emailRequired)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(es.validation.emailRequired);
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(es.fields.password)).toHaveAccessibleDescription(
      es.validation.passwordRequired,
    );
    expect(api.requests).toHaveLength(0);
  });

  it('shows the busy label while sending, the failure alert, and then logs in', async () => {
    const answer = gate<{ status: number; body: unknown }>();
    api
      .on('POST', '/api/auth/login', (req) =>
        (req.body as { password: string }).password === 'Secreta123'
          ? { body: { token: 'tok' } }
          : answer.promise,
      )
      .on('GET', '/api/auth/perfil', {
        body: { _id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'user' } as UserProfile,
      });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(es.fields.email), 'ana@example.com');
    await user.type(screen.getByLabelText(es.fields.password), 'Equivocada1');
    await user.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: es.login.submitting });
    expect(busy).toBeDisabled();
    await act(async () =>
      answer.open({ status: 401, body: { statusCode: 401, code: 'auth.invalid_credentials' } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(es.login.failed);

    await user.clear(screen.getByLabelText(es.fields.password));
    await user.type(screen.getByLabelText(es.fields.password), 'Secreta123');
    await user.click(screen.getByRole('button', { name: es.login.submit }));
    expect(await screen.findByRole('heading', { name: 'Mis cursos' })).toBeVisible();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it.each([
    ['/login?next=%2Fcarrito', 'Carrito'],
    // only a path of this site: another origin is not followed
    ['/login?next=%2F%2Fevil.example%2F', 'Mis cursos'],
    ['/login?next=https%3A%2F%2Fevil.example', 'Mis cursos'],
  ])('after logging in at %s, goes to %s', async (address, heading) => {
    api.on('POST', '/api/auth/login', { body: { token: 'tok' } }).on('GET', '/api/auth/perfil', {
      body: { _id: 'u1', name: 'Ana', email: 'ana@example.com', role: 'user' } as UserProfile,
    });
    render(
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/mis-cursos" element={<h1>Mis cursos</h1>} />
          <Route path="/carrito" element={<h1>Carrito</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(es.fields.email), 'ana@example.com');
    await user.type(screen.getByLabelText(es.fields.password), 'Secreta123');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();
  });

  it('asks to wait as long as the API says when sign-ins are too many at once (503 busy)', async () => {
    api.on('POST', '/api/auth/login', {
      status: 503,
      body: { statusCode: 503, code: 'common.busy', data: { retryAfterSeconds: 3 } },
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(es.fields.email), 'ana@example.com');
    await user.type(screen.getByLabelText(es.fields.password), 'Secreta123');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${es.tooMany.busyTitle}. Espera 3 segundos y vuelve a intentarlo.`,
    );
  });

  it('speaks the chosen language', async () => {
    act(() => useLanguageStore.getState().setLang('en'));
    renderLogin();
    expect(screen.getByRole('heading', { name: en.login.title })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByText(en.validation.emailRequired)).toBeVisible();
  });

  it('tells a logged-in student sent from an admin page why, with a way back', () => {
    const user = { _id: 'u1', email: 'ana@test.local', role: 'user' } as unknown as UserProfile;
    useSessionStore.setState({ token: 't', user, status: 'authenticated' });
    render(
      <MemoryRouter
        initialEntries={[{ pathname: '/login', state: { from: '/admin', denied: 'admin' } }]}
      >
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(
      screen.getByText(es.login.noAccess.replace('{{email}}', 'ana@test.local')),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: es.login.back })).toHaveAttribute('href', '/');
  });
});
