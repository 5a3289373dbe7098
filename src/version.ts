// The package version. The bundle has it written in by the build (esbuild's `define`), so a command
// line reads no file for it; the sources read it once from the package's package.json.
// process.getBuiltinModule, not `import … from 'node:fs'`: the ESM facade of fs loads its streams.
import { packageFile } from './package.js';
declare const __teamctlVersion: string | undefined;

let cached: string | undefined = typeof __teamctlVersion === 'string' ? __teamctlVersion : undefined;
export function version(): string {
  cached ??= (JSON.parse(process.getBuiltinModule('node:fs').readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
  return cached;
}
