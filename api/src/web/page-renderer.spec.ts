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
  session: 'anonymous' as const,
};

/** A shell bundle whose page says how many times its code was evaluated in this process. */
const shell = (key: string, body = '') => ({
  key,
  file: `/bundles/${key}.cjs`,
  code: `
globalThis.evaluated = (globalThis.evaluated || 0) + 1;
exports.firstScreenApi = 3;
exports.renderPage = async ({ pathname }) => { ${body}; return '<p>' + pathname + ' ' + globalThis.evaluated + '</p>'; };`,
});

let renderer: PageRenderer;
let logs: string[];
beforeEach(() => {
  logs = [];
  renderer = new PageRenderer(3, (msg) => logs.push(msg), 3_000);
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
    'the server bundle /bundles/v1.cjs follows first-screen contract 1, not 3',
  );
});

it('renders pages side by side, each from its own input', async () => {
  // the shell's render waits a little (a lazy part) and counts the pages in flight meanwhile;
  // the remote gives each page a component of that page's language (no module-wide state)
  const slowShell = {
    key: 'slow',
    file: '/bundles/slow.cjs',
    code: `
exports.firstScreenApi = 3;
exports.shared = {};
let inFlight = 0;
let most = 0;
exports.renderPage = async ({ remote }) => {
  most = Math.max(most, ++inFlight);
  await new Promise((r) => setTimeout(r, 200));
  inFlight--;
  return remote.App({ page: 'home' }) + ' ' + most;
};`,
  };
  const remote = {
    name: 'mf_catalog',
    bundle: {
      key: 'cat',
      file: '/bundles/cat.cjs',
      code: `
exports.firstScreenApi = 3;
exports.serverApp = ({ lang }) => () => '<h1>' + lang + '</h1>';`,
    },
  };
  const pages = await Promise.all(
    (['es', 'en', 'fr'] as const).map((lang) =>
      renderer.render(slowShell, remote, { ...INPUT, lang }),
    ),
  );
  expect(pages.map((p) => p?.html?.split(' ')[0])).toEqual([
    '<h1>es</h1>',
    '<h1>en</h1>',
    '<h1>fr</h1>',
  ]);
  // the three were in flight at once
  expect(pages.map((p) => p?.html?.split(' ')[1])).toEqual(['3', '3', '3']);
});
