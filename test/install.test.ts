// The README's install story (README, "Install"), run on a clean clone: `npm ci`, the launcher,
// `npm link` and its `npm unlink`, then a tarball packed without any tag, its checksum, a global
// install from it and its removal. npm's global folder is a temporary one, so nothing outside it
// changes. `npm ci` itself is what `bash .ci/run` runs on its fresh clone before the tests: here the
// clone gets what it leaves, this checkout's node_modules (the same lockfile) and dist/ (its
// `prepare`, which `npm test` ran again), and npm runs no script, so `npm link` and `npm pack` do
// not build it a second and a third time (minutes on a busy machine).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { topics } from '../src/help/topics.js';
import { bundleChunks, withStaticImports } from './helpers/bundle.js';
import { commandPaths } from './helpers/command-paths.js';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

/** The README's "Install" section, up to the next `## ` heading. */
const install = ((): string => {
  const start = readme.indexOf('\n## Install\n');
  expect(start).toBeGreaterThanOrEqual(0);
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
})();
/** Each fenced block's command lines, comments dropped. */
const blocks = [...install.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((b) => (b[1] ?? '').trim().split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()));

const paths = await commandPaths();
const fixture = (path: string): string => join(root, 'test', 'fixtures', 'real', path);

/**
 * Runs the installed `teamctl` (on PATH) the ways that load every chunk of the bundle that holds a
 * package, each command module and each help topic: what fails only once installed (a file the
 * bundle looks for by path, a package's exports across chunks) shows here. The chunks loaded are
 * listed by a loader hook and from require.cache, as test/program.test.ts does.
 */
function runsEveryChunk(sh: (line: string, cwd?: string) => { status: number | null; out: string }, dir: string): void {
  const log = join(dir, 'loaded.txt');
  const hook = `data:text/javascript,${encodeURIComponent(`import { appendFileSync } from 'node:fs'; export async function load(url, context, next) { if (url.includes('/dist/')) appendFileSync(${JSON.stringify(log)}, url.slice(url.indexOf('/dist/') + 6) + '\\n'); return next(url, context); }`)}`;
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(hook)});`)}`;
  // The core, which the launcher requires rather than imports, is listed from require.cache on exit.
  const required = join(dir, 'required.cjs');
  writeFileSync(required, `process.on('exit', () => { for (const f of Object.keys(require.cache)) if (f.includes('/dist/')) require('node:fs').appendFileSync(${JSON.stringify(log)}, f.slice(f.lastIndexOf('/dist/') + 6) + '\\n'); });`);
  writeFileSync(join(dir, 'terms.csv'), 'en,fr\nhermosa,belle\n');
  const lines = [
    ...paths.map((p) => `teamctl ${p.join(' ')} --help`),
    ...Object.keys(topics).map((t) => `teamctl help ${t}`),
    'teamctl completion bash',
    'teamctl config set output tsv',
    `teamctl sandbox -- sh -c ${JSON.stringify(
      [
        'teamctl members list -o table',
        // In a terminal: colour (chalk) and a table as wide as the terminal (string-width).
        `python3 ${join(root, 'test', 'helpers', 'pty.py')} 60 24 "" -- teamctl members list -o table`,
        'teamctl members list -o csv',
        'teamctl members list --jq ".[0].organization.user.email"',
        'teamctl glossary import terms.csv --dry-run',
        `teamctl glossary import ${fixture('tbx-basic-v3/LTAC-Example_Astronomy_DCA_VALID.cut.tbx')} --dry-run`,
        `teamctl glossary import ${fixture('xlsx/tealeg-googleDocsTest.xlsx')} --languages en,fr --dry-run`,
        'teamctl glossary export --format tbx -f terms-out.tbx',
        'teamctl access list -o markdown',
        'teamctl audit list',
        'teamctl whoami',
      ].join(' && '),
    )}`,
  ];
  const run = (line: string) => sh(`NODE_OPTIONS="--require=${required} --import=${register}" TEAMCTL_CONFIG_DIR=${JSON.stringify(join(dir, 'config'))} ${line}`, dir);
  for (const line of lines) {
    const r = run(line);
    expect(r.status, `${line}\n${r.out}`).toBe(0);
  }
  // Through a proxy, undici's whole package (`teamctl help environment`): none answers on port 9.
  const proxied = run(`TEAMCTL_TOKEN=${'x'.repeat(40)} HTTPS_PROXY=http://127.0.0.1:9 teamctl --base-url https://service.invalid --org acme whoami`);
  expect(proxied.out).toMatch(/^error: .*127\.0\.0\.1:9/m);
  expect(proxied.out).not.toContain('unexpected failure');
  const loaded = withStaticImports(readFileSync(log, 'utf8').trim().split('\n'));
  const chunks = bundleChunks();
  const withPackages = [...chunks].filter(([, c]) => c.packages.length > 0).map(([name]) => name);
  expect(withPackages.filter((c) => !loaded.has(c))).toEqual([]);
  // A command module is named by its path in the tree, or by its noun (`sandbox accept` is in commands/sandbox.js).
  const commandModules = new Set(paths.filter((p) => p.length > 0).flatMap((p) => [`commands/${p.join('/')}.js`, `commands/${p[0]}.js`]));
  const commandChunks = [...chunks].filter(([, c]) => c.modules.some((m) => commandModules.has(m))).map(([name]) => name);
  expect(commandChunks.length).toBeGreaterThan(30); // 40 command modules as the tree stands
  expect(commandChunks.filter((c) => !loaded.has(c))).toEqual([]);
}

