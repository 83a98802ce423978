import { readFile, stat } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import {
  checkCompatibility,
  isFederationManifest,
  manifestVersion,
  type FederationManifest,
} from '@circo/shared-contracts';
import { fetchWithin } from './fetch-within.js';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** How long an "unreachable" verdict is kept before the manifest is asked again. */
export const UNREACHABLE_RETRY_MS = 30_000;

/**
 * Decides whether a remote entry of the operator's remotes file may go live: its manifest is
 * fetched (with a timeout) and checked against the manifest of the shell this server serves,
 * with the rule `npm run release:check` uses. A build at a URL never changes, so a verdict is kept
 * per URL + version + shell build; "unreachable" is asked again after UNREACHABLE_RETRY_MS.
 */
export class ReleaseGate {
  private readonly verdicts = new Map<string, { verdict: Verdict; until: number }>();
  private readonly pending = new Map<string, Promise<Verdict>>();

  constructor(
    private readonly webRoot: string,
    /** Where this server serves each remote's default build from (`/remotes/<folder>/`). */
    private readonly folders: Record<string, string>,
    private readonly timeoutMs: number,
    /**
     * Where the running shell's manifest is read from, when it is not the build this server
     * serves (`npm run dev`: the shell's dev server); null: `<webRoot>/shell/dist`.
     */
    private readonly shellManifestUrl: string | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  async check(remote: string, entry: string, version: string | undefined): Promise<Verdict> {
    const shell = await this.shellManifest();
    const key = `${remote} ${entry} ${version ?? ''} ${shell.stamp}`;
    const known = this.verdicts.get(key);
    if (known && known.until > this.now()) return known.verdict;
    let p = this.pending.get(key);
    if (!p) {
      p = this.decide(remote, entry, version, shell.manifest)
        .then((verdict) => {
          const unreachable = !verdict.ok && verdict.reason.startsWith('unreachable');
          const until = unreachable ? this.now() + UNREACHABLE_RETRY_MS : Infinity;
          this.verdicts.set(key, { verdict, until });
          return verdict;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async decide(
    remote: string,
    entry: string,
    version: string | undefined,
    shell: FederationManifest | null,
  ): Promise<Verdict> {
    let manifest: unknown;
    try {
      manifest = JSON.parse(await this.load(entry));
    } catch (err) {
      return { ok: false, reason: `unreachable: ${(err as Error).message}` };
    }
    if (!isFederationManifest(manifest)) {
      return { ok: false, reason: 'it is not a Module Federation manifest' };
    }
    const built = manifestVersion(manifest);
    if (version && built && version !== built) {
      return {
        ok: false,
        reason: `the remotes file says version ${version} but the manifest is of version ${built}`,
      };
    }
    // without a shell build there is nothing to compare with: the entry is only required to load
    if (!shell) return { ok: true };
    const report = checkCompatibility(remote, manifest, shell);
    return report.compatible
      ? { ok: true }
      : {
          ok: false,
          reason: `incompatible with the shell${report.shellVersion ? ` ${report.shellVersion}` : ''}: ${report.problems.join('; ')}`,
        };
  }

  /** The manifest's text: fetched, or read from disk for a path this server serves. */
  private async load(entry: string): Promise<string> {
    if (entry.startsWith('/')) {
      const m = /^\/remotes\/([^/]+)\/(.+)$/.exec(entry);
      const folder = m && Object.values(this.folders).includes(m[1]) ? m[1] : null;
      if (!m || !folder) throw new Error(`${entry} is not served by this server`);
      const dist = join(this.webRoot, folder, 'dist');
      const file = normalize(join(dist, decodeURIComponent(m[2])));
      if (!file.startsWith(dist + sep)) throw new Error(`${entry} is not served by this server`);
      return readFile(file, 'utf8');
    }
    const res = await fetchWithin(entry, this.timeoutMs);
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    return res.text();
  }

  private async shellManifest(): Promise<{ manifest: FederationManifest | null; stamp: string }> {
    if (this.shellManifestUrl) return this.shellManifestAt(this.shellManifestUrl);
    const file = join(this.webRoot, 'shell/dist/mf-manifest.json');
    try {
      const { mtimeMs } = await stat(file);
      const stamp = String(mtimeMs);
      if (this.shell?.stamp !== stamp) {
        const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
        this.shell = { manifest: isFederationManifest(parsed) ? parsed : null, stamp };
      }
      return this.shell;
    } catch {
      return { manifest: null, stamp: 'none' };
    }
  }

  private shell: { manifest: FederationManifest | null; stamp: string } | null = null;

  /** The shell's manifest at a URL, asked each time (a dev server rebuilds it); its text is the stamp. */
  private async shellManifestAt(
    url: string,
  ): Promise<{ manifest: FederationManifest | null; stamp: string }> {
    try {
      const text = await this.load(url);
      const parsed: unknown = JSON.parse(text);
      return { manifest: isFederationManifest(parsed) ? parsed : null, stamp: text };
    } catch {
      // the shell's dev server is not up yet: nothing to compare with, as without a build
      return { manifest: null, stamp: 'none' };
    }
  }
}
