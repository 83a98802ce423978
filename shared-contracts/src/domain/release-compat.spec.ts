import {
  checkCompatibility,
  isFederationManifest,
  type FederationManifest,
} from './release-compat.js';

const shared = (name: string, version: string, requiredVersion = `^${version}`) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

const shell: FederationManifest = {
  name: 'shell',
  metaData: { buildInfo: { buildVersion: '1.3.0' } },
  shared: [shared('react', '19.3.1'), shared('@circo/shared-web', '1.0.0')],
  exposes: [],
  release: { appVersion: '1.3.0', provides: { '@circo/shared-web': ['Spinner', 'Price'] } },
};

const remote = (over: Partial<FederationManifest> = {}): FederationManifest => ({
  name: 'mf_catalog',
  metaData: { buildInfo: { buildVersion: '1.4.0' } },
  shared: [shared('react', '19.3.1'), shared('@circo/shared-web', '1.0.0')],
  exposes: [{ name: 'App', path: './App' }],
  release: { appVersion: '1.4.0', uses: { '@circo/shared-web': ['Spinner'] } },
  ...over,
});

describe('checkCompatibility', () => {
  // the remote's range for a singleton, read with npm's semantics (the semver package)
  it.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.9.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['1.2.2', '^1.2.3', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['7.18.5', '^7.99.0', false],
    ['19.3.1', '>=19.0.0 <20', true],
    ['20.0.0', '>=19.0.0 <20', false],
    ['3.1.0', '^1.0.0 || ^3.0.0', true],
    ['2.1.0', '^1.0.0 || ^3.0.0', false],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['5.0.0', '*', true],
    ['1.2.0', '>= 1.1.0', true],
    ['2.0.0-rc.1', '^1.0.0', false],
    ['2.0.0-rc.1', '^2.0.0-rc.0', true],
    ['2.0.0', '^2.0.0-rc.0', true],
    ['1.5.0', '1.2.3 - 2.0.0', true],
    ['1.0.0', 'latest', false],
    ['not a version', '*', false],
  ])('a shell providing react %s meets a remote requiring %s: %p', (version, range, expected) => {
    const provider: FederationManifest = { ...shell, shared: [shared('react', version)] };
    const report = checkCompatibility(
      'mf_catalog',
      remote({ shared: [shared('react', version, range)] }),
      provider,
    );
    expect(report.compatible).toBe(expected);
  });

  it('accepts a remote whose needs the shell meets, and reports both versions', () => {
    expect(checkCompatibility('mf_catalog', remote(), shell)).toEqual({
      compatible: true,
      problems: [],
      remoteVersion: '1.4.0',
      shellVersion: '1.3.0',
    });
  });

  it('refuses a remote that needs a newer shared-web than the shell provides, saying what to do', () => {
    const skewed = remote({
      shared: [shared('react', '19.3.1'), shared('@circo/shared-web', '1.1.0')],
      release: { uses: { '@circo/shared-web': ['Spinner', 'formatDuration'] } },
    });
    const report = checkCompatibility('mf_catalog', skewed, shell);
    expect(report.compatible).toBe(false);
    expect(report.problems).toEqual([
      'it requires @circo/shared-web ^1.1.0 but the shell 1.3.0 provides 1.0.0: deploy a shell that provides @circo/shared-web ^1.1.0 first, or rebuild the remote for 1.0.0',
      "it imports formatDuration from @circo/shared-web, which the shell 1.3.0's copy (@circo/shared-web 1.0.0) does not export: release @circo/shared-web with it (a minor version), deploy that shell first, and require that version in the remote's package.json",
    ]);
  });

  it('refuses a wrong name, a missing ./App and a singleton the shell does not share', () => {
    const report = checkCompatibility(
      'mf_catalog',
      remote({
        name: 'mf_learning',
        exposes: [{ name: 'Page', path: './Page' }],
        shared: [shared('react', '19.3.1'), shared('left-pad', '1.0.0')],
      }),
      shell,
    );
    expect(report.problems).toEqual([
      'the manifest is the one of "mf_learning", not of mf_catalog',
      'it does not expose ./App, which the shell mounts (it exposes: ./Page)',
      'it shares left-pad as a singleton but the shell 1.3.0 does not provide it: it would run a second copy',
    ]);
  });

  it("refuses a remote that uses the shell's Module Federation runtime under a shell that does not provide it", () => {
    const external = remote({
      release: {
        appVersion: '1.4.0',
        runtime: { mode: 'external', version: '2.9.2' },
        uses: { '@circo/shared-web': ['Spinner'] },
      },
    });
    const providing: FederationManifest = {
      ...shell,
      release: { ...shell.release, runtime: { mode: 'provides', version: '2.9.2' } },
    };
    expect(checkCompatibility('mf_catalog', external, providing).problems).toEqual([]);
    // a shell built before it provided the runtime (no runtime recorded) or one that stopped
    for (const old of [shell, { ...shell, release: undefined }]) {
      expect(checkCompatibility('mf_catalog', external, old).problems).toEqual([
        "it was built to use the shell's Module Federation runtime (experiments.externalRuntime) but the shell 1.3.0 does not provide one: deploy a shell that provides it (experiments.provideExternalRuntime) first, or rebuild the remote with its own runtime",
      ]);
    }
    const nextMajor = {
      ...providing,
      release: { runtime: { mode: 'provides', version: '3.0.1' } },
    };
    expect(
      checkCompatibility('mf_catalog', external, nextMajor as FederationManifest).problems,
    ).toEqual([
      "it was built for Module Federation runtime 2.9.2 but the shell 1.3.0 provides 3.0.1: rebuild the remote with the shell's Module Federation version",
    ]);
    // a remote with its own runtime runs under any shell
    const bundled = remote({ release: { runtime: { mode: 'bundled', version: '2.9.2' } } });
    expect(checkCompatibility('mf_catalog', bundled, shell).compatible).toBe(true);
    expect(checkCompatibility('mf_catalog', bundled, providing).compatible).toBe(true);
  });

  it('refuses a remote that imports a router name the part of the router the shell shares lacks', () => {
    const routerShell: FederationManifest = {
      ...shell,
      release: { provides: { 'react-router-dom': ['Link', 'useParams'] } },
    };
    const uses = (names: string[]) => remote({ release: { uses: { 'react-router-dom': names } } });
    expect(checkCompatibility('mf_catalog', uses(['Link']), routerShell).problems).toEqual([]);
    expect(
      checkCompatibility('mf_catalog', uses(['Link', 'useBlocker', 'Form']), routerShell).problems,
    ).toEqual([
      "it imports useBlocker, Form from react-router-dom, which the shell 1.3.0's copy does not export: add them to the part of react-router-dom the shell shares (tools/rspack/shared-subsets) and deploy that shell first",
    ]);
  });

  it('checks only version ranges against a shell built without export lists', () => {
    const old = { ...shell, release: undefined };
    const uses = remote({ release: { uses: { '@circo/shared-web': ['Anything'] } } });
    expect(checkCompatibility('mf_catalog', uses, old).compatible).toBe(true);
  });
});

describe('isFederationManifest', () => {
  it('tells a manifest from other JSON', () => {
    expect(isFederationManifest(remote())).toBe(true);
    for (const bad of [null, [], {}, { shared: [], exposes: 'x' }, { shared: [{}], exposes: [] }]) {
      expect(isFederationManifest(bad)).toBe(false);
    }
    expect(isFederationManifest({ shared: [], exposes: [], release: { uses: { a: [1] } } })).toBe(
      false,
    );
    expect(
      isFederationManifest({ shared: [], exposes: [], release: { runtime: { mode: 'shared' } } }),
    ).toBe(false);
    expect(
      isFederationManifest({
        shared: [],
        exposes: [],
        release: { runtime: { mode: 'external', version: '2.9.2' } },
      }),
    ).toBe(true);
  });
});