describe('the README install, on a clean clone', () => {
  it('names one story: npm ci, the launcher or npm link (and npm unlink), a tarball for CI', () => {
    expect(blocks).toEqual([
      ['npm ci', 'node bin/teamctl.js --help', 'npm link'],
      ['npm pack', `sha256sum teamctl-${version}.tgz > teamctl-${version}.tgz.sha256`, `npm install --global ./teamctl-${version}.tgz`, 'npm uninstall --global teamctl'],
    ]);
    expect(install).toContain('`npm unlink --global teamctl`');
    expect(install).not.toMatch(/git checkout v\d/);
  });

  // A clone needs a git checkout: Stryker's copy of the project (test/MUTATION.md) has no .git, and
  // there this test, which imports the help topics and so relates to most of src, would also run
  // for minutes for every mutant.
  it.skipIf(!existsSync(join(root, '.git')))('runs every install line on a fresh clone, without a tag', () => {
    const parent = mkdtempSync(join(tmpdir(), 'teamctl-install-'));
    const clone = join(parent, 'teamctl');
    const prefix = mkdtempSync(join(tmpdir(), 'teamctl-npm-global-'));
    const env = {
      ...process.env,
      PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
      npm_config_prefix: prefix,
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      npm_config_ignore_scripts: 'true',
    };
    const sh = (line: string, cwd = clone): { status: number | null; out: string } => {
      const r = spawnSync('sh', ['-c', line], { cwd, env, encoding: 'utf8', timeout: 150_000 });
      return { status: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const ok = (line: string, cwd = clone): string => {
      const r = sh(line, cwd);
      expect(r.status, `${line}\n${r.out}`).toBe(0);
      return r.out;
    };
    ok(`git clone --quiet ${JSON.stringify(root)} teamctl`, parent);
    expect(sh('git tag --list').out.trim()).toBe('');
    const linked = join(prefix, 'bin', 'teamctl');

    // What npm ci leaves: the dependencies, and dist/ built by its `prepare`.
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
    cpSync(join(root, 'dist'), join(clone, 'dist'), { recursive: true });
    expect(ok('node bin/teamctl.js --help')).toMatch(/^Usage: teamctl/);
    ok('npm link');
    expect(ok('teamctl --version').trim()).toBe(version);
    ok('npm unlink --global teamctl');
    expect(existsSync(linked)).toBe(false);

    const [pack, checksum, installLine, uninstall] = blocks[1] as string[];
    ok(pack as string);
    const tarball = join(clone, `teamctl-${version}.tgz`);
    expect(existsSync(tarball)).toBe(true);
    ok(checksum as string);
    const sum = createHash('sha256').update(readFileSync(tarball)).digest('hex');
    expect(readFileSync(`${tarball}.sha256`, 'utf8')).toBe(`${sum}  teamctl-${version}.tgz\n`);
    ok(`sha256sum --check --strict teamctl-${version}.tgz.sha256`);
    // The tarball holds teamctl bundled with its dependencies: installed offline, nothing beside it.
    ok(`npm_config_offline=true ${installLine as string}`);
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['teamctl']);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'teamctl', 'node_modules'))).toBe(false);
    expect(ok('teamctl --version').trim()).toBe(version);
    expect(ok('teamctl help exit-codes')).toMatch(/^# Exit codes/);
    runsEveryChunk(sh, parent);
    ok(uninstall as string);
    expect(existsSync(linked)).toBe(false);
  }, 300_000);
});
