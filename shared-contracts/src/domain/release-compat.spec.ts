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
  });
});
