// Where the installed package's own files are: package.json, bin/teamctl.js, jq's WebAssembly. This
// file sits one folder below the package's root, as every file of the bundle does (dist/*.js, built
// by esbuild: README's 'Install'), so the same relative URL serves the sources and the bundle.
declare const __teamctlBundle: true | undefined;

/** Whether this code runs from the bundle, where the dependencies are built in (esbuild's `define`). */
export const bundled: boolean = typeof __teamctlBundle !== 'undefined';

/** A file of the package, by its path from the package's root. */
export function packageFile(path: string): URL {
  return new URL(`../${path}`, import.meta.url);
}
