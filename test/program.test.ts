// The command tree (src/program.ts) loads only the command modules a command line needs. These
// tests prove that this never changes what the program does: every command's help, and the
// usage errors of misspelt or misplaced words, are the same as the whole tree's; and that the
// modules loaded are the ones named, in a chunk of the bundle each (start-up is paid per file:
// test/bench/README.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommanderError } from 'commander';
import { main } from '../src/cli.js';
import { buildProgram } from '../src/program.js';
import { commandPaths } from './helpers/command-paths.js';
import { fakeStreams } from './helpers/streams.js';
import { bin } from './e2e/harness.js';
import { bundleChunks, withStaticImports } from './helpers/bundle.js';

/** What the whole tree (every module loaded) prints and exits with for `argv`. */
async function wholeTree(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const streams = fakeStreams();
  const program = await buildProgram({ streams, env: {} }, { exitCode: 0 });
  let code = 0;
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    code = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2;
  }
  return { code, out: streams.out(), err: streams.err() };
}

async function lazily(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const streams = fakeStreams();
  const code = await main(argv, { streams, env: {} });
  return { code, out: streams.out(), err: streams.err() };
}

const paths = await commandPaths();

describe('the command tree, loaded lazily', () => {
  it('finds every command (the walk itself is checked)', () => {
    expect(paths.map((p) => p.join(' '))).toEqual(expect.arrayContaining(['', 'auth login', 'whoami', 'members sync', 'glossary export', 'apply', 'sandbox', 'completion', 'config path', 'users teams']));
    expect(paths.length).toBeGreaterThanOrEqual(33);
  });

  it.each(paths.map((p) => [p.join(' ') || '(root)', p]))('prints the same help for %s as the whole tree', async (_name, path) => {
    const whole = await wholeTree([...(path as string[]), '--help']);
    expect(whole.out).toMatch(/^Usage: teamctl/);
    expect(await lazily([...(path as string[]), '--help'])).toEqual(whole);
  });

  it.each([
    [['membrs']],
    [['members', 'sycn']],
    [['--org', 'acme', 'members', 'sycn']],
    [['--timeout', '5', 'glossary', 'lst']],
    [['-o', 'json', 'teams', 'list', 'extra']],
    [['members', 'sync', '--bogus']],
    [['whoami', '--bogus']],
    [['config', 'get']],
    [['members']],
    [['members', 'help', 'sync']],
    [['--org=acme', 'users', 'teams']],
    [['--help', 'members']],
    [['-h', '--org', 'acme', 'glossary', 'list']],
    [['--json', '--help', 'whoami']],
  ])('says the same as the whole tree for %j', async (argv) => {
    const whole = await wholeTree(argv);
    expect(whole.out + whole.err).not.toBe('');
    expect(await lazily(argv)).toEqual(whole);
  });

  it('names each command module by the name the tree lists it under', async () => {
    const program = await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 });
    const names = program.commands.map((c) => [c.name(), ...c.commands.map((s) => `${c.name()} ${s.name()}`)]).flat();
    for (const path of paths.filter((p) => p.length > 0)) expect(names).toContain(path.join(' '));
    for (const path of paths.filter((p) => p.length === 2)) {
      const program = await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 }, path);
      const group = program.commands.find((c) => c.name() === path[0]);
      // Only the command named is loaded, under the name it declares.
      expect(group?.commands.map((c) => c.name())).toEqual([path[1]]);
    }
  });
});

const chunks = bundleChunks();

/** A script run before the launcher that lists, on exit, the ES modules of dist/ that were required (the core). */
const requiredList = join(mkdtempSync(join(tmpdir(), 'teamctl-loads-')), 'required.cjs');
writeFileSync(requiredList, "process.on('exit', () => { for (const f of Object.keys(require.cache)) if (/[\\\\/]dist[\\\\/][^\\\\/]+\\.js$/.test(f)) process.stderr.write('LOADED ' + f.slice(f.lastIndexOf('/dist/') + 6) + '\\n'); });");

/**
 * What `teamctl <argv>` loads, as a process: the chunks the launcher and the bundle require (listed
 * from require.cache) or import (a loader hook lists them), with the chunks they import; and the
 * modules of src/ and the packages those hold (.ci/bundle.js).
 */
function loaded(argv: string[], status = 0, env: Record<string, string> = {}): { chunks: string[]; modules: string[]; packages: string[] } {
  const hook = `data:text/javascript,${encodeURIComponent(
    // The hooks run on a thread of their own: written synchronously, or an exit could lose a line.
    `import { writeSync } from 'node:fs'; export async function load(url, context, next) { if (url.includes('/dist/')) writeSync(2, 'LOADED ' + url.slice(url.indexOf('/dist/') + 6) + '\\n'); return next(url, context); }`,
  )}`;
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(hook)});`)}`;
  const r = spawnSync(process.execPath, ['-r', requiredList, '--import', register, bin, ...argv], { encoding: 'utf8', env: { PATH: process.env.PATH, TEAMCTL_CONFIG_DIR: '/nonexistent', TEAMCTL_NO_COMPILE_CACHE: '1', ...env } });
  expect(r.status, r.stderr).toBe(status);
  const names = [...withStaticImports([...r.stderr.matchAll(/^LOADED (.*)$/gm)].map((m) => m[1] as string))].sort();
  const held = names.map((n) => chunks.get(n) ?? { modules: [`(not in the metafile: ${n})`], packages: [] });
  return { chunks: names, modules: held.flatMap((c) => c.modules).sort(), packages: [...new Set(held.flatMap((c) => c.packages))].sort() };
}

