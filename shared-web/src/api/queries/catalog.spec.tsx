import { jest } from '@jest/globals';
import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CourseSummary, Lang } from '@circo/shared-contracts';
import { installFakeApi, gate, type FakeApi } from '../../../test/fakeApi';
import { ApiError } from '../client';
import { QueryProvider } from '../QueryProvider';
import {
  CATALOG_STALE_MS,
  createQueryClient,
  queryClient as sharedClient,
  seedQueries,
} from '../queryClient';
import { useSessionStore } from '../../session/sessionStore';
import { catalogKeys, catalogQueries } from './catalog';
import { sendJson, useApiMutation } from './mutation';
import { toResource } from './resource';

const course = (id: string, title: string): CourseSummary =>
  ({ _id: id, title: { es: title, en: `${title} (en)`, fr: '' } }) as unknown as CourseSummary;

/** A list as a page would render it: spinner text, the error code, or the titles. */
function CourseList({ lang = 'es', label = 'courses' }: { lang?: Lang; label?: string }) {
  const res = toResource(useQuery(catalogQueries.courses(lang)));
  if (res.status === 'loading') return <p>loading {label}</p>;
  if (res.status === 'error')
    return (
      <p role="alert">
        {res.error.status} {res.error.code}
        <button onClick={res.retry}>retry</button>
      </p>
    );
  return (
    <ul aria-label={label}>
      {res.data.map((c) => (
        <li key={c._id}>{c.title[lang]}</li>
      ))}
    </ul>
  );
}

let api: FakeApi;
let client: QueryClient;
beforeEach(() => {
  api = installFakeApi();
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  sharedClient.clear();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const renderWith = (ui: React.ReactNode) =>
  render(<QueryProvider client={client}>{ui}</QueryProvider>);

describe('catalogue queries', () => {
  it('de-duplicates: two components asking for the same list make one request', async () => {
    const answer = gate<{ body: CourseSummary[] }>();
    api.on('GET', '/api/courses/visible', () => answer.promise);
    renderWith(
      <>
        <CourseList label="header list" />
        <CourseList label="page list" />
      </>,
    );
    expect(screen.getByText('loading header list')).toBeInTheDocument();
    await act(async () => answer.open({ body: [course('c1', 'Malabares')] }));
    expect(await screen.findByRole('list', { name: 'header list' })).toHaveTextContent('Malabares');
    expect(screen.getByRole('list', { name: 'page list' })).toHaveTextContent('Malabares');
    expect(api.count('/api/courses/visible')).toBe(1);
    expect(api.requests[0].url.searchParams.get('lang')).toBe('es');
  });

  it('serves a re-mount within the cache time from memory, and asks again after it', async () => {
    // a clock the test moves: only Date is faked, so promises and React run as usual
    jest.useFakeTimers({
      now: Date.parse('2026-01-01T10:00:00Z'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'nextTick',
        'hrtime',
        'performance',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
      ],
    });
    api.on('GET', '/api/courses/visible', { body: [course('c1', 'Malabares')] });
    const first = renderWith(<CourseList />);
    expect(await screen.findByText('Malabares')).toBeInTheDocument();
    first.unmount();

    jest.setSystemTime(Date.now() + CATALOG_STALE_MS - 1000);
    const again = renderWith(<CourseList />);
    // shown at once, without a spinner and without a request
    expect(screen.getByText('Malabares')).toBeInTheDocument();
    expect(api.count('/api/courses/visible')).toBe(1);
    again.unmount();

    jest.setSystemTime(Date.now() + 2000);
    renderWith(<CourseList />);
    expect(screen.getByText('Malabares')).toBeInTheDocument(); // stale answer shown meanwhile
    await act(async () => undefined);
    expect(api.count('/api/courses/visible')).toBe(2);
  });

  it('keeps the language in the key: a switch asks for the other language, switching back does not', async () => {
    api.on('GET', '/api/courses/visible', (req) => ({
      body: [course('c1', `Malabares-${req.url.searchParams.get('lang')}`)],
    }));
    function Switcher() {
      const [lang, setLang] = useState<Lang>('es');
      return (
        <>
          <button onClick={() => setLang(lang === 'es' ? 'en' : 'es')}>switch</button>
          <CourseList lang={lang} />
        </>
      );
    }
    renderWith(<Switcher />);
    expect(await screen.findByText('Malabares-es')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Malabares-en (en)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(screen.getByText('Malabares-es')).toBeInTheDocument();
    expect(api.requests.map((r) => r.url.searchParams.get('lang'))).toEqual(['es', 'en']);
  });

  it('maps an API error to the shared shape, with its code and data', async () => {
    api.on('GET', '/api/courses/abc', {
      status: 403,
      body: {
        statusCode: 403,
        code: 'catalog.unavailable_in_language',
        message: 'This course is not available in en',
        data: { availableLanguages: ['es'] },
      },
    });
    const err = await client
      .fetchQuery(catalogQueries.detail('course', 'abc', 'en'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 403,
      code: 'catalog.unavailable_in_language',
      body: { data: { availableLanguages: ['es'] } },
    });
  });

  it('gives a code to answers without one and to a server that cannot be reached', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('GET', '/api/courses/visible', { status: 502, text: '<html>Bad gateway</html>' });
    renderWith(<CourseList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('502 http.502');

    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const err = await client.fetchQuery(catalogQueries.formations('es')).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: 'network.unreachable' });
  });

  it('shows the spinner again on retry and then the list', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const second = gate<{ body: CourseSummary[] }>();
    api.on('GET', '/api/courses/visible', () =>
      ++calls === 1 ? { status: 500, body: { code: 'common.internal_error' } } : second.promise,
    );
    renderWith(<CourseList />);
    await userEvent.click(await screen.findByRole('button', { name: 'retry' }));
    expect(screen.getByText('loading courses')).toBeInTheDocument();
    await act(async () => second.open({ body: [course('c1', 'Malabares')] }));
    expect(await screen.findByText('Malabares')).toBeInTheDocument();
  });

  it('sends the session token, and a new session asks the lists on screen again', async () => {
    api.on('GET', '/api/courses/visible', { body: [course('c1', 'Malabares')] });
    render(
      <QueryProvider>
        <CourseList />
      </QueryProvider>,
    );
    expect(await screen.findByText('Malabares')).toBeInTheDocument();
    expect(api.requests[0].headers.Authorization).toBeUndefined();
    localStorage.setItem('token', 'tok-1');
    act(() => useSessionStore.setState({ token: 'tok-1' }));
    expect(await screen.findByText('Malabares')).toBeInTheDocument();
    await act(async () => undefined);
    expect(api.count('/api/courses/visible')).toBe(2);
    expect(api.requests[1].headers.Authorization).toBe('Bearer tok-1');
    act(() => useSessionStore.setState({ token: null }));
  });
});

