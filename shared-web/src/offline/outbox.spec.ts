import { jest } from '@jest/globals';
import { LEARNING_PATHS } from '@circo/shared-contracts';
import { installFakeApi, type FakeApi } from '../../test/fakeApi';
import { withQueuedMarks } from '../api/queries/learning';
import { flushOutbox, queuedWrites, sendOrQueue } from './outbox';

const USER = 'u-1';
const COURSE = 'c-1';
const mark = LEARNING_PATHS.markCourse(USER, COURSE);
let online = true;
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  online = true;
  api = installFakeApi();
  const answer = api.fetch;
  // no network: the fetch fails as a browser's does
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    online
      ? answer(input, init)
      : Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  api.on('POST', `/api${mark}`, { body: { courseId: COURSE, clasesCompletadas: ['k1'] } });
  api.on('POST', '/api/learning/practice-log', { status: 201, body: { totalMinutes: 15 } });
});

describe('writes made with no network', () => {
  it('sends at once when the network answers, and keeps nothing', async () => {
    const res = await sendOrQueue(USER, {
      id: 'w1',
      method: 'POST',
      path: mark,
      body: { classId: 'k1' },
    });
    expect(res).toEqual({ sent: true, data: { courseId: COURSE, clasesCompletadas: ['k1'] } });
    expect(queuedWrites(USER)).toEqual([]);
  });

  it('keeps them in order per account, shows them on the item, and sends each once when the network is back', async () => {
    online = false;
    expect(
      await sendOrQueue(USER, { id: 'w1', method: 'POST', path: mark, body: { classId: 'k1' } }),
    ).toEqual({ sent: false });
    await sendOrQueue(USER, {
      id: 'w2',
      method: 'POST',
      path: '/learning/practice-log',
      body: { classId: 'k1', minutes: 15, idempotencyKey: 'w2' },
    });
    expect(queuedWrites(USER).map((w) => w.id)).toEqual(['w1', 'w2']);
    expect(queuedWrites('someone-else')).toEqual([]);
    expect(withQueuedMarks(USER, 'course', COURSE, ['k0'])).toEqual(['k0', 'k1']);
    // still no network: nothing goes, nothing is lost
    expect(await flushOutbox(USER)).toBe(0);
    expect(queuedWrites(USER)).toHaveLength(2);

    online = true;
    expect(await flushOutbox(USER)).toBe(2);
    expect(queuedWrites(USER)).toEqual([]);
    expect(await flushOutbox(USER)).toBe(0);
    expect(api.count(`/api${mark}`)).toBe(1);
    const sent = api.requests.filter((r) => r.url.pathname === '/api/learning/practice-log');
    expect(sent.map((r) => r.body)).toEqual([{ classId: 'k1', minutes: 15, idempotencyKey: 'w2' }]);
  });

  it('drops a write the API refuses once the network is back, and goes on with the next', async () => {
    online = false;
    await sendOrQueue(USER, { id: 'w1', method: 'POST', path: '/learning/practice-log', body: {} });
    await sendOrQueue(USER, { id: 'w2', method: 'POST', path: mark, body: { classId: 'k1' } });
    online = true;
    api.on('POST', '/api/learning/practice-log', {
      status: 400,
      body: { code: 'practice.day_out_of_range', message: 'too old' },
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await flushOutbox(USER)).toBe(1);
    warn.mockRestore();
    expect(queuedWrites(USER)).toEqual([]);
  });
});
