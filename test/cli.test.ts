import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { AuthError, ExitCode, GuardError, InputFileError, NotFoundError, PartialError, ServiceError, UsageError, formatProblem } from '../src/errors.js';
import { startSandbox } from '../src/sandbox/server.js';
import { fakeStreams } from './helpers/streams.js';

const env = () => ({ TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-cli-')), TEAMCTL_STATE_DIR: mkdtempSync(join(tmpdir(), 'teamctl-state-')) });

describe('exit codes (`teamctl help exit-codes`, "Exit codes")', () => {
  it('each error class carries its code', () => {
    expect(new ServiceError('x').exitCode).toBe(1);
    expect(new UsageError('x').exitCode).toBe(2);
    expect(new InputFileError([{ file: 'f', line: 1, message: 'm' }]).exitCode).toBe(2);
    expect(new GuardError('x').exitCode).toBe(3);
    expect(new AuthError('x').exitCode).toBe(4);
    expect(new NotFoundError('x').exitCode).toBe(5);
    expect(new PartialError('x').exitCode).toBe(6);
    expect(ExitCode.pending).toBe(8);
  });

  it('help and version succeed; unknown commands and options are usage errors', async () => {
    for (const [argv, code] of [
      [['--version'], 0],
      [['--help'], 0],
      [['members', 'list', '--help'], 0],
      [['nope'], 2],
      [['members', 'list', '--token', 'x'], 2],
      [['members', 'list', '--role', 'admin'], 2],
      [['-o', 'xml', 'members', 'list'], 2],
    ] as const) {
      const streams = fakeStreams();
      expect(await main([...argv], { streams, env: env() }), argv.join(' ')).toBe(code);
    }
  });

  it('prints one error line, then a hint', async () => {
    const streams = fakeStreams();
    expect(await main(['members', 'list'], { streams, env: { ...env(), TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 't', TEAMCTL_BASE_URL: 'https://api.example.com' } })).toBe(4);
    expect(streams.err()).toBe('error: no token for profile "default"\nhint: run `teamctl auth login`, or set TEAMCTL_TOKEN\n');
    expect(streams.out()).toBe('');
  });

  it('lists every problem of an input file', () => {
    const err = new InputFileError([
      { file: 'a.csv', line: 2, message: 'bad role' },
      { file: 'a.csv', line: 5, message: 'empty user' },
    ]);
    expect(err.message).toBe('2 problems in a.csv; nothing was sent');
    expect(new InputFileError([{ file: 'a.csv', line: 3, message: 'x' }]).message).toBe('a.csv:3: x');
  });

  it('a problem of the whole file (line 0) reads "file: message", in the summary and in the list', async () => {
    expect(new InputFileError([{ file: 'a.csv', line: 0, message: 'cannot read file: no such file' }]).message).toBe('a.csv: cannot read file: no such file');
    expect(formatProblem({ file: 'a.csv', line: 0, message: 'm' })).toBe('a.csv: m');
    expect(formatProblem({ file: 'a.csv', line: 7, message: 'm' })).toBe('a.csv:7: m');
    const streams = fakeStreams();
    const missing = join(mkdtempSync(join(tmpdir(), 'teamctl-cli-')), 'nope.csv');
    expect(await main(['glossary', 'import', missing], { streams, env: { ...env(), TEAMCTL_ORG: 'acme', TEAMCTL_BASE_URL: 'http://127.0.0.1:9', TEAMCTL_TOKEN: 'tok_0123456789abcdef' } })).toBe(2);
    expect(streams.err()).toBe(`error: ${missing}: cannot read file: no such file\n`);
  });

  it('redacts the token from anything it prints: a service error that quotes it, and --debug', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      // The service echoes the Authorization header back in its error message.
      sandbox.intercept((req) => ({ kind: 'respond', status: 500, body: { error: { code: 500, message: `internal: ${String(req.headers.authorization)}` } } }));
      const streams = fakeStreams();
      const code = await main(['members', 'list', '--debug', '--timeout', '1'], {
        streams,
        env: { ...env(), TEAMCTL_TOKEN: sandbox.token, TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'engineering' },
      });
      expect(code).toBe(1);
      expect(streams.err()).toContain('internal: Bearer ***');
      expect(streams.out() + streams.err()).not.toContain(sandbox.token);
    } finally {
      await sandbox.close();
    }
  });

  it('a failed write to stdout (a full disk) is exit 1 with one line, not success', async () => {
    const { spawnSync } = await import('node:child_process');
    const { openSync, closeSync } = await import('node:fs');
    const bin = new URL('../bin/teamctl.js', import.meta.url).pathname;
    const full = openSync('/dev/full', 'w');
    try {
      // --version is answered by the launcher alone (no commander): it too reports the failure.
      for (const args of [['--help'], ['--version']]) {
        const r = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
        expect(r.status).toBe(1);
        expect(r.stderr).toBe('error: could not write to standard output (ENOSPC); the output is incomplete\n');
      }
    } finally {
      closeSync(full);
    }
  });

  it("the launcher's quick --version and -V print exactly what main() prints", async () => {
    const { spawnSync } = await import('node:child_process');
    const bin = new URL('../bin/teamctl.js', import.meta.url).pathname;
    const streams = fakeStreams();
    expect(await main(['--version'], { streams, env: {} })).toBe(0);
    for (const flag of ['--version', '-V']) {
      const r = spawnSync(process.execPath, [bin, flag], { encoding: 'utf8' });
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 0, stdout: streams.out(), stderr: '' });
    }
  });

  it("a subcommand's help lists the global flags too, like gh", async () => {
    const streams = fakeStreams();
    expect(await main(['members', 'sync', '--help'], { streams, env: {} })).toBe(0);
    const global = streams.out().split('Global Options:')[1] ?? '';
    for (const flag of ['--profile <name>', '--org <id>', '--team <id>', '-o, --output <format>', '--yes']) expect(global).toContain(flag);
  });

  it('opens stdin only for a command that reads it (creating process.stdin costs a stream)', async () => {
    const sandbox = await startSandbox({ port: 0, seed: 'demo' });
    try {
      const settings = { ...env(), TEAMCTL_TOKEN: sandbox.token, TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'engineering' };
      const counted = (input: string) => {
        const inner = fakeStreams({ stdin: input });
        let reads = 0;
        const streams = {
          get stdin() {
            reads++;
            return inner.stdin;
          },
          stdout: inner.stdout,
          stderr: inner.stderr,
        };
        return { streams, reads: () => reads, inner };
      };
      for (const argv of [['--help'], ['members', 'sync', '--help'], ['members', 'list'], ['glossary', 'get', 'nope'], ['members', 'add', 'newcomer@example.com', '--dry-run']]) {
        const run = counted('');
        await main(argv, { streams: run.streams, env: settings });
        expect(run.reads(), argv.join(' ')).toBe(0);
      }
      const login = counted(`${sandbox.token}\n`);
      expect(await main(['auth', 'login', '--with-token', '--base-url', sandbox.url], { streams: login.streams, env: { ...env() } })).toBe(0);
      expect(login.reads()).toBeGreaterThan(0);
    } finally {
      await sandbox.close();
    }
  });
});
