// Every example in every --help, in the README's code blocks and in the help topics' runs. The
// README's blocks run as a reader runs them: each block's lines in order, against one fresh demo
// sandbox; every other `teamctl …` line runs against a fresh demo sandbox of its own. Each runs in a folder holding the files the examples name (a demo
// roster, glossary files in CSV and TBX, an organization roster, a CAT tool's TBX and a plan made
// by the example that says so), and must end with the exit code it implies: 8 for a drift check
// with changes pending, 0 otherwise (or 0 when its comment says so). An example is a template for
// a real service when it names one (api.example.com), starts a sandbox, prompts (auth login),
// uses a profile that does not exist here, or writes into the home folder; those are listed, not run.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { topics } from '../../src/help/topics.js';
import { demoRoster } from '../../src/sandbox/demo-roster.js';
import { commandPaths } from '../helpers/command-paths.js';
import { fakeStreams } from '../helpers/streams.js';
import { runCli, sandboxWithEnv } from './harness.js';

/** Every command of the program (read from its commander tree), and the program itself. */
const paths = await commandPaths();

/** An example and the exit code its comment implies, if it says one. */
interface Example {
  line: string;
  comment: string;
}

/** The README and the text of every help topic (`teamctl help <topic>`). */
async function documents(): Promise<string[]> {
  const texts = await Promise.all(Object.values(topics).map(async (t) => (await t.load()).text));
  return [readFileSync(new URL('../../README.md', import.meta.url), 'utf8'), ...texts];
}

/** The `teamctl …` lines of each code block of `text`, in order (only the `$ ` lines of a block that has them). */
function blockExamples(text: string): Example[][] {
  const blocks: Example[][] = [];
  for (const block of text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)) {
    const found: Example[] = [];
    // A line ending in a backslash goes on on the next one, as in a shell.
    const lines = (block[1] ?? '').replace(/\\\n\s*/g, ' ').split('\n');
    const prompted = lines.some((l) => l.startsWith('$ '));
    for (const line of lines) {
      const m = (prompted ? /^\$ (teamctl .*)$/ : /^(teamctl .*)$/).exec(line);
      if (!m?.[1]) continue;
      const [command = '', comment = ''] = m[1].split(/\s+#\s*/, 2);
      found.push({ line: command.trim(), comment });
    }
    if (found.length > 0) blocks.push(found);
  }
  return blocks;
}

const readmeExamples = (text: string): Example[] => blockExamples(text).flat();

async function examples(): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    const streams = fakeStreams();
    await main([...path, '--help'], { streams, env: {} });
    for (const line of streams.out().split('\n')) {
      const m = /^\s+\$ (teamctl .*)$/.exec(line);
      if (m?.[1]) found.add(m[1].replace(/\s+#.*$/, '').trim());
    }
  }
  return [...found];
}

const isTemplate = (example: string): boolean =>
  /example\.com(?!\s|$)|https?:\/\/|^teamctl sandbox|auth login|--profile staging|~\//.test(example.replace(/[\w.]+@example\.com/g, ''));

