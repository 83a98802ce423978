// A Vimeo class video whose file was downloaded: online it plays in Vimeo's player, with no
// network from the downloaded file in the player's own <video>. Real hooks and stores; the
// network (fake API) and the browser's Cache Storage are stand-ins.
import { act, render, screen } from '@testing-library/react';
import { downloadsCacheName, type PrivateVideoResponse } from '@circo/shared-contracts';
import { QueryProvider, createQueryClient, useSessionStore } from '@circo/shared-web';
import { installFakeApi } from '../../../../../shared-web/test/fakeApi';
import { installFakeCaches } from '../../../../../shared-web/test/fakeCaches';
import { VideoPlayer } from './VideoPlayer';

const USER = '0c1e0a52-0000-4000-8000-000000000002';
const FILE = '/api/files/private/vimeo/76979871.mp4';
const video: PrivateVideoResponse = {
  url: 'https://player.vimeo.com/video/76979871',
  expiresAt: null,
  provider: 'vimeo',
  videoId: '76979871',
  status: 'available',
  frameRate: null,
  offlineFile: { url: `${FILE}?exp=1900000000&sig=${'c'.repeat(64)}`, bytes: 4096 },
};

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

async function renderWith(downloaded: boolean) {
  installFakeApi();
  const storage = installFakeCaches();
  if (downloaded) {
    const cache = await storage.open(downloadsCacheName(USER));
    await cache.put(`${window.location.origin}${FILE}`, {} as Response);
  }
  render(
    <QueryProvider client={createQueryClient()}>
      <VideoPlayer video={video} classId="k1" index={0} height={450} title="Vertical" />
    </QueryProvider>,
  );
  await screen.findByTestId('practice-player');
  // the check of the downloads settles
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    status: 'authenticated',
    user: { _id: USER, role: 'user' } as never,
  });
});
afterEach(() => {
  online = true;
  useSessionStore.setState({ token: null, user: null, status: 'anonymous' });
});

describe('a downloaded Vimeo class video', () => {
  it("plays in Vimeo's player while online", async () => {
    await renderWith(true);
    expect(document.querySelector('iframe')?.src).toContain('player.vimeo.com/video/76979871');
    expect(document.querySelector('video')).toBeNull();
  });

  it('plays from the downloaded file in the player’s own video element with no network', async () => {
    online = false;
    await renderWith(true);
    expect(document.querySelector('iframe')).toBeNull();
    const el = screen.getByTestId<HTMLVideoElement>('video-player');
    expect(el.tagName).toBe('VIDEO');
    expect(el.getAttribute('src')).toBe(video.offlineFile!.url);
  });

  it('stays in Vimeo’s player with no network when its file was not downloaded', async () => {
    online = false;
    await renderWith(false);
    expect(document.querySelector('video')).toBeNull();
    expect(document.querySelector('iframe')?.src).toContain('player.vimeo.com');
  });

  it('switches to the file when the network goes while the page is open', async () => {
    await renderWith(true);
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId<HTMLVideoElement>('video-player').tagName).toBe('VIDEO');
  });
});
