import { readFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { REMOTES, hasInvalidCharacters, type RemotesFile } from '@circo/shared-contracts';
import type { ReleaseGate } from './release-gate.js';

/** The folder each remote is built into and served from (`/remotes/<folder>/`). */
export const REMOTE_FOLDERS: Record<string, string> = {
  mf_catalog: 'mf-catalog',
  mf_learning: 'mf-learning',
  mf_checkout: 'mf-checkout',
  mf_admin: 'mf-admin',
};

export function defaultRemotes(): RemotesFile {
  return Object.fromEntries(
    REMOTES.map((name) => [name, `/remotes/${REMOTE_FOLDERS[name]}/mf-manifest.json`]),
  );
}

type Entry = RemotesFile[string];

// what the Content-Security-Policy may name: a plain host (IDN already in punycode) and a port
const ORIGIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;
const VERSION = /^[\w.+-]{1,64}$/;

/** The manifest URL problem, or null when the URL is usable: a path of this site or an http(s) URL. */
function urlProblem(entry: string): string | null {
  if (/\s/.test(entry) || hasInvalidCharacters(entry))
    return 'contains spaces or control characters';
  if (entry.startsWith('/') && !entry.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'is not a URL (use https://… or a path starting with /)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (!ORIGIN_HOST.test(url.host)) return 'has an invalid host';
  return null;
}

/** The entry's problem, or null when it is a URL string or `{ entry, version? }`. */
function entryProblem(value: unknown): string | null {
  if (typeof value === 'string') return urlProblem(value);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return 'must be a URL or { "entry": URL, "version": "…" }';
  }
  const { entry, version, ...rest } = value as Record<string, unknown>;
  if (typeof entry !== 'string') return '"entry" must be a URL';
  if (version !== undefined && (typeof version !== 'string' || !VERSION.test(version))) {
    return '"version" must be a short text such as "1.4.0"';
  }
  if (Object.keys(rest).length > 0) return `unknown key(s) ${Object.keys(rest).join(', ')}`;
  return urlProblem(entry);
}

/** The operator's overrides that are usable, and a description of everything ignored. */
export function parseRemotesFile(text: string): { overrides: RemotesFile; problems: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return {
      overrides: {},
      problems: [`is not valid JSON (${(err as Error).message}): every remote keeps its default`],
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      overrides: {},
      problems: ['must be a JSON object { "<remote>": URL }: every remote keeps its default'],
    };
  }
  const overrides: RemotesFile = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    if (!(REMOTES as readonly string[]).includes(name)) {
      problems.push(`"${name}" is not a remote (known: ${REMOTES.join(', ')}): ignored`);
      continue;
    }
    const problem = entryProblem(value);
    if (problem) problems.push(`"${name}" ${problem}: it keeps its default`);
    else overrides[name] = value as Entry;
  }
  return { overrides, problems };
}

const entryOf = (value: Entry): string => (typeof value === 'string' ? value : value.entry);
const describe = (value: Entry): string =>
  typeof value === 'string' ? value : `${value.entry}${value.version ? ` (${value.version})` : ''}`;

/**
 * `/remotes.json`: the defaults (each remote served by this server), overridden entry by entry by
 * the operator's file. Read on every request, so re-pointing a remote needs no restart. An invalid
 * file or entry is ignored (the default stays) and reported once per change of the file, not per
 * request: the pages keep working whatever the file holds.
 *
 * With a release gate, each override must also load and fit the shell (the release:check rule):
 * an incompatible or unreachable one is reported once and the remote's last good entry (or its
 * default) is served instead, so a bad release never reaches a visitor.
 */
export class RemotesFileReader {
  private parsed: { key: string; overrides: RemotesFile } | null = null;
  /** Per remote, the last override that passed the gate (none: the default was last served). */
  private readonly lastGood = new Map<string, Entry>();
  /** Per remote, the last refusal reported, so each is logged once. */
  private readonly refused = new Map<string, string>();

  constructor(
    private readonly file: string,
    private readonly logger: Pick<Logger, 'warn'> = new Logger('Remotes'),
    private readonly gate: Pick<ReleaseGate, 'check'> | null = null,
  ) {}

  async read(): Promise<RemotesFile> {
    const overrides = await this.overrides();
    const remotes = defaultRemotes();
    if (!this.gate) return { ...remotes, ...overrides };
    const gate = this.gate;
    await Promise.all(
      REMOTES.map(async (name) => {
        const value = overrides[name];
        if (!value) {
          this.lastGood.delete(name);
          this.refused.delete(name);
          return;
        }
        const version = typeof value === 'string' ? undefined : value.version;
        const verdict = await gate.check(name, entryOf(value), version);
        if (verdict.ok) {
          remotes[name] = value;
          this.lastGood.set(name, value);
          this.refused.delete(name);
          return;
        }
        const fallback = this.lastGood.get(name);
        if (fallback) remotes[name] = fallback;
        const message = `remotes file ${this.file}: "${name}" ${describe(value)} is not served, ${verdict.reason}; serving ${fallback ? `the last good entry ${describe(fallback)}` : 'its default'} instead`;
        if (this.refused.get(name) !== message) {
          this.refused.set(name, message);
          this.logger.warn(message);
        }
      }),
    );
    return remotes;
  }

  /** The usable overrides of the file, parsed (and its problems reported) once per change. */
  private async overrides(): Promise<RemotesFile> {
    let text: string | null = null;
    let key: string;
    try {
      text = await readFile(this.file, 'utf8');
      key = `text:${text}`;
    } catch (err) {
      key = `error:${(err as NodeJS.ErrnoException).code ?? String(err)}`;
    }
    if (this.parsed?.key === key) return this.parsed.overrides;

    let overrides: RemotesFile = {};
    if (text !== null) {
      const parsed = parseRemotesFile(text);
      overrides = parsed.overrides;
      if (parsed.problems.length > 0) {
        this.logger.warn(`remotes file ${this.file}: ${parsed.problems.join('; ')}`);
      }
    } else if (key !== 'error:ENOENT') {
      this.logger.warn(
        `remotes file ${this.file} cannot be read (${key.slice(6)}); using the defaults`,
      );
    }
    this.parsed = { key, overrides };
    return overrides;
  }
}

/** Origins other than our own that the remotes are loaded from, for the Content-Security-Policy. */
export function remoteOrigins(remotes: RemotesFile): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(remotes)) {
    const entry = typeof value === 'string' ? value : value?.entry;
    if (typeof entry === 'string' && /^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}
