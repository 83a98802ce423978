import {
  LEARNING_PATHS,
  PRACTICE_PATHS,
  downloadsCacheName,
  type PrivateVideoResponse,
} from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../../../../shared-web/test/fakeApi';
import {
  installFakeCaches,
  type FakeCacheStorage,
} from '../../../../../shared-web/test/fakeCaches';
import { isDownloaded, planDownload, videoFileOf } from './downloads';

const USER = '0c1e0a52-0000-4000-8000-000000000001';
const COURSE = 'c-1';
const CLASS = 'k-1';
const VIMEO_FILE = '/api/files/private/vimeo/76979871.mp4';

const vimeoVideo = (offlineFile?: PrivateVideoResponse['offlineFile']): PrivateVideoResponse => ({
  url: 'https://player.vimeo.com/video/76979871',
  expiresAt: null,
  provider: 'vimeo',
  videoId: '76979871',
  status: 'available',
  frameRate: null,
  ...(offlineFile ? { offlineFile } : {}),
});
const withFile = vimeoVideo({
  url: `${VIMEO_FILE}?exp=1900000000&sig=${'a'.repeat(64)}`,
  bytes: 4096,
});

let api: FakeApi;
let storage: FakeCacheStorage;

/** A course of one class whose videos are `videos`, as the API answers it. */
function courseWith(videos: PrivateVideoResponse[]) {
  const any = { es: 'x', en: 'x', fr: 'x' };
  api
    .on('GET', `/api${LEARNING_PATHS.course(COURSE)}`, {
      body: { course: { _id: COURSE, title: any }, classes: [{ _id: CLASS }], completed: [] },
    })
    .on('GET', `/api${LEARNING_PATHS.myItems}`, { body: [] })
    .on('GET', '/api/auth/perfil', { body: {} })
    .on('GET', `/api${PRACTICE_PATHS.preferences}`, { body: {} })
    .on('GET', `/api${PRACTICE_PATHS.position(CLASS)}`, { body: {} })
    .on('GET', `/api${LEARNING_PATHS.classDetail(CLASS)}`, {
      body: {
        _id: CLASS,
        pdfs: [],
        videos: videos.map((_, i) => ({ _id: `v${i}`, hasFile: { es: true } })),
      },
    })
    // the file's size, as our private-files route answers a HEAD
    .on('HEAD', VIMEO_FILE, { headers: { 'content-length': '4096' } });
  videos.forEach((v, i) =>
    api.on('GET', `/api${LEARNING_PATHS.video(CLASS, i, 'es')}`, { body: v }),
  );
}

const plan = () => planDownload({ userId: USER, kind: 'course', id: COURSE, lang: 'es' });

beforeEach(() => {
  api = installFakeApi();
  storage = installFakeCaches();
});

describe('the download plan of a course with Vimeo videos', () => {
  it('takes a Vimeo video whose account gives a file like a local one, sized before', async () => {
    courseWith([withFile, vimeoVideo()]);
    const p = await plan();
    expect(p.files).toEqual([
      {
        url: withFile.offlineFile!.url,
        key: `${window.location.origin}${VIMEO_FILE}`,
        bytes: 4096,
        kind: 'video',
        classId: CLASS,
      },
    ]);
    expect(p.bytes).toBe(4096);
    // the one without a file stays online only
    expect(p.record.onlineOnly).toBe(1);
  });

  it('counts a Vimeo video without a file online only, and fetches nothing for it', async () => {
    courseWith([vimeoVideo()]);
    const p = await plan();
    expect(p.files).toEqual([]);
    expect(p.bytes).toBe(0);
    expect(p.record.onlineOnly).toBe(1);
    expect(api.requests.some((r) => r.method === 'HEAD')).toBe(false);
  });

  it('does not count a file already downloaded, under its address without the signature', async () => {
    courseWith([withFile]);
    expect(await isDownloaded(USER, withFile.offlineFile!.url)).toBe(false);
    const cache = await storage.open(downloadsCacheName(USER));
    await cache.put(`${window.location.origin}${VIMEO_FILE}`, {} as Response);
    // a newer link of the same file (another signature) is the same download
    expect(await isDownloaded(USER, `${VIMEO_FILE}?exp=1900000600&sig=${'b'.repeat(64)}`)).toBe(
      true,
    );
    const p = await plan();
    expect(p.files).toHaveLength(1);
    expect(p.bytes).toBe(0);
  });
});

describe('videoFileOf: the file a class video downloads from', () => {
  it('is a local video’s link, a Vimeo file, or none', () => {
    const local = {
      ...vimeoVideo(),
      provider: 'local' as const,
      url: '/api/files/private/v.mp4?x',
    };
    expect(videoFileOf(local)).toBe(local.url);
    expect(videoFileOf(withFile)).toBe(withFile.offlineFile!.url);
    expect(videoFileOf(vimeoVideo())).toBeNull();
    expect(videoFileOf({ ...withFile, status: 'processing' })).toBeNull();
    expect(videoFileOf({ ...vimeoVideo(), provider: 'external' })).toBeNull();
  });
});
