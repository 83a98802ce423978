// Writes what a release check needs into the app's mf-manifest.json: its release version
// (`buildVersion`, `release.appVersion`) and, for shared-web and the shared subsets, the names a remote
// imports (`release.uses`) or the names the shell's copy exports (`release.provides`, from the
// committed public-api snapshot and tools/rspack/shared-subsets), and how it gets the Module
// Federation runtime (`release.runtime`: the shell 'provides' it, a remote has its own, 'bundled',
// or uses the shell's, 'external'). See shared-contracts/src/domain/release-compat.ts for the rule.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SHARED_WEB = '@circo/shared-web';
const TYPE_ONLY = /(?:import|export)\s+type\s/;
const NAMED_FROM = (from) =>
  new RegExp(
    `(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${from.replace(/[/.]/g, '\\$&')}['"]`,
    'g',
  );

/** The value names (not types, which leave no trace at run time) named in `{ ... } from <from>`. */
export function namedIn(text, from) {
  const names = new Set();
  for (const m of text.matchAll(NAMED_FROM(from))) {
    if (TYPE_ONLY.test(m[0].slice(0, 12))) continue;
    for (const part of m[1].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.add(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/**
 * Sources that only the server runs (the first-screen bundles: `server.tsx`, `*.server.ts`): what
 * they import is not taken from the shared modules of the page, so it is no release contract.
 */
export const SERVER_ONLY = /(?:^|[/\\])server\.[jt]sx?$|\.server\.[jt]sx?$/;

/** The value names `srcDir` (its non-test sources that run in the browser) imports from any of `packages`. */
export function importsOf(srcDir, packages) {
  const names = new Set();
  const files = readdirSync(srcDir, { recursive: true }).filter(
    (f) => /\.[jt]sx?$/.test(f) && !/\.spec\.[jt]sx?$/.test(f) && !SERVER_ONLY.test(f),
  );
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const pkg of packages) for (const n of namedIn(text, pkg)) names.add(n);
  }
  return [...names].sort();
}

/** The value names `srcDir` imports from shared-web. */
export const sharedWebImports = (srcDir) => importsOf(srcDir, [SHARED_WEB]);

/** The names a module re-exports (`export { a, b as c } from '...'`: a and c). */
export function exportedNames(text) {
  const names = [];
  for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*from/g)) {
    for (const part of m[1].split(',')) {
      const spec = part.trim();
      if (spec)
        names.push(
          spec
            .split(/\s+as\s+/)
            .pop()
            .trim(),
        );
    }
  }
  return names.sort();
}

/**
 * Each CSS file of the build -> the key Rspack's CSS loading finds an existing stylesheet by (its
 * `data-rspack` attribute). The server links a remote's page CSS itself, with a root-relative
 * href the runtime does not recognise for a remote (its public path is absolute); with the key,
 * the runtime takes that stylesheet instead of linking it again (a second parse and style pass).
 */
function cssChunkKeys(compilation) {
  const unique = compilation.outputOptions.uniqueName;
  const keys = {};
  for (const chunk of compilation.chunks) {
    for (const file of chunk.files) {
      if (file.endsWith('.css')) keys[file] = `${unique}:chunk-${chunk.id}`;
    }
  }
  return keys;
}

export class ReleaseManifestPlugin {
  /**
   * @param {{ appVersion: string, host: boolean, srcDir: string, publicApiFile: string,
   *   runtime: { mode: 'provides' | 'bundled' | 'external', version: string },
   *   subsetExports: Record<string, string[]>,
   *   subsetImports: (srcDir: string) => Record<string, string[]> }} o
   */
  constructor(o) {
    this.o = o;
  }

  apply(compiler) {
    const { appVersion, host, srcDir, publicApiFile, runtime, subsetExports, subsetImports } =
      this.o;
    compiler.hooks.thisCompilation.tap('ReleaseManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // after the Module Federation manifest plugin (stage OPTIMIZE_TRANSFER) emitted it
        {
          name: 'ReleaseManifestPlugin',
          stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString());
          manifest.metaData.buildInfo = {
            ...manifest.metaData.buildInfo,
            buildVersion: appVersion,
          };
          manifest.release = host
            ? {
                appVersion,
                runtime,
                provides: {
                  [SHARED_WEB]: Object.keys(
                    JSON.parse(readFileSync(publicApiFile, 'utf8')).exports,
                  ),
                  ...subsetExports,
                },
              }
            : {
                appVersion,
                runtime,
                uses: { [SHARED_WEB]: sharedWebImports(srcDir), ...subsetImports(srcDir) },
                cssChunks: cssChunkKeys(compilation),
              };
          compilation.updateAsset(
            'mf-manifest.json',
            new compiler.rspack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}
