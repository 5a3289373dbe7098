// A stack trace read against the bundle's source maps (README's 'Install'): each frame in a file
// of dist/ names teamctl's source file, line and column instead, as `node --enable-source-maps`
// would, but only when a stack is shown (an unexpected failure), so no run pays for the maps.
// process.getBuiltinModule: this is part of the core every command line loads (src/cli.ts).
const { readFileSync } = process.getBuiltinModule('node:fs');
const { SourceMap } = process.getBuiltinModule('node:module');
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url');

/** `file:///…/x.js:12:34` or `/…/x.js:12:34` in a frame. */
const frame = /(file:\/\/\/[^\s()]+?\.js|\/[^\s()]+?\.js):(\d+):(\d+)/g;

/** `stack` with the frames in a file that has a source map beside it named as in the sources. */
export function sourceStack(stack: string): string {
  const maps = new Map<string, InstanceType<typeof SourceMap> | undefined>();
  const mapOf = (path: string): InstanceType<typeof SourceMap> | undefined => {
    if (!maps.has(path)) {
      try {
        maps.set(path, new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]));
      } catch {
        maps.set(path, undefined); // no map: the frame stays as it is
      }
    }
    return maps.get(path);
  };
  return stack.replace(frame, (whole, file: string, line: string, column: string) => {
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    const entry = mapOf(path)?.findEntry(Number(line) - 1, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (entry?.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return whole;
    const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(path)));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
