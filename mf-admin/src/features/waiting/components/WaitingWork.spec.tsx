// The top of /admin: the clips waiting for the coach, counted in words by number, one tap from
// the queue.
import { act, screen } from '@testing-library/react';
import { useLanguageStore } from '@circo/shared-web';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import { renderAdmin } from '../../../../test/renderAdmin';
import { DashboardPage } from '../../../pages/DashboardPage';
import { WaitingWork } from './WaitingWork';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});

const waiting = (clips: number) =>
  api.on('GET', '/api/admin/practice/clips/waiting', { body: { clips, total: clips } });

describe('the waiting work on the admin home', () => {
  it('counts the clips to answer and links to the queue', async () => {
    waiting(3);
    renderAdmin(<WaitingWork />);
    const link = await screen.findByRole('link', { name: '3 prácticas por responder' });
    expect(link).toHaveAttribute('href', '/admin/practica');
    expect(link).toHaveClass('adm-waiting__card--due');
  });

  it('says one clip in the singular, and none in words', async () => {
    waiting(1);
    const { unmount } = renderAdmin(<WaitingWork />);
    expect(await screen.findByRole('link', { name: '1 práctica por responder' })).toBeVisible();
    unmount();
    waiting(0);
    renderAdmin(<WaitingWork />);
    const none = await screen.findByRole('link', { name: 'Ninguna práctica por responder' });
    expect(none).not.toHaveClass('adm-waiting__card--due');
  });

  it('speaks the admin language', async () => {
    waiting(2);
    renderAdmin(<WaitingWork />);
    act(() => useLanguageStore.getState().setLang('fr'));
    expect(await screen.findByRole('link', { name: '2 pratiques à corriger' })).toBeVisible();
  });

  it('comes first on /admin, before the areas, and the diagnostics are a link away', async () => {
    waiting(2);
    api.on('GET', '/api/admin/stats/sales', { status: 500, body: { statusCode: 500 } });
    renderAdmin(<DashboardPage />);
    const waitingLink = await screen.findByRole('link', { name: '2 prácticas por responder' });
    const areas = screen.getByRole('navigation', { name: 'Secciones' });
    expect(
      waitingLink.compareDocumentPosition(areas) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Tareas en segundo plano' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Diagnóstico del sitio (tareas en segundo plano)' }),
    ).toHaveAttribute('href', '/admin/diagnostico');
  });
});
