// The student's remembered practice choices with the real query layer and session store; only
// the network is the fake API (its answers held back where the test says).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticePreferences } from '@circo/shared-contracts';
import { QueryProvider, createQueryClient, useSessionStore } from '@circo/shared-web';
import { gate, installFakeApi } from '../../../../../shared-web/test/fakeApi';
import { usePreferences, useSavePreferences } from './usePracticeData';

const SAVED: PracticePreferences = { speed: 1, mirror: false, countdown: 0, cameraDelay: 0 };

function Mirror() {
  const { preferences } = usePreferences();
  const save = useSavePreferences();
  return (
    <button
      type="button"
      aria-pressed={preferences.mirror}
      onClick={() => void save((p) => ({ mirror: !p.mirror }))}
    >
      mirror
    </button>
  );
}

/** Lets every answer already given reach the page. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    status: 'authenticated',
    user: { _id: 'u1', role: 'user' } as never,
  });
});
afterEach(() => {
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});

describe('the practice choices', () => {
  it('a choice made while the first read is on its way stays when that read lands late', async () => {
    const api = installFakeApi();
    const first = gate<{ body: PracticePreferences }>();
    const saves: unknown[] = [];
    api.on('GET', '/api/learning/practice-preferences', () => first.promise);
    api.on('PUT', '/api/learning/practice-preferences', (req) => {
      saves.push(req.body);
      return { body: req.body };
    });
    render(
      <QueryProvider client={createQueryClient()}>
        <Mirror />
      </QueryProvider>,
    );
    const button = screen.getByRole('button', { name: 'mirror' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    // the read asked before the click answers now, with what the server had then
    await act(async () => {
      first.open({ body: SAVED });
      await settled();
    });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(saves).toEqual([{ ...SAVED, mirror: true }]);
  });

  it('two quick changes each start from the one before', async () => {
    const api = installFakeApi();
    const saves: unknown[] = [];
    api.on('GET', '/api/learning/practice-preferences', { body: SAVED });
    api.on('PUT', '/api/learning/practice-preferences', (req) => {
      saves.push(req.body);
      return { body: req.body };
    });
    render(
      <QueryProvider client={createQueryClient()}>
        <Mirror />
      </QueryProvider>,
    );
    const button = screen.getByRole('button', { name: 'mirror' });
    await act(async () => {
      button.click();
      button.click();
    });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(saves).toEqual([
      { ...SAVED, mirror: true },
      { ...SAVED, mirror: false },
    ]);
  });
});
