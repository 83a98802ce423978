// The page renderer's process (page-renderer.ts, render-process.ts): a bundle is evaluated once per
// release, a process that dies or hangs costs one page its first screen and is started again, and
// what a bundle logs as a failure reaches the API's log.
import { PageRenderer } from './page-renderer.js';

const INPUT = {
  page: 'home',
  lang: 'es' as const,
  pathname: '/',
  search: '',
  content: null,
  config: { salesPaused: false, accessPeriodMonths: 12, stripePublishableKey: null },
  queries: [],
};

/** A shell bundle whose page says how many times its code was evaluated in this process. */
const shell = (key: string, body = '') => ({
  key,
  file: `/bundles/${key}.cjs`,
  code: `
globalThis.evaluated = (globalThis.evaluated || 0) + 1;
exports.firstScreenApi = 2;
exports.renderPage = async ({ pathname }) => { ${body}; return '<p>' + pathname + ' ' + globalThis.evaluated + '</p>'; };`,
});

let renderer: PageRenderer;
let logs: string[];
beforeEach(() => {
  logs = [];
  renderer = new PageRenderer(2, (msg) => logs.push(msg), 3_000);
});
afterEach(() => renderer.close());

it('evaluates a bundle once per release', async () => {
  const html = async (key: string) => (await renderer.render(shell(key), undefined, INPUT))?.html;
  expect(await html('r1')).toBe('<p>/ 1</p>');
  expect(await html('r1')).toBe('<p>/ 1</p>');
  expect(await html('r2')).toBe('<p>/ 2</p>');
});

it('gives a page no first screen when the process dies, and starts it again for the next', async () => {
  const dies = shell('dies', 'process.exit(3)');
  expect(await renderer.render(dies, undefined, INPUT)).toBeNull();
  expect(logs).toContainEqual(expect.stringContaining('the page renderer stopped (exit code 3'));
  expect((await renderer.render(shell('ok'), undefined, INPUT))?.html).toBe('<p>/ 1</p>');
});

it('stops a render that never ends and renders the next page in a new process', async () => {
  const hangs = shell('hangs', 'for (;;) {}');
  const started = Date.now();
  expect(await renderer.render(hangs, undefined, INPUT)).toBeNull();
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(logs).toContainEqual(
    expect.stringContaining('the first screen of / took over 3000 ms; the renderer is restarted'),
  );
  expect((await renderer.render(shell('ok'), undefined, INPUT))?.html).toBe('<p>/ 1</p>');
});

it("passes on a bundle's failure and a part left to the browser", async () => {
  const reply = await renderer.render(
    shell('bad', "throw new Error('the layout broke')"),
    undefined,
    INPUT,
  );
  expect(reply?.html).toBeNull();
  expect(logs).toContainEqual('the first screen of / failed; the page is sent without it');
  const wrong = await renderer.render(
    { ...shell('v1'), code: 'exports.firstScreenApi = 1;' },
    undefined,
    INPUT,
  );
  expect(wrong?.html).toBeNull();
  expect(logs).toContainEqual(
    'the server bundle /bundles/v1.cjs follows first-screen contract 1, not 2',
  );
});

it("renders one page at a time: a remote's stores are set for the page being rendered", async () => {
  // the remote keeps the page's language in its module, as its stores do; the shell renders a
  // little later (a lazy part), so a second page's serverApp could run in between
  const slowShell = {
    key: 'slow',
    file: '/bundles/slow.cjs',
    code: `
exports.firstScreenApi = 2;
exports.shared = {};
exports.renderPage = async ({ remote }) => {
  await new Promise((r) => setTimeout(r, 50));
  return remote.App({ page: 'home' });
};`,
  };
  const remote = {
    name: 'mf_catalog',
    bundle: {
      key: 'cat',
      file: '/bundles/cat.cjs',
      code: `
let lang = null;
exports.firstScreenApi = 2;
exports.serverApp = (input) => { lang = input.lang; return () => '<h1>' + lang + '</h1>'; };`,
    },
  };
  const pages = await Promise.all(
    (['es', 'en', 'fr'] as const).map((lang) =>
      renderer.render(slowShell, remote, { ...INPUT, lang }),
    ),
  );
  expect(pages.map((p) => p?.html)).toEqual(['<h1>es</h1>', '<h1>en</h1>', '<h1>fr</h1>']);
});
