// What the bundle (dist/, built by .ci/bundle.js) holds, from the metafile esbuild writes beside
// it: for each chunk, the modules of src/ in it (named as the tree's modules, `commands/whoami.js`)
// and the packages whose files it holds.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const metafilePath = fileURLToPath(new URL('../../node_modules/.cache/teamctl/meta.json', import.meta.url));

interface Metafile {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { inputs: Record<string, unknown>; imports?: { path: string; kind: string }[] }>;
}

export interface Chunk {
  /** The modules of src/ in it, by their path under src/ with `.js` for `.ts`. */
  modules: string[];
  /** The packages whose files it holds, by name. */
  packages: string[];
}

/** A package's name from a path under node_modules (the innermost package folder). */
export function packageOf(input: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)?.[1];
}

export function readMetafile(): Metafile {
  return JSON.parse(readFileSync(metafilePath, 'utf8')) as Metafile;
}

/** Each JavaScript file of dist/ by its name, with what it holds. */
export function bundleChunks(metafile: Metafile = readMetafile()): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    const inputs = Object.keys(output.inputs);
    const modules = inputs.filter((i) => i.startsWith('src/')).map((i) => i.slice(4).replace(/\.ts$/, '.js'));
    const packages = [...new Set(inputs.map(packageOf).filter((p): p is string => p !== undefined))];
    chunks.set(file.replace(/^dist\//, ''), { modules: modules.sort(), packages: packages.sort() });
  }
  return chunks;
}

/**
 * `chunks` (names in dist/) and every chunk they import statically, which Node loaded with them:
 * a chunk the bundle requires (.ci/required.js) is listed by require.cache, the chunks it imports
 * are not.
 */
export function withStaticImports(chunks: Iterable<string>, metafile: Metafile = readMetafile()): Set<string> {
  const all = new Set<string>();
  const add = (name: string): void => {
    if (all.has(name)) return;
    all.add(name);
    for (const i of metafile.outputs[`dist/${name}`]?.imports ?? []) if (i.kind === 'import-statement') add(i.path.replace(/^(dist\/|\.\/)/, ''));
  };
  for (const c of chunks) add(c);
  return all;
}