describe('useApiMutation', () => {
  it('invalidates the given keys on success, so the list on screen shows the change', async () => {
    const rows = [course('c1', 'Malabares')];
    api
      .on('GET', '/api/courses/visible', () => ({ body: [...rows] }))
      .on('POST', '/api/courses', (req) => {
        const { title } = req.body as { title: string };
        rows.push(course('c2', title));
        return { status: 201, body: { _id: 'c2' } };
      });
    function AddCourse() {
      const add = useApiMutation<{ _id: string }, { title: string }>({
        mutationFn: sendJson('/courses'),
        invalidates: [catalogKeys.all],
      });
      return <button onClick={() => add.mutate({ title: 'Acrobacia' })}>add</button>;
    }
    renderWith(
      <>
        <AddCourse />
        <CourseList />
      </>,
    );
    expect(await screen.findByText('Malabares')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Acrobacia')).toBeInTheDocument();
    expect(api.count('/api/courses/visible')).toBe(2);
  });

  it('rejects with the shared error shape', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('POST', '/api/users', {
      status: 409,
      body: { statusCode: 409, code: 'users.email_taken', message: 'taken' },
    });
    function Register() {
      const m = useApiMutation<unknown, { email: string }>({ mutationFn: sendJson('/users') });
      return (
        <>
          <button onClick={() => m.mutate({ email: 'a@b.c' })}>send</button>
          {m.error && <p role="alert">{m.error.code}</p>}
        </>
      );
    }
    renderWith(<Register />);
    await userEvent.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('users.email_taken');
  });
});

describe('seedQueries (the answers the server sent with the page)', () => {
  function Detail({ id }: { id: string }) {
    const res = toResource(
      useQuery({ ...catalogQueries.detail('course', id, 'en'), retryOnMount: false }),
    );
    if (res.status === 'loading') return <p>loading</p>;
    if (res.status === 'error') {
      const data = res.error.body?.data as { availableLanguages?: string[] } | undefined;
      return (
        <p role="alert">
          {res.error.status} {res.error.code} {data?.availableLanguages?.join(',')}
        </p>
      );
    }
    return <h1>{res.data.title.en}</h1>;
  }

  it('renders a seeded answer and a seeded refusal at once, asking the API for neither', async () => {
    seedQueries(client, [
      {
        key: catalogKeys.detail('course', 'c-1', 'en'),
        data: course('c-1', 'Aro'),
      },
      {
        key: catalogKeys.detail('course', 'c-2', 'en'),
        error: {
          statusCode: 403,
          code: 'catalog.unavailable_in_language',
          message: 'This course is not available in en',
          data: { availableLanguages: ['es', 'fr'] },
        },
      },
    ]);
    renderWith(
      <>
        <Detail id="c-1" />
        <Detail id="c-2" />
      </>,
    );
    // the first render is the seeded one (what the server rendered), not a spinner
    expect(screen.getByRole('heading')).toHaveTextContent('Aro (en)');
    expect(screen.getByRole('alert')).toHaveTextContent(
      '403 catalog.unavailable_in_language es,fr',
    );
    await act(() => Promise.resolve());
    expect(screen.queryByText('loading')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