/** The modules of src/ that `teamctl <argv>` loads. */
const loadedModules = (argv: string[], status = 0, env: Record<string, string> = {}): string[] => loaded(argv, status, env).modules;

describe('what start-up loads', () => {
  // What every command line loads before it knows its command: one chunk, dist/cli.js (with
  // commander and esbuild's helpers). (Before it, where Node has a compile cache, the launcher
  // requires the compile cache's CommonJS file, which no loader hook sees.)
  const core = ['choices.js', 'cli.js', 'commands/command.js', 'errors.js', 'help/topics.js', 'io.js', 'output/terminal.js', 'package.js', 'program.js', 'redact.js', 'stackTrace.js', 'stdio.js', 'version.js'];
  const topLevel = ['commands/apply.js', 'commands/completion.js', 'commands/sandbox.js', 'commands/whoami.js'];
  // A top-level command module declares its own subcommands (`sandbox accept`): they are in it.
  const moduleOf = (path: string[]): string => (topLevel.includes(`commands/${path[0]}.js`) ? `commands/${path[0]}.js` : `commands/${path.join('/')}.js`);

  it('the core is one chunk, with commander and esbuild\'s helpers in it', () => {
    const help = loaded(['--help']);
    expect(chunks.get('cli.js')?.modules).toEqual(core);
    expect(chunks.get('cli.js')?.packages).toEqual(['commander']);
    const others = help.chunks.filter((c) => c !== 'cli.js');
    expect(others).toEqual([]);
  });

  it('--version: answered by the launcher alone, without a file of the bundle', () => {
    expect(loaded(['--version'])).toEqual({ chunks: [], modules: [], packages: [] });
  });

  // A command module imports its code inside its action: its help loads nothing of the domain. The
  // root help lists the top-level commands by the lines the tree keeps for them (src/program.ts).
  it.each(paths.map((p) => [p.join(' ') || '(root)', p]))('--help of %s: the core and a chunk per command module it shows, no domain code', (_name, path) => {
    const p = path as string[];
    const nounCommands = paths.filter((q) => q.length === 2 && q[0] === p[0]).map(moduleOf);
    const expected = p.length === 0 ? [] : p.length === 1 && nounCommands.length > 0 ? [...new Set(nounCommands)] : [moduleOf(p)];
    const l = loaded([...p, '--help']);
    expect(l.modules).toEqual([...core, ...expected].sort());
    expect(l.chunks).toHaveLength(1 + expected.length);
    expect(l.packages).toEqual(['commander']);
  });

  it('the .xlsx reader is loaded for an .xlsx only (`teamctl help glossary-files`, "Spreadsheets (.xlsx)")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-loads-'));
    // Files refused once read (exit 2), before any request: a CSV without a header, and a CSV named .xlsx.
    writeFileSync(join(dir, 'terms.csv'), 'hermosa,belle\n');
    writeFileSync(join(dir, 'terms.xlsx'), 'hermosa,belle\n');
    const env = { TEAMCTL_BASE_URL: 'http://127.0.0.1:9', TEAMCTL_ORG: 'acme', TEAMCTL_TOKEN: 'x'.repeat(40) };
    const xlsxModules = (file: string) => loadedModules(['glossary', 'import', join(dir, file), '--dry-run'], 2, env).filter((m) => m.startsWith('files/xlsx/'));
    expect(xlsxModules('terms.csv')).toEqual([]);
    expect(xlsxModules('terms.xlsx')).toEqual(['files/xlsx/format.js', 'files/xlsx/read.js', 'files/xlsx/zip.js']);
  });

  // A topic's text is loaded by `teamctl help <topic>` alone (src/help/topics.ts).
  it.each(['environment', 'exit-codes', 'glossary-files'])('help %s: the core, the help module and that topic only', (topic) => {
    expect(loadedModules(['help', topic])).toEqual([...core, 'help/run.js', `help/topics/${topic}.js`].sort());
  });

  it('help <command>: the command module, as its --help; an unknown word loads no topic', () => {
    expect(loadedModules(['help', 'members', 'sync'])).toEqual([...core, 'commands/members/sync.js', 'help/run.js'].sort());
    expect(loadedModules(['help', 'environmnet'], 2).filter((m) => m.startsWith('help/topics/'))).toEqual([]);
  });

  it('jq is loaded for --jq only (`teamctl help formatting`, "Filtering JSON with --jq")', () => {
    const withoutJq = loaded(['config', 'list', '--json']);
    expect(withoutJq.modules.filter((m) => m.startsWith('output/jq'))).toEqual([]);
    expect(withoutJq.packages).not.toContain('jq-wasm');
    const withJq = loaded(['config', 'list', '--jq', '.']);
    expect(withJq.modules.filter((m) => m.startsWith('output/jq'))).toEqual(['output/jq.js', 'output/jqStdin.js']);
    expect(withJq.packages).toContain('jq-wasm');
  });

  it('a command line with global options before its command loads that command only', () => {
    expect(loadedModules(['--org', 'acme', '-o', 'json', 'glossary', 'import', '--help'])).toEqual([...core, 'commands/glossary/import.js'].sort());
  });
});
