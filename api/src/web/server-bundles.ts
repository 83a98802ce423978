import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isFederationManifest } from '@circo/shared-contracts';
import { fetchWithin } from './fetch-within.js';
import type { BundleCode } from './render-protocol.js';

/** How long a bundle that could not be fetched is not asked for again. */
export const UNREACHABLE_RETRY_MS = 30_000;
/** A server bundle larger than this is not run (ours are about 1 MB). */
export const MAX_BUNDLE_BYTES = 32 * 1_048_576;

type Fetched = { bundle: Required<BundleCode> | null; until: number };

/**
 * Where the first screen's server bundles come from. A bundle this server serves is
 * read from its dist (again when a new build replaces the file). A remote released on another
 * origin publishes its bundle next to its manifest, listed in it (`release.firstScreen`) with its
 * SHA-384: it is fetched once per release (manifest URL and version), and used only if the bytes
 * match that hash; a release without one, or whose bundle does not match, has its pages rendered
 * by the browser, and the log says why (once per release). Either way, the code runs in the page
 * renderer's process (page-renderer.ts), never in the API's.
 */
export class ServerBundles {
  private readonly files = new Map<string, { stamp: string; bundle: Required<BundleCode> }>();
  /** Per remote, its last release asked for (one kept: a new release replaces it). */
  private readonly released = new Map<string, { release: string; fetched: Promise<Fetched> }>();

  constructor(
    private readonly timeoutMs: number,
    private readonly log: (msg: string, err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** A bundle file of this server; null when there is none. */
  async local(file: string): Promise<Required<BundleCode> | null> {
    let stamp: string;
    try {
      const s = await stat(file);
      stamp = `${s.mtimeMs}:${s.size}`;
    } catch {
      this.files.delete(file);
      return null;
    }
    const hit = this.files.get(file);
    if (hit?.stamp === stamp) return hit.bundle;
    let code: string;
    try {
      code = await readFile(file, 'utf8');
    } catch {
      return null;
    }
    const bundle = { key: `${file}@${stamp}`, file, code };
    this.files.set(file, { stamp, bundle });
    return bundle;
  }

  /** The server bundle of `remote`'s release at `manifestUrl`; null when it has no usable one. */
  async fromRelease(
    remote: string,
    manifestUrl: string,
    version: string | undefined,
  ): Promise<Required<BundleCode> | null> {
    const release = `${manifestUrl} ${version ?? ''}`;
    const known = this.released.get(remote);
    if (known?.release === release) {
      const got = await known.fetched;
      if (got.until > this.now()) return got.bundle;
    }
    const fetched = this.fetchRelease(remote, manifestUrl);
    this.released.set(remote, { release, fetched });
    return (await fetched).bundle;
  }

  private async fetchRelease(remote: string, manifestUrl: string): Promise<Fetched> {
    const refused = (why: string): Fetched => {
      this.log(`${remote} at ${manifestUrl}: ${why}; the browser renders its pages`, null);
      // a release at a URL never changes: kept until another one is configured
      return { bundle: null, until: Infinity };
    };
    let listed: { file: string; integrity: string } | undefined;
    let bundleUrl: string;
    let bytes: Buffer;
    try {
      const manifest: unknown = JSON.parse(
        (await this.get(manifestUrl, 1_048_576)).toString('utf8'),
      );
      if (!isFederationManifest(manifest)) return refused('it is not a Module Federation manifest');
      listed = manifest.release?.firstScreen;
      if (typeof listed?.file !== 'string' || typeof listed.integrity !== 'string') {
        return refused('its manifest lists no server bundle (release.firstScreen)');
      }
      bundleUrl = new URL(listed.file, manifestUrl).href;
      bytes = await this.get(bundleUrl, MAX_BUNDLE_BYTES);
    } catch (err) {
      this.log(
        `${remote} at ${manifestUrl}: its server bundle could not be fetched (${(err as Error).message}); the browser renders its pages, asked again in ${UNREACHABLE_RETRY_MS / 1000} s`,
        null,
      );
      return { bundle: null, until: this.now() + UNREACHABLE_RETRY_MS };
    }
    const m = /^sha384-([A-Za-z0-9+/]+={0,2})$/.exec(listed.integrity);
    if (!m) return refused(`its server bundle's integrity "${listed.integrity}" is not sha384-…`);
    const expected = Buffer.from(m[1], 'base64');
    const actual = createHash('sha384').update(bytes).digest();
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return refused(
        `its server bundle ${bundleUrl} does not match the integrity hash in its manifest (sha384-${actual.toString('base64')} fetched, ${listed.integrity} listed)`,
      );
    }
    return {
      bundle: { key: listed.integrity, file: bundleUrl, code: bytes.toString('utf8') },
      until: Infinity,
    };
  }

  /** The body at `url`, within the timeout and `maxBytes`. */
  private async get(url: string, maxBytes: number): Promise<Buffer> {
    const res = await fetchWithin(url, this.timeoutMs);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw new Error(`${url} is larger than ${maxBytes} bytes`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > maxBytes) throw new Error(`${url} is larger than ${maxBytes} bytes`);
    return body;
  }
}
