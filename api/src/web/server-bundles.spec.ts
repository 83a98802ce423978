// Where a remote released on another origin gets its server bundle from: the file its manifest
// lists, fetched once per release, used only when its bytes match the listed SHA-384; what is
// refused is logged with the reason, and an origin that does not answer is asked again later.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerBundles, UNREACHABLE_RETRY_MS } from './server-bundles.js';

const CODE = 'exports.firstScreenApi = 3;';
const sri = (code: string) => `sha384-${createHash('sha384').update(code).digest('base64')}`;
const manifest = (integrity: string) =>
  JSON.stringify({
    shared: [],
    exposes: [],
    release: { firstScreen: { file: 'server/first-screen.cjs', integrity } },
  });

let origin: Server;
let base = '';
const files = new Map<string, string>();
const asked: string[] = [];
beforeAll(async () => {
  origin = createServer((req, res) => {
    asked.push(req.url ?? '');
    const body = files.get(req.url ?? '');
    res.statusCode = body === undefined ? 404 : 200;
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => origin.close(resolve)));
beforeEach(() => {
  files.clear();
  asked.length = 0;
});

function bundles() {
  const logs: string[] = [];
  let now = 1_000_000;
  const b = new ServerBundles(
    2_000,
    (msg) => logs.push(msg),
    () => now,
  );
  return { b, logs, later: (ms: number) => (now += ms) };
}

it('fetches the listed bundle once per release and keeps its code under its hash', async () => {
  files.set('/a/mf-manifest.json', manifest(sri(CODE)));
  files.set('/a/server/first-screen.cjs', CODE);
  const { b, logs } = bundles();
  const got = await b.fromRelease('mf_catalog', `${base}/a/mf-manifest.json`, '1.0.0');
  expect(got).toEqual({ key: sri(CODE), file: `${base}/a/server/first-screen.cjs`, code: CODE });
  await b.fromRelease('mf_catalog', `${base}/a/mf-manifest.json`, '1.0.0');
  expect(asked).toEqual(['/a/mf-manifest.json', '/a/server/first-screen.cjs']);
  expect(logs).toEqual([]);
  // another version at the same address is another release: asked again
  await b.fromRelease('mf_catalog', `${base}/a/mf-manifest.json`, '1.0.1');
  expect(asked).toHaveLength(4);
});

it('refuses a bundle that does not match its hash, once per release, saying why', async () => {
  files.set('/t/mf-manifest.json', manifest(sri('what the team built')));
  files.set('/t/server/first-screen.cjs', `${CODE} /* changed on the way */`);
  const { b, logs, later } = bundles();
  expect(await b.fromRelease('mf_catalog', `${base}/t/mf-manifest.json`, undefined)).toBeNull();
  later(UNREACHABLE_RETRY_MS * 10);
  expect(await b.fromRelease('mf_catalog', `${base}/t/mf-manifest.json`, undefined)).toBeNull();
  expect(asked).toHaveLength(2);
  expect(logs).toEqual([
    expect.stringContaining(
      `mf_catalog at ${base}/t/mf-manifest.json: its server bundle ${base}/t/server/first-screen.cjs does not match the integrity hash in its manifest`,
    ),
  ]);
  expect(logs[0]).toMatch(/the browser renders its pages$/);
});

it('refuses a manifest that lists no bundle or an integrity of another kind', async () => {
  files.set('/n/mf-manifest.json', JSON.stringify({ shared: [], exposes: [] }));
  files.set('/m/mf-manifest.json', manifest('md5-abc'));
  files.set('/m/server/first-screen.cjs', CODE);
  const { b, logs } = bundles();
  expect(await b.fromRelease('mf_catalog', `${base}/n/mf-manifest.json`, undefined)).toBeNull();
  expect(await b.fromRelease('mf_catalog', `${base}/m/mf-manifest.json`, undefined)).toBeNull();
  expect(logs[0]).toContain('its manifest lists no server bundle (release.firstScreen)');
  expect(logs[1]).toContain(`its server bundle's integrity "md5-abc" is not sha384-…`);
});

it('asks an origin that did not answer again after a while, not at every page', async () => {
  const { b, logs, later } = bundles();
  const url = `${base}/late/mf-manifest.json`;
  expect(await b.fromRelease('mf_catalog', url, undefined)).toBeNull();
  expect(await b.fromRelease('mf_catalog', url, undefined)).toBeNull();
  expect(asked).toEqual(['/late/mf-manifest.json']);
  expect(logs[0]).toContain('answered 404');
  files.set('/late/mf-manifest.json', manifest(sri(CODE)));
  files.set('/late/server/first-screen.cjs', CODE);
  later(UNREACHABLE_RETRY_MS + 1);
  expect((await b.fromRelease('mf_catalog', url, undefined))?.code).toBe(CODE);
});
