// The reference checked against the program: every command and flag has its help, every
// environment variable teamctl reads and every exit code has a help topic, and every command line
// the README and the topics show names commands and flags the command tree has (README, "Find
// your way"; `teamctl help environment`). A flag renamed, or a command added without help, fails
// here rather than in a newcomer's shell.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/errors.js';
import { topics } from '../src/help/topics.js';
import { buildProgram } from '../src/program.js';
import { fakeStreams } from './helpers/streams.js';

const root = await buildProgram({ streams: fakeStreams(), env: {} }, { exitCode: 0 });

/** Every command of the tree with its path, the root first; `help` and the hidden one aside. */
function commands(): { path: string[]; command: Command }[] {
  const found: { path: string[]; command: Command }[] = [{ path: [], command: root }];
  const walk = (command: Command, prefix: string[]): void => {
    for (const sub of command.createHelp().visibleCommands(command)) {
      if (sub.name() === 'help') continue;
      found.push({ path: [...prefix, sub.name()], command: sub });
      walk(sub, [...prefix, sub.name()]);
    }
  };
  walk(root, []);
  return found;
}

const docs: { name: string; text: string }[] = [
  { name: 'README.md', text: readFileSync('README.md', 'utf8') },
  ...(await Promise.all(Object.entries(topics).map(async ([name, t]) => ({ name: `teamctl help ${name}`, text: (await t.load()).text })))),
];
const topicsText = docs.filter((d) => d.name !== 'README.md').map((d) => d.text).join('\n');

/** The code of a Markdown text: its fenced blocks' lines and its inline code spans. */
function codeOf(text: string): string[] {
  const code: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    // A shell or YAML comment is prose (`# teamctl is not on the npm registry`).
    else if (fenced) code.push(line.replace(/(^|\s)#.*$/, ''));
    else for (const m of line.matchAll(/`([^`]+)`/g)) code.push(m[1] as string);
  }
  return code;
}

/** Each teamctl command line in a piece of code, as its words (up to a shell separator or a comment). */
function invocations(code: string): string[][] {
  const lines: string[][] = [];
  for (const m of code.matchAll(/(?:^|[\s;|&('"$])(?:node bin\/)?teamctl(?:\.js)?((?: +[^\s;|&)'"#]+)*)/g)) {
    const words = (m[1] ?? '').trim().split(/ +/).filter((w) => w !== '');
    const end = words.indexOf('--');
    lines.push(end < 0 ? words : words.slice(0, end));
  }
  return lines;
}

const takesValue = (o: Option): boolean => o.required || o.optional;
const named = (options: readonly Option[], word: string): Option | undefined => {
  const flag = word.replace(/=.*$/, '');
  return options.find((o) => o.long === flag || o.short === flag || (o.negate && o.long === flag));
};
// Commander's own: every command has them.
const builtIn = new Set(['--help', '-h', '--version', '-V']);

/**
 * What is wrong with a command line the docs show, or nothing: its command words must walk the
 * tree, and each flag must be one of its command's or a global option.
 */
function problemOf(words: string[]): string | undefined {
  let command = root;
  const path: string[] = [];
  let options: Option[] = [...root.options];
  for (let i = 0; i < words.length; i++) {
    const word = (words[i] as string).replace(/^\[|\]$/g, '');
    if (word.startsWith('-') && word !== '-') {
      const option = named(options, word);
      if (option === undefined && !builtIn.has(word.replace(/=.*$/, ''))) return `${word} is no option of ${['teamctl', ...path].join(' ')}`;
      // A value in the next word (`--org acme`), unless written `--org=acme`.
      if (option !== undefined && takesValue(option) && !word.includes('=')) i++;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub !== undefined && sub.name() !== 'help') {
      command = sub;
      path.push(sub.name());
      options = [...options, ...sub.options];
      continue;
    }
    if (command.name() === 'help' || (path.length === 0 && word === 'help')) return undefined;
    // A group (`members`) takes no argument of its own: a word there names a command it lacks
    // (a command with an action of its own and subcommands, `sandbox`, takes its arguments).
    const group = command.commands.length > 0 && (command as unknown as { _actionHandler: unknown })._actionHandler === null;
    if (group && !/^[<[…$]/.test(word)) return `${['teamctl', ...path].join(' ')} has no command ${JSON.stringify(word)}`;
  }
  return undefined;
}

describe('the command tree, documented', () => {
  it.each(commands().filter((c) => c.path.length > 0).map((c) => [c.path.join(' '), c.command]))('%s has a description, and so has each of its options', (_path, command) => {
    const c = command as Command;
    expect(c.description().trim()).not.toBe('');
    for (const o of c.options) expect(o.description.trim(), o.flags).not.toBe('');
  });

  it('the global options have descriptions too', () => {
    for (const o of root.options) expect(o.description.trim(), o.flags).not.toBe('');
  });

  it('every command is shown by the README or a topic (a command no page names is found by no one)', () => {
    const shown = new Set(docs.flatMap((d) => codeOf(d.text).flatMap(invocations)).map((words) => words.filter((w) => /^[a-z][a-z-]*$/.test(w)).join(' ')));
    const missing = commands()
      .filter((c) => c.path.length > 0 && c.command.commands.length === 0)
      .map((c) => c.path.join(' '))
      .filter((p) => ![...shown].some((s) => s === p || s.startsWith(`${p} `)));
    expect(missing).toEqual([]);
  });
});

describe('the command lines the README and the topics show', () => {
  const lines = docs.flatMap((d) => codeOf(d.text).flatMap((code) => invocations(code).map((words) => ({ doc: d.name, words }))));

  it('are found (the scan itself is checked)', () => {
    expect(lines.length).toBeGreaterThan(150);
    expect(lines.map((l) => l.words.join(' '))).toEqual(expect.arrayContaining(['members sync --roster org.csv --prune --plan-out plan.json']));
  });

  it('name only commands the tree has, and flags their commands take', () => {
    const wrong = lines.map((l) => ({ ...l, problem: problemOf(l.words) })).filter((l) => l.problem !== undefined);
    expect(wrong.map((l) => `${l.doc}: teamctl ${l.words.join(' ')}: ${l.problem}`)).toEqual([]);
  });

  it('the check refuses a flag of another command, an unknown one, and a command a group lacks', () => {
    expect(problemOf(['members', 'sync', '--roster', 'org.csv', '--prune'])).toBeUndefined();
    expect(problemOf(['--org', 'acme', '-o', 'json', 'teams', 'list'])).toBeUndefined();
    expect(problemOf(['glossary', 'list', '--prune'])).toBe('--prune is no option of teamctl glossary list');
    expect(problemOf(['members', 'sync', '--rooster', 'x'])).toBe('--rooster is no option of teamctl members sync');
    expect(problemOf(['members', 'frobnicate'])).toBe('teamctl members has no command "frobnicate"');
  });

  it('a flag named in prose (`--prune`) is an option of some command', () => {
    const all = commands().flatMap((c) => c.command.options);
    const prose = docs.flatMap((d) => codeOf(d.text).filter((code) => /^--[a-z][a-z0-9-]*(?:[ =][^`]*)?$/.test(code)).map((code) => ({ doc: d.name, flag: code.split(/[ =]/)[0] as string })));
    expect(prose.length).toBeGreaterThan(100);
    expect(prose.filter((p) => named(all, p.flag) === undefined && !builtIn.has(p.flag)).map((p) => `${p.doc}: ${p.flag}`)).toEqual([]);
  });
});