/** Shell words, for the simple quoting the examples use. */
function words(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

describe('--help, README and help topic examples', () => {
  it('every runnable example runs against the demo sandbox with the exit code it implies', async () => {
    const fromHelp = await examples();
    expect(fromHelp.length).toBeGreaterThan(40);
    const [readme = '', ...topicTexts] = await documents();
    expect(readmeExamples(readme).length).toBeGreaterThan(40);
    const fromReadme = [readme, ...topicTexts].flatMap(readmeExamples);
    const readmeBlocks = blockExamples(readme);
    expect(readmeBlocks.length).toBeGreaterThan(10);
    const fromReadmeBlocks = new Set(readmeBlocks.flat().map((e) => e.line));
    expect(fromReadme.length).toBeGreaterThan(70);
    // "0 right after the bootstrap": a drift check whose comment says it finds nothing.
    const zeroSaid = new Set(fromReadme.filter((e) => /\b0 right after\b/.test(e.comment)).map((e) => e.line));
    const all = [...new Set([...fromHelp, ...fromReadme.map((e) => e.line)])];
    const runnable = all.filter((e) => !isTemplate(e));
    expect(runnable.length).toBeGreaterThan(60);
    const failures: string[] = [];
    // The files the examples name, made once from the demo data (the same in every demo sandbox).
    const template = mkdtempSync(join(tmpdir(), 'teamctl-examples-'));
    {
      const s = await sandboxWithEnv({ seed: 'demo' });
      const env = { ...s.env, TEAMCTL_CONFIG_DIR: template, TEAMCTL_STATE_DIR: template };
      writeFileSync(join(template, 'team.csv'), demoRoster(s.sandbox.store)?.csv ?? '');
      expect((await runCli(['glossary', 'export', '-f', join(template, 'terms.csv')], { env })).code).toBe(0);
      const terms = readFileSync(join(template, 'terms.csv'), 'utf8').trim().split('\n');
      writeFileSync(join(template, 'terms.csv'), [...terms.slice(0, -1), ',Webhook,Webhook,,Webhook,,'].join('\n') + '\n');
      const org = (await runCli(['members', 'list', '--team', 'engineering,design', '-o', 'csv'], { env })).stdout;
      writeFileSync(join(template, 'org.csv'), org);
      // sso.csv: the organization roster with an sso column saying yes on every row (--set-sso).
      writeFileSync(join(template, 'sso.csv'), org.trimEnd().split('\n').map((l, i) => `${l},${i === 0 ? 'sso' : 'yes'}`).join('\n') + '\n');
      // export.csv and groups.csv: the same teams as an identity provider's groups (`teamctl help directory`).
      const groups = new Map<string, string[]>();
      for (const [team, , email, , role] of org.trim().split('\n').slice(1).map((l) => l.split(','))) {
        groups.set(email as string, [...(groups.get(email as string) ?? []), `team-${team}`, ...(role === 'owner' ? [`lead-${team}`] : [])]);
      }
      writeFileSync(join(template, 'export.csv'), ['email,groups', ...[...groups].map(([email, names]) => `${email},${names.join(';')}`)].join('\n') + '\n');
      writeFileSync(join(template, 'groups.csv'), 'group,team,role\nteam-*,*,member\nlead-*,*,owner\n');
      // access.csv: the demo's access with one role changed (a drift check finds it).
      const access = (await runCli(['access', 'list', '-o', 'csv'], { env })).stdout;
      writeFileSync(join(template, 'access.csv'), access.replace('space:Onboarding,Product Design,,comment', 'space:Onboarding,Product Design,,edit'));
      mkdirSync(join(template, 'teams'));
      cpSync(join(template, 'team.csv'), join(template, 'teams', 'engineering.csv'));
      // glossary.tbx: the glossary as it is; terms.tbx: as terms.csv would make it (one entry more).
      expect((await runCli(['glossary', 'export', '--format', 'tbx', '-f', join(template, 'glossary.tbx')], { env })).code).toBe(0);
      expect((await runCli(['glossary', 'import', join(template, 'terms.csv')], { env })).code).toBe(0);
      expect((await runCli(['glossary', 'export', '--format', 'tbx', '-f', join(template, 'terms.tbx')], { env })).code).toBe(0);
      cpSync(new URL('../fixtures/glossary/multiterm.xml', import.meta.url), join(template, 'memoq-export.xml'));
      // A stored setting, as `teamctl config set org acme` (another example) leaves it.
      expect((await runCli(['config', 'set', 'org', 'acme'], { env })).code).toBe(0);
      await s.sandbox.close();
    }
    /** Runs one example in `dir` against the sandbox `env` names; what went wrong, if anything. */
    const run = async (example: string, env: Record<string, string>, dir: string): Promise<string | undefined> => {
      if (/\bapply (--show )?plan\.json/.test(example) && !existsSync(join(dir, 'plan.json'))) {
        expect((await runCli(['members', 'sync', '--roster', 'team.csv', '--prune', '--plan-out', 'plan.json'], { env, cwd: dir })).code).toBe(0);
      }
      const [command, ...rest] = example.split(/\s+\|\s+/);
      const redirect = /\s>\s*(\S+)$/.exec(command ?? '');
      const argv = words((command ?? '').replace(/\s>\s*\S+$/, '')).slice(1);
      const r = await runCli(argv, { env, cwd: dir });
      if (redirect?.[1]) writeFileSync(join(dir, redirect[1]), r.stdout);
      const wanted = argv.includes('--exit-code') && !zeroSaid.has(example) ? 8 : 0;
      if (r.code !== wanted) return `${example}: exit ${r.code}, expected ${wanted}: ${r.stderr.split('\n')[0]}`;
      if (rest.length === 0) return undefined;
      // The rest of a pipeline (jq) must read what teamctl printed.
      const piped = spawnSync('sh', ['-c', rest.join(' | ')], { input: r.stdout, encoding: 'utf8' });
      return piped.status !== 0 ? `${example}: the pipeline failed: ${piped.stderr}` : undefined;
    };
    /** A fresh demo sandbox and a folder holding the template's files, for `body`. */
    const inSandbox = async (body: (env: Record<string, string>, dir: string) => Promise<void>): Promise<void> => {
      const s = await sandboxWithEnv({ seed: 'demo' });
      try {
        const dir = mkdtempSync(join(tmpdir(), 'teamctl-example-'));
        cpSync(template, dir, { recursive: true });
        await body({ ...s.env, TEAMCTL_CONFIG_DIR: dir, TEAMCTL_STATE_DIR: dir }, dir);
      } finally {
        await s.sandbox.close();
      }
    };
    // The README's blocks as a reader runs them: each block's lines in order, against one sandbox.
    for (const block of readmeBlocks) {
      await inSandbox(async (env, dir) => {
        for (const { line } of block.filter((e) => !isTemplate(e.line))) {
          const failure = await run(line, env, dir);
          if (failure !== undefined) failures.push(`README, in order: ${failure}`);
        }
      });
    }
    // Every other example on its own, each against a fresh sandbox.
    for (const example of runnable.filter((e) => !fromReadmeBlocks.has(e))) {
      await inSandbox(async (env, dir) => {
        const failure = await run(example, env, dir);
        if (failure !== undefined) failures.push(failure);
      });
    }
    expect(failures).toEqual([]);
  }, 120_000); // some ninety CLI runs: seconds on a quiet machine, more on a loaded one

  it('lists the templates, each visibly for a real service or a local setup', async () => {
    const templates = (await examples()).filter(isTemplate);
    for (const t of templates) expect(t).toMatch(/example\.com|sandbox|auth login|--profile staging|~\//);
  });
});
