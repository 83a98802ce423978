import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { ConfigError, loadConfig } from './app-config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'circo-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** loadConfig on a minimal environment plus `env`. */
const load = (env: Record<string, string | undefined> = {}) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });

describe('JWT_EXPIRES_IN', () => {
  it.each(['7x', 'soon', '7 weeks ago', '-1d', '0', '10ms', '1e3', '15 m s'])(
    'stops the start on %p with a readable message',
    (value) => {
      expect(() => load({ JWT_EXPIRES_IN: value })).toThrow(ConfigError);
      expect(() => load({ JWT_EXPIRES_IN: value })).toThrow(
        `JWT_EXPIRES_IN must be a number of seconds (3600) or a duration such as 15m, 12h or 7d (got "${value}")`,
      );
    },
  );

  it.each([
    [undefined, 7 * 86_400],
    ['15m', 900],
    ['12h', 43_200],
    ['7d', 7 * 86_400],
    ['2 days', 2 * 86_400],
    ['3600', 3600],
    [' 90s ', 90],
  ])('accepts %p: tokens signed with it live %p seconds', async (value, seconds) => {
    const config = load({ JWT_EXPIRES_IN: value });
    const jwt = new JwtService({
      secret: config.jwtSecret,
      signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn },
    });
    const { iat, exp } = jwt.decode<{ iat: number; exp: number }>(
      await jwt.signAsync({ sub: 'someone' }),
    );
    expect(exp - iat).toBe(seconds);
  });
});

describe('demo seed defaults', () => {
  it('seeds the demo catalogue and accounts on the embedded database outside production', () => {
    expect(load()).toMatchObject({ seedDemo: true, seedDemoAccounts: true });
  });

  it.each([
    { NODE_ENV: 'production' },
    { DATABASE_URL: 'postgres://db.example.com/circo' },
    { DATABASE_URL: 'postgres://db.example.com/circo', NODE_ENV: 'development' },
  ])('seeds nothing by default with %p', (env) => {
    expect(load(env)).toMatchObject({ seedDemo: false, seedDemoAccounts: false });
  });

  it.each([{ NODE_ENV: 'production' }, { DATABASE_URL: 'postgres://db.example.com/circo' }])(
    'with SEED_DEMO=true and %p seeds the catalogue, never the accounts',
    (env) => {
      expect(load({ ...env, SEED_DEMO: 'true' })).toMatchObject({
        seedDemo: true,
        seedDemoAccounts: false,
      });
    },
  );

  it('SEED_DEMO=false turns the embedded demo off', () => {
    expect(load({ SEED_DEMO: 'false' })).toMatchObject({
      seedDemo: false,
      seedDemoAccounts: false,
    });
  });
});

describe('PGLITE_WORKER', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['true', true],
    ['false', false],
    ['0', false],
  ])('%p runs PGlite in a worker thread: %p', (value, inWorker) => {
    expect(load({ PGLITE_WORKER: value }).pgliteWorker).toBe(inWorker);
  });

  it('stops the start on anything else with a readable message', () => {
    expect(() => load({ PGLITE_WORKER: 'thread' })).toThrow(
      'PGLITE_WORKER must be true or false (got "thread")',
    );
  });
});

describe('SEARCH_INDEX and SEARCH_INDEX_PAGE_ROWS', () => {
  it('searches from memory by default, in pages of 1,000 rows', () => {
    expect(load({}).searchIndex).toEqual({ enabled: true, pageRows: 1000 });
    expect(load({ SEARCH_INDEX: 'false', SEARCH_INDEX_PAGE_ROWS: '250' }).searchIndex).toEqual({
      enabled: false,
      pageRows: 250,
    });
  });

  it('stops the start on a value it cannot use', () => {
    expect(() => load({ SEARCH_INDEX: 'sometimes' })).toThrow('SEARCH_INDEX must be true or false');
    expect(() => load({ SEARCH_INDEX_PAGE_ROWS: '0' })).toThrow('SEARCH_INDEX_PAGE_ROWS');
  });
});

describe('LOG_FORMAT', () => {
  it('is readable lines in development and JSON lines in production by default', () => {
    expect(load().logFormat).toBe('pretty');
    expect(load({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(load({ NODE_ENV: 'production' }).logFormat).toBe('json');
  });

  it('can be chosen either way, and refuses anything else', () => {
    expect(load({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(load({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => load({ LOG_FORMAT: 'yaml' })).toThrow(
      'LOG_FORMAT must be json or pretty (got "yaml")',
    );
  });
});

describe('PUBLIC_URL and PUBLIC_ORIGINS', () => {
  it("lists PUBLIC_URL's origin, then each other origin the shop answers on", () => {
    expect(load({ PUBLIC_URL: 'https://circo.example/' }).publicOrigins).toEqual([
      'https://circo.example',
    ]);
    expect(
      load({
        PUBLIC_URL: 'https://circo.example',
        PUBLIC_ORIGINS:
          ' https://www.circo.example/ ,http://192.168.1.20:3000,https://circo.example',
      }).publicOrigins,
    ).toEqual(['https://circo.example', 'https://www.circo.example', 'http://192.168.1.20:3000']);
  });

  it('stops the start on an entry that is not an origin', () => {
    expect(() => load({ PUBLIC_ORIGINS: 'www.circo.example' })).toThrow(
      'PUBLIC_ORIGINS: "www.circo.example" is not a URL such as https://www.example.com',
    );
    expect(() => load({ PUBLIC_ORIGINS: 'https://circo.example/tienda' })).toThrow(
      'is not an origin such as https://www.example.com',
    );
    expect(() => load({ PUBLIC_ORIGINS: 'ftp://circo.example' })).toThrow(ConfigError);
  });
});