describe('what the program reads from outside, documented in a topic', () => {
  /** The environment variables the sources read (the help texts aside: they only show examples). */
  function variablesRead(): Set<string> {
    const names = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== join('src', 'help')) walk(path);
        } else if (entry.name.endsWith('.ts')) {
          const source = readFileSync(path, 'utf8');
          for (const m of source.matchAll(/\bTEAMCTL_[A-Z0-9_]+|\benv\.([A-Za-z_][A-Za-z0-9_]*)|'((?:https?|no)_proxy|(?:HTTPS?|NO)_PROXY)'/g)) names.add(m[1] ?? m[2] ?? m[0]);
        }
      }
    };
    walk('src');
    // Under `npm run mutate` the sources are Stryker's instrumented copies, whose preamble reads
    // its own variables (`__STRYKER_ACTIVE_MUTANT__`); those are Stryker's, not teamctl's.
    for (const name of names) if (name.startsWith('__STRYKER_')) names.delete(name);
    return names;
  }

  it('every environment variable: TEAMCTL_* in `teamctl help environment`, the others in some topic', () => {
    const read = variablesRead();
    expect([...read]).toEqual(expect.arrayContaining(['TEAMCTL_TOKEN', 'TEAMCTL_NO_STEP_SUMMARY', 'NO_COLOR', 'GITHUB_STEP_SUMMARY', 'https_proxy', 'NO_PROXY']));
    const environment = docs.find((d) => d.name === 'teamctl help environment')?.text ?? '';
    // A lower-case proxy variable is documented with its upper-case one ("either case").
    const documented = (name: string): boolean => (name.startsWith('TEAMCTL_') ? environment : topicsText).includes(/_proxy$/.test(name) ? name.toUpperCase() : name);
    expect([...read].filter((name) => !documented(name))).toEqual([]);
  });

  it('every exit code in `teamctl help exit-codes`', () => {
    const codes = docs.find((d) => d.name === 'teamctl help exit-codes')?.text ?? '';
    for (const code of Object.values(ExitCode)) expect(codes).toMatch(new RegExp(`^\\| (\\d+, )?${code}(, \\d+)? \\|`, 'm'));
  });
});
