// Lists a remote's server bundle in its mf-manifest.json (`release.firstScreen`), with its SHA-384
// as in Subresource Integrity, once the server build emitted it: an API that serves the remote from
// another origin fetches the bundle next to the manifest and runs it only if the hash matches
// (api/src/web/server-bundles.ts). The browser build writes the manifest first (the server
// configuration depends on it), so this runs after it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export class FirstScreenManifestPlugin {
  /** @param {{ outDir: string }} o  the app's dist (the manifest's folder) */
  constructor(o) {
    this.o = o;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('FirstScreenManifestPlugin', (compilation) => {
      const manifestFile = join(this.o.outDir, 'mf-manifest.json');
      const bundle = join(compiler.options.output.path, 'first-screen.cjs');
      // a watch build of the browser may keep its manifest in memory: nothing to list it in
      if (compilation.errors.length > 0 || !existsSync(manifestFile) || !existsSync(bundle)) return;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const integrity = `sha384-${createHash('sha384').update(readFileSync(bundle)).digest('base64')}`;
      manifest.release = {
        ...manifest.release,
        firstScreen: { file: relative(this.o.outDir, bundle).split('\\').join('/'), integrity },
      };
      writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    });
  }
}
