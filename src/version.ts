// The package version, read once from the package's package.json (cheap: one small file).
// process.getBuiltinModule, not `import … from 'node:fs'`: the ESM facade of fs loads its streams.
import { packageFile } from './package.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

let cached: string | undefined;
export function version(): string {
  cached ??= (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string })
    .version;
  return cached;
}
