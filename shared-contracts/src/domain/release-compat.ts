/**
 * Whether a remote's build can go live beside the deployed shell: the one rule used by
 * `npm run release:check` and by the API when it reads the operator's remotes file.
 *
 * The shell loads first and its shared singletons win (`shareStrategy: 'loaded-first'`), so the
 * remote runs on the shell's copies whatever it was built against. A pair is compatible when:
 * - the remote exposes every module the shell mounts (`./App`);
 * - every singleton the remote shares is provided by the shell (else it would run a second copy:
 *   a second React, session or cart), in a version inside the range the remote requires (its own
 *   package.json range; Module Federation would only warn and run it anyway);
 * - every name the remote imports from a shared package the shell lists (`release.provides`:
 *   shared-web's public-api snapshot, the shared subsets of third-party packages) is exported by the
 *   shell's copy;
 * - a remote built without its own Module Federation runtime (`release.runtime.mode` 'external')
 *   runs under a shell that provides one (mode 'provides') of the same major version.
 */
import semver from 'semver';

/** The modules the shell mounts from every remote. */
export const REMOTE_EXPOSES = ['./App'] as const;

/** The parts of an `mf-manifest.json` (Module Federation 2) the check reads. */
export interface FederationManifest {
  id?: string;
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string; buildName?: string } };
  shared?: Array<{
    name: string;
    version?: string;
    singleton?: boolean;
    requiredVersion?: string | false;
  }>;
  exposes?: Array<{ name?: string; path?: string }>;
  /** Added by our build (tools/rspack/releaseManifestPlugin.mjs). */
  release?: {
    appVersion?: string;
    /**
     * How the app gets the Module Federation runtime: the shell 'provides' it to the page, a
     * remote bundles its own ('bundled') or uses the shell's ('external'). Absent in builds made
     * before it was recorded (they bundle theirs). `version`: the runtime's (@module-federation).
     */
    runtime?: { mode?: RuntimeMode; version?: string };
    /** Remote: names it imports from each shared package. */
    uses?: Record<string, string[]>;
    /** Shell: names each shared package it provides exports. */
    provides?: Record<string, string[]>;
    /** Remote: each CSS file -> the key its CSS loading finds a linked stylesheet by (`data-rspack`). */
    cssChunks?: Record<string, string>;
    /**
     * Remote: its server bundle (the first screen, shared-contracts first-screen.ts), published
     * next to the manifest: `file` relative to the manifest's URL, `integrity` its SHA-384 as in
     * Subresource Integrity (`sha384-<base64>`). The API runs it only if the fetched file matches.
     */
    firstScreen?: { file: string; integrity: string };
  };
}

export type RuntimeMode = 'provides' | 'bundled' | 'external';

