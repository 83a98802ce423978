import { readFile } from 'node:fs/promises';
import { REMOTES, type RemotesFile } from '@circo/shared-contracts';

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

/**
 * `/remotes.json`: the defaults (each remote served by this server), overridden entry by entry by
 * the operator's file. Read on every request, so re-pointing a remote needs no restart.
 */
export async function readRemotes(file: string): Promise<RemotesFile> {
  let overrides: RemotesFile = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      overrides = parsed as RemotesFile;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      console.error(`remotes file ${file} is not valid JSON; using the defaults`, err);
    }
  }
  return { ...defaultRemotes(), ...overrides };
}

/** Origins other than our own that the remotes are loaded from, for the Content-Security-Policy. */
export function remoteOrigins(remotes: RemotesFile): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(remotes)) {
    const entry = typeof value === 'string' ? value : value.entry;
    if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}
