// What a person sees when the API starts: readable lines and a short banner in development (route
// mapping only at debug level), one JSON object per line in production. On the built API
// (`npm run build`), on an empty PGlite data dir, as `npm start` runs it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kill, spawnApi, waitForOutput, type ApiProcess } from '../support/api-process.js';

const BANNER = 'Circo is running at';
let dataDir: string;
let api: ApiProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'circo-startup-log-'));
});
afterEach(async () => {
  if (api) api.child.kill('SIGTERM');
  await kill(api);
  api = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const isJsonObject = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

async function start(env: Record<string, string>): Promise<string> {
  api = await spawnApi({ DATA_DIR: dataDir, ...env });
  // the banner is written at once, as the last thing of a start: it has all come through when
  // the output ends a line after it
  await waitForOutput(api, (out) => out.includes(BANNER) && out.endsWith('\n'), 45_000);
  return api.output();
}

it('development: readable lines, no route list, then a banner with the address, logins and folders', async () => {
  const out = await start({ SEED_DEMO: 'true' });
  expect(lines(out).filter(isJsonObject)).toEqual([]);
  const before = lines(out.slice(0, out.indexOf(BANNER)));
  expect(before.length).toBeLessThan(15);
  expect(out).not.toContain('Mapped {');
  expect(out).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Database: PGlite database ready in \d+ ms$/m);
  const banner = out.slice(out.indexOf(BANNER));
  expect(banner).toContain(`${BANNER} http://localhost:${api!.port}`);
  expect(banner).toContain('admin admin@circo.local / Admin1234!');
  expect(banner).toContain('student alumno@circo.local / Alumno1234');
  expect(banner).toContain(`Data          ${dataDir}`);
  expect(banner).toContain(`Outbox        ${join(dataDir, 'outbox')}`);
});

it('development at LOG_LEVEL=debug: the route mapping, each route one readable line', async () => {
  const out = await start({ LOG_LEVEL: 'debug' });
  expect(lines(out).filter(isJsonObject)).toEqual([]);
  expect(out).toMatch(
    /^\[\d\d:\d\d:\d\d\] DEBUG: RouterExplorer: Mapped \{\/api\/health, GET\} route$/m,
  );
});

it('production: every line is one JSON object, the start announced in one of them', async () => {
  const out = await start({ NODE_ENV: 'production' });
  const all = lines(out);
  expect(all.filter((line) => !isJsonObject(line))).toEqual([]);
  const entries = all.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const entry of entries) {
    expect(entry).toEqual(
      expect.objectContaining({ level: expect.any(Number), msg: expect.any(String) }),
    );
  }
  expect(entries.find((e) => String(e.msg).startsWith(BANNER))).toEqual(
    expect.objectContaining({
      url: `http://localhost:${api!.port}`,
      dataDir,
      outbox: join(dataDir, 'outbox'),
    }),
  );
  // never the published demo passwords, nor the route list at the default level
  expect(out).not.toContain('Admin1234!');
  expect(out).not.toContain('Mapped {');
});