export interface CompatibilityReport {
  compatible: boolean;
  /** One sentence per problem, each naming what to change. */
  problems: string[];
  remoteVersion: string | null;
  shellVersion: string | null;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** The release version a manifest declares (`release.appVersion`, else `buildVersion`). */
export function manifestVersion(m: FederationManifest): string | null {
  const v = m.release?.appVersion ?? m.metaData?.buildInfo?.buildVersion;
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Whether parsed JSON has the shape of a Module Federation manifest (fetched text is untrusted). */
export function isFederationManifest(x: unknown): x is FederationManifest {
  if (!isObject(x) || !Array.isArray(x.shared) || !Array.isArray(x.exposes)) return false;
  const sharedOk = x.shared.every(
    (s) =>
      isObject(s) &&
      typeof s.name === 'string' &&
      (s.version === undefined || typeof s.version === 'string') &&
      (s.requiredVersion === undefined ||
        s.requiredVersion === false ||
        typeof s.requiredVersion === 'string'),
  );
  const exposesOk = x.exposes.every((e) => isObject(e));
  const release = x.release;
  const runtime = isObject(release) ? release.runtime : undefined;
  const runtimeOk =
    runtime === undefined ||
    (isObject(runtime) &&
      (runtime.mode === undefined ||
        ['provides', 'bundled', 'external'].includes(runtime.mode as string)) &&
      (runtime.version === undefined || typeof runtime.version === 'string'));
  const releaseOk =
    release === undefined ||
    (isObject(release) &&
      runtimeOk &&
      ['uses', 'provides'].every((k) => {
        const map = release[k];
        return (
          map === undefined ||
          (isObject(map) &&
            Object.values(map).every(
              (names) => Array.isArray(names) && names.every((n) => typeof n === 'string'),
            ))
        );
      }));
  return sharedOk && exposesOk && releaseOk;
}

const exposed = (m: FederationManifest): string[] =>
  (m.exposes ?? []).map((e) => e.path ?? (e.name ? `./${e.name}` : '')).filter(Boolean);

/** Checks remote `remote` (its manifest) against the deployed shell's manifest. */
export function checkCompatibility(
  remote: string,
  remoteManifest: FederationManifest,
  shellManifest: FederationManifest,
): CompatibilityReport {
  const problems: string[] = [];
  const shellVersion = manifestVersion(shellManifest);
  const shellLabel = `the shell${shellVersion ? ` ${shellVersion}` : ''}`;

  const name = remoteManifest.name ?? remoteManifest.id;
  if (name !== remote) {
    problems.push(`the manifest is the one of "${name ?? '?'}", not of ${remote}`);
  }
  const exposes = exposed(remoteManifest);
  for (const needed of REMOTE_EXPOSES) {
    if (!exposes.includes(needed)) {
      problems.push(
        `it does not expose ${needed}, which the shell mounts (it exposes: ${exposes.join(', ') || 'nothing'})`,
      );
    }
  }

  const provided = new Map((shellManifest.shared ?? []).map((s) => [s.name, s]));
  for (const s of remoteManifest.shared ?? []) {
    if (!s.singleton) continue;
    const mine = provided.get(s.name);
    if (!mine?.version) {
      problems.push(
        `it shares ${s.name} as a singleton but ${shellLabel} does not provide it: it would run a second copy`,
      );
      continue;
    }
    const range = s.requiredVersion;
    if (typeof range === 'string' && !semver.satisfies(mine.version, range)) {
      problems.push(
        `it requires ${s.name} ${range} but ${shellLabel} provides ${mine.version}: deploy a shell that provides ${s.name} ${range} first, or rebuild the remote for ${mine.version}`,
      );
    }
  }

  const runtime = remoteManifest.release?.runtime;
  if (runtime?.mode === 'external') {
    const shellRuntime = shellManifest.release?.runtime;
    const major = (v?: string) => v?.split('.')[0];
    if (shellRuntime?.mode !== 'provides') {
      problems.push(
        `it was built to use the shell's Module Federation runtime (experiments.externalRuntime) but ${shellLabel} does not provide one: deploy a shell that provides it (experiments.provideExternalRuntime) first, or rebuild the remote with its own runtime`,
      );
    } else if (
      runtime.version &&
      shellRuntime.version &&
      major(runtime.version) !== major(shellRuntime.version)
    ) {
      problems.push(
        `it was built for Module Federation runtime ${runtime.version} but ${shellLabel} provides ${shellRuntime.version}: rebuild the remote with the shell's Module Federation version`,
      );
    }
  }

  const provides = shellManifest.release?.provides ?? {};
  for (const [pkg, names] of Object.entries(remoteManifest.release?.uses ?? {})) {
    const available = provides[pkg];
    // a shell built before export lists were written: the version ranges above are the check
    if (!available) continue;
    const missing = names.filter((n) => !available.includes(n));
    if (missing.length > 0) {
      const version = provided.get(pkg)?.version;
      const them = missing.length > 1 ? 'them' : 'it';
      // shared-web is ours (semver); of a third-party package the shell may share a part (tools/rspack/shared-subsets)
      const fix =
        pkg === '@circo/shared-web'
          ? `release ${pkg} with ${them} (a minor version), deploy that shell first, and require that version in the remote's package.json`
          : `add ${them} to the part of ${pkg} the shell shares (tools/rspack/shared-subsets) and deploy that shell first`;
      problems.push(
        `it imports ${missing.join(', ')} from ${pkg}, which ${shellLabel}'s copy${version ? ` (${pkg} ${version})` : ''} does not export: ${fix}`,
      );
    }
  }

  return {
    compatible: problems.length === 0,
    problems,
    remoteVersion: manifestVersion(remoteManifest),
    shellVersion,
  };
}
