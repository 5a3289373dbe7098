// `teamctl help <topic>` and `teamctl help <command…>` (src/help/run.ts), like gh's
// `gh help environment`: the topics, the commands' help, and the usage error of a word that is
// neither, with the closest topics and commands. In-process through main().
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { closest } from '../src/model/closest.js';
import { commandPaths } from './helpers/command-paths.js';
import { topics } from '../src/help/topics.js';
import { fakeStreams } from './helpers/streams.js';

async function run(argv: string[]) {
  const streams = fakeStreams();
  const code = await main(argv, { streams, env: {} });
  return { code, out: streams.out(), err: streams.err() };
}

describe('teamctl help', () => {
  it('with no topic prints the root help and the list of topics, as bare teamctl and --help do', async () => {
    const help = await run(['help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: teamctl/);
    expect(help.out).toContain('Help topics (teamctl help <topic>):');
    for (const name of Object.keys(topics)) expect(help.out).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    expect(await run([])).toEqual(help);
    expect((await run(['--help'])).out).toBe(help.out);
  });

  it('the --help of every command, the root included, fits 80 columns', async () => {
    const wide: string[] = [];
    for (const path of await commandPaths()) {
      const r = await run([...path, '--help']);
      expect(r.code, path.join(' ')).toBe(0);
      for (const line of r.out.split('\n')) if ([...line].length > 80) wide.push(`teamctl ${path.join(' ')}: ${line}`);
    }
    expect(wide).toEqual([]);
  });

  it.each(Object.keys(topics))('prints the topic %s on stdout, exit 0, nothing on stderr', async (name) => {
    const r = await run(['help', name]);
    expect(r).toEqual({ code: 0, out: (await topics[name]?.load())?.text, err: '' });
    expect(r.out).toMatch(/^# \S/);
    expect(r.out.split('\n').length).toBeGreaterThan(10);
  });

  it.each(Object.keys(topics))('%s reads at 80 columns: no line is wider, code blocks (YAML recipes, examples) and tables included', async (name) => {
    const text = (await topics[name]?.load())?.text ?? '';
    expect(text.split('\n').filter((line) => [...line].length > 80)).toEqual([]);
  });

  it.each(Object.keys(topics))('%s names no source path and no file of the repository', async (name) => {
    const text = (await topics[name]?.load())?.text ?? '';
    expect(text.match(/(?:^|[\s`("])(?:src|test|dist|bin|\.ci)\/\S*|\b[\w-]+\.(?:ts|js)\b/gm) ?? []).toEqual([]);
  });

  it('the topics together are short enough to read, and each in one sitting', async () => {
    const lengths = await Promise.all(Object.values(topics).map(async (t) => (await t.load()).text.split('\n').length));
    // About 115 lines a topic: the topics of every domain in 1,925 lines.
    expect(lengths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1925);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(200);
  });

  it('states the precedence of settings in the environment topic (test/docs-commands.test.ts checks the variables and exit codes)', async () => {
    expect((await run(['help', 'environment'])).out).toContain('**Precedence:** flag > environment > profile config > default');
  });

  it("keeps printing a command's help: `help members sync` is `members sync --help`", async () => {
    for (const path of [['members', 'sync'], ['members'], ['whoami'], ['glossary', 'export']]) {
      const help = await run(['help', ...path]);
      expect(help.code).toBe(0);
      expect(help).toEqual(await run([...path, '--help']));
    }
  });

  it.each([
    [['memebrs'], 'unknown help topic or command "memebrs"', 'did you mean members? (`teamctl help` lists the commands and topics)'],
    [['environmnet'], 'unknown help topic or command "environmnet"', 'did you mean environment? (`teamctl help` lists the commands and topics)'],
    [['exit-code'], 'unknown help topic or command "exit-code"', 'did you mean exit-codes? (`teamctl help` lists the commands and topics)'],
    [['members', 'sycn'], 'unknown command "members sycn"', 'did you mean sync? (`teamctl help members` lists its commands)'],
    [['zzzz'], 'unknown help topic or command "zzzz"', '`teamctl help` lists the commands and topics'],
  ])('an unknown word (%j) is exit 2 with the closest topics and commands, nothing on stdout', async (argv, error, hint) => {
    const r = await run(['help', ...argv]);
    expect(r).toEqual({ code: 2, out: '', err: `error: ${error}\nhint: ${hint}\n` });
  });

  it('`help output` is the formatting topic, the name the contract gives it', async () => {
    const output = await run(['help', 'output']);
    expect(output.code).toBe(0);
    expect(output).toEqual(await run(['help', 'formatting']));
  });

  it('an unknown word is echoed cut to 80 characters, however long it is', async () => {
    const r = await run(['help', 'x'.repeat(100_000)]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: unknown help topic or command "${'x'.repeat(79)}…"\nhint: \`teamctl help\` lists the commands and topics\n`);
    const under = await run(['help', 'members', 'y'.repeat(5_000)]);
    expect(under.err.split('\n')[0]).toBe(`error: unknown command "members ${'y'.repeat(71)}…"`);
  });

  it('suggests by edits (a swap is one) and by prefix, closest first, at most three', () => {
    expect(closest('memebrs', ['members', 'glossary'])).toEqual(['members']);
    expect(closest('co', ['config', 'completion', 'auth'])).toEqual(['completion', 'config']);
    expect(closest('s', ['sandbox', 'sync', 'set-role', 'status'])).toEqual(['sandbox', 'set-role', 'status']);
    expect(closest('qqq', ['members'])).toEqual([]);
  });
});
