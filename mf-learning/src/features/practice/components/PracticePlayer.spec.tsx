// The practice player in jsdom with the real hooks, stores and query layer; only the network (the
// fake API), YouTube's embed (its postMessage answers) and the browser's camera are stand-ins.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivateVideoResponse } from '@circo/shared-contracts';
import { QueryProvider, createQueryClient } from '@circo/shared-web';
import { installFakeApi } from '../../../../../shared-web/test/fakeApi';
import es from '../../../locales/practice/es.json';
import PracticePlayer from './PracticePlayer';

const youtube: PrivateVideoResponse = {
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  expiresAt: null,
  provider: 'external',
  videoId: '',
  status: 'available',
  frameRate: null,
};

function renderPlayer(video: PrivateVideoResponse) {
  installFakeApi();
  return render(
    <QueryProvider client={createQueryClient()}>
      <PracticePlayer video={video} classId="c1" index={0} title="Vertical" height={450} />
    </QueryProvider>,
  );
}

/** What YouTube's embed posts once it listens: its speeds (getAvailablePlaybackRates). */
function youtubeSays(info: Record<string, unknown>) {
  const frame = document.querySelector('iframe')!;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://www.youtube.com',
        source: frame.contentWindow,
        data: JSON.stringify({ event: 'infoDelivery', info }),
      }),
    );
  });
}

describe('the practice player', () => {
  it('on YouTube offers the speeds the video lists and shows frame stepping disabled with its reason', async () => {
    renderPlayer(youtube);
    const frame = document.querySelector('iframe')!;
    expect(frame.src).toContain('enablejsapi=1');
    youtubeSays({ availablePlaybackRates: [0.25, 0.5, 1, 1.5, 2], playerState: 2 });
    const back = screen.getByRole('button', { name: es.frameBack });
    const forward = screen.getByRole('button', { name: es.frameForward });
    expect(back).toBeDisabled();
    expect(forward).toBeDisabled();
    expect(forward).toHaveAccessibleDescription(es.noFramesProvider);
    const speed = screen.getByRole('combobox', { name: es.speed });
    expect(speed).toBeEnabled();
    const offered = within(speed)
      .getAllByRole<HTMLOptionElement>('option')
      .filter((o) => !o.disabled)
      .map((o) => o.value);
    expect(offered).toEqual(['0.25', '0.5', '1', '1.5', '2']);
    // the loop needs A and B; mirror, countdown and camera are there
    expect(screen.getByRole('button', { name: es.loop })).toBeDisabled();
    expect(screen.getByRole('button', { name: es.mirror })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('combobox', { name: es.countdown })).toBeEnabled();
    expect(screen.getByRole('button', { name: es.camera })).toBeEnabled();
    // the remembered speed (1x) is one it lists: no message
    expect(screen.queryByTestId('practice-message')).toBeNull();
  });

  it('says clearly when the camera is refused, and the rest keeps working', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      },
    });
    renderPlayer(youtube);
    youtubeSays({ availablePlaybackRates: [0.5, 1], playerState: 2 });
    await userEvent.click(screen.getByRole('button', { name: es.camera }));
    expect(await screen.findByRole('alert')).toHaveTextContent(es.cameraError.refused);
    await userEvent.click(screen.getByRole('button', { name: es.mirror }));
    expect(screen.getByRole('button', { name: es.mirror })).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('iframe')).toHaveAttribute('data-mirrored', 'true');
  });
});
