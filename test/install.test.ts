// The README's install story (README, "Install"), run on a clean clone: `npm ci`, the launcher,
// `npm link` and its `npm unlink`, then a tarball packed without any tag, its checksum, a global
// install from it and its removal. npm's global folder is a temporary one, so nothing outside it
// changes. `npm ci` itself is what `bash .ci/run` runs on its fresh clone before the tests: here the
// clone gets what it leaves, this checkout's node_modules (the same lockfile) and dist/ (its
// `prepare`, which `npm test` ran again), and npm runs no script, so `npm link` and `npm pack` do
// not build it a second and a third time (minutes on a busy machine).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe('the README install, on a clean clone', () => {
  it('names one story: npm ci, the launcher or npm link (and npm unlink), a tarball for CI', () => {
    expect(blocks).toEqual([
      ['npm ci', 'node bin/teamctl.js --help', 'npm link'],
      ['npm pack', `sha256sum teamctl-${version}.tgz > teamctl-${version}.tgz.sha256`, `npm install --global ./teamctl-${version}.tgz`, 'npm uninstall --global teamctl'],
    ]);
    expect(install).toContain('`npm unlink --global teamctl`');
    expect(install).not.toMatch(/git checkout v\d/);
  });

  it('runs every install line on a fresh clone, without a tag', () => {
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
    ok(installLine as string);
    expect(ok('teamctl --version').trim()).toBe(version);
    expect(ok('teamctl help exit-codes')).toMatch(/^# Exit codes/);
    ok(uninstall as string);
    expect(existsSync(linked)).toBe(false);
  }, 300_000);
});
