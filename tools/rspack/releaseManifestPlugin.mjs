// Writes what a release check needs into the app's mf-manifest.json: its release version
// (`buildVersion`, `release.appVersion`) and, for shared-web, the names a remote imports
// (`release.uses`) or the names the shell's copy exports (`release.provides`, from the committed
// public-api snapshot). See shared-contracts/src/domain/release-compat.ts for the rule.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SHARED_WEB = '@circo/shared-web';
const IMPORT = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@circo\/shared-web['"]/g;
const TYPE_ONLY = /(?:import|export)\s+type\s/;

/** The value names (not types, which leave no trace at run time) `srcDir` imports from shared-web. */
export function sharedWebImports(srcDir) {
  const names = new Set();
  const files = readdirSync(srcDir, { recursive: true }).filter(
    (f) => /\.[jt]sx?$/.test(f) && !/\.spec\.[jt]sx?$/.test(f),
  );
  for (const file of files) {
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (TYPE_ONLY.test(m[0].slice(0, 12))) continue;
      for (const part of m[1].split(',')) {
        const spec = part.trim();
        if (!spec || spec.startsWith('type ')) continue;
        names.add(spec.split(/\s+as\s+/)[0].trim());
      }
    }
  }
  return [...names].sort();
}

export class ReleaseManifestPlugin {
  /** @param {{ appVersion: string, host: boolean, srcDir: string, publicApiFile: string }} o */
  constructor(o) {
    this.o = o;
  }

  apply(compiler) {
    const { appVersion, host, srcDir, publicApiFile } = this.o;
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
                provides: {
                  [SHARED_WEB]: Object.keys(
                    JSON.parse(readFileSync(publicApiFile, 'utf8')).exports,
                  ),
                },
              }
            : { appVersion, uses: { [SHARED_WEB]: sharedWebImports(srcDir) } };
          compilation.updateAsset(
            'mf-manifest.json',
            new compiler.rspack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}
