// Node's module compile cache (Node 22.1 and newer): V8's compiled code of the bundle kept between
// runs, so a command line does not compile teamctl and its libraries again each time
// (`teamctl help environment`, "Other variables"). The launcher (bin/teamctl.js) turns it on
// before it loads the CLI. A cache that cannot be written costs nothing and says nothing.
import { join } from 'node:path';
import envPaths from 'env-paths';

/**
 * The folder of teamctl's compile cache under the user's cache folder (env-paths', from the
 * process's environment), or undefined when `env` decides otherwise: NODE_COMPILE_CACHE (Node then keeps its cache there itself) or
 * TEAMCTL_NO_COMPILE_CACHE=1 (none).
 */
export function compileCacheFolder(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_COMPILE_CACHE !== undefined || env.TEAMCTL_NO_COMPILE_CACHE === '1') return undefined;
  return join(envPaths('teamctl', { suffix: '' }).cache, 'compile-cache');
}

/** Turns the cache on where Node has one; never throws, never writes a word. */
export function enableCompileCache(env: NodeJS.ProcessEnv = process.env): void {
  const { enableCompileCache: enable } = process.getBuiltinModule('node:module') as { enableCompileCache?: (folder: string) => unknown };
  const folder = enable ? compileCacheFolder(env) : undefined;
  if (enable === undefined || folder === undefined) return;
  try {
    enable(folder);
  } catch {
    // A cache folder that cannot be made or written: teamctl runs without one.
  }
}
