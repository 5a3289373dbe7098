// The package version, read once from package.json next to dist/ (cheap: one small file).
// process.getBuiltinModule, not `import … from 'node:fs'`: the ESM facade of fs loads its streams.
const { readFileSync } = process.getBuiltinModule('node:fs');

let cached: string | undefined;
export function version(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;
  return cached;
}
