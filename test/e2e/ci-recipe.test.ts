// The workflows of `teamctl help ci` ("Keeping a team in sync from a repository"), run against the
// sandbox as the examples are: their `run: teamctl …` lines are read from the topic, each under the
// event its `if:` names. A pull request passes whatever its roster changes and fails only when the
// plan would be refused (a guard, a user not in the organization, a bad file); the merge applies;
// the nightly drift check passes right after and fails (exit 8) once someone changes the team by hand.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { topics } from '../../src/help/topics.js';
import { demoGroups, demoNewHire } from '../../src/sandbox/demo-groups.js';
import { demoRoster } from '../../src/sandbox/demo-roster.js';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

const text = (await topics.ci?.load())?.text ?? '';
const yamlBlocks = [...text.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');

/** The `teamctl …` command each event runs in a workflow: the `run:` under an `if:` naming it. */
function commands(yaml: string): Record<'pull_request' | 'push' | 'schedule', string> {
  const found: Record<string, string> = {};
  // A value may go on over more indented lines (a YAML plain scalar: the lines joined by spaces).
  for (const m of yaml.matchAll(/- if: (.+(?:\n {10}\S.*)*)\n\s+run: (teamctl .+(?:\n {10}\S.*)*)/g)) {
    for (const event of ['pull_request', 'push', 'schedule']) if ((m[1] ?? '').includes(`'${event}'`)) found[event] ??= (m[2] ?? '').replace(/\s+/g, ' ').trim();
  }
  return found as Record<'pull_request' | 'push' | 'schedule', string>;
}

/** Shell words, for the simple quoting the workflows use. */
const words = (line: string): string[] => [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '').slice(1);

/** A repository folder holding `teams/engineering.csv`, and a step summary file, for one sandbox. */
function repository(roster: string): { dir: string; summary: string } {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-ci-'));
  mkdirSync(join(dir, 'teams'));
  writeFileSync(join(dir, 'teams', 'engineering.csv'), roster);
  return { dir, summary: join(dir, 'summary.md') };
}

const step = (s: SandboxEnv, repo: { dir: string; summary: string }, line: string) =>
  runCli(words(line), { env: { ...s.env, GITHUB_STEP_SUMMARY: repo.summary }, cwd: repo.dir, configDir: repo.dir });

/** The team as e-mail → role, to compare with a roster. */
function team(s: SandboxEnv): Record<string, string> {
  const store = s.sandbox.store;
  return Object.fromEntries(store.teamMembers('acme', 'engineering').map((m) => [store.getUser('acme', m.userId)?.email.toLowerCase() ?? m.userId, m.role]));
}
const rosterOf = (csv: string): Record<string, string> =>
  Object.fromEntries((parse(csv, { columns: true }) as { email: string; role: string }[]).map((r) => [r.email.toLowerCase(), r.role || 'member']));

describe('`teamctl help ci`: the team roster workflow against the sandbox', () => {
  const run = commands(yamlBlocks[0] ?? '');

  it('has one command for each event', () => {
    expect(run.pull_request).toMatch(/^teamctl members sync --roster teams\/engineering\.csv --prune --dry-run$/);
    expect(run.push).toMatch(/--yes/);
    expect(run.schedule).toMatch(/--dry-run --exit-code/);
  });

  it('a pull request that changes the roster passes and sends nothing; the merge applies it; the nightly check passes, then finds drift', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const roster = demoRoster(s.sandbox.store)?.csv ?? '';
      const repo = repository(roster);
      const before = team(s);
      expect(before).not.toEqual(rosterOf(roster));

      const pr = await step(s, repo, run.pull_request);
      expect(pr.code, pr.stderr).toBe(0);
      expect(team(s)).toEqual(before);
      // The plan is in the job summary.
      expect(readFileSync(repo.summary, 'utf8')).toMatch(/engineering[\s\S]*olivia\.johnson@example\.com/i);

      const merge = await step(s, repo, run.push);
      expect(merge.code, merge.stderr).toBe(0);
      expect(team(s)).toEqual(rosterOf(roster));

      expect((await step(s, repo, run.schedule)).code).toBe(0);
      const outsider = s.sandbox.store.users('acme').find((u) => !u.disabled && !(u.email.toLowerCase() in rosterOf(roster)));
      s.sandbox.store.putTeamMember('acme', 'engineering', outsider?.id ?? '', 'member');
      expect((await step(s, repo, run.schedule)).code).toBe(8);
    } finally {
      await s.sandbox.close();
    }
  });

  it.each([
    ['a user who is not in the organization', (csv: string) => `${csv}new.hire@example.com,member,New Hire\n`, 3],
    ['a roster that leaves the team without an owner', (csv: string) => csv.replace(/,owner,/g, ',member,'), 3],
    ['a line that is no user', (csv: string) => `${csv}not a user,member,Nobody\n`, 2],
  ])('a pull request with %s fails, and nothing is sent', async (_what, edit, code) => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const repo = repository(edit(demoRoster(s.sandbox.store)?.csv ?? ''));
      const before = team(s);
      const pr = await step(s, repo, run.pull_request);
      expect(pr.code, pr.stderr).toBe(code);
      expect(team(s)).toEqual(before);
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('`teamctl help ci`: the reviewed-plan variant against the sandbox', () => {
  const run = commands(yamlBlocks[1] ?? '');

  it('the pull request saves the plan and passes; the merge applies exactly that plan', async () => {
    expect(run.pull_request).toMatch(/--plan-out members-plan\.json$/);
    expect(run.push).toMatch(/^teamctl apply members-plan\.json/);
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const roster = demoRoster(s.sandbox.store)?.csv ?? '';
      const repo = repository(roster);
      const before = team(s);
      const pr = await step(s, repo, run.pull_request);
      expect(pr.code, pr.stderr).toBe(0);
      expect(team(s)).toEqual(before);
      const merge = await step(s, repo, run.push);
      expect(merge.code, merge.stderr).toBe(0);
      expect(team(s)).toEqual(rosterOf(roster));
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('`teamctl help ci`: the nightly directory sync against the sandbox', () => {
  const yaml = yamlBlocks.find((y) => y.includes('--group-map')) ?? '';
  const run = commands(yaml);

  it('the nightly check fails (exit 8) while a mapped team differs from its groups and sends nothing; once synced it passes', async () => {
    expect(run.schedule).toMatch(/--group-map teams\/groups\.csv .*--dry-run --exit-code/);
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const demo = demoGroups(s.sandbox.store);
      const repo = repository(demoRoster(s.sandbox.store)?.csv ?? '');
      writeFileSync(join(repo.dir, 'teams', 'groups.csv'), demo?.mapCsv ?? '');
      // The export, written outside the workspace as the recipe writes it.
      const temp = mkdtempSync(join(tmpdir(), 'teamctl-runner-temp-'));
      writeFileSync(join(temp, 'groups.csv'), demo?.exportCsv ?? '');
      const nightly = run.schedule.replace('$RUNNER_TEMP', temp);
      const mark = s.sandbox.requests.length;
      const drift = await step(s, repo, nightly);
      expect(drift.code, drift.stderr).toBe(8);
      expect(s.sandbox.requests.slice(mark).filter((q) => q.method !== 'GET')).toEqual([]);
      expect(readFileSync(repo.summary, 'utf8')).toContain('engineering');
      const sync = nightly.replace('--dry-run --exit-code', '--yes');
      const synced = await step(s, repo, sync);
      expect(synced.code, synced.stderr).toBe(0);
      // The new hire the export names is invited; once they accept, the next sync places them.
      expect(s.sandbox.store.members.invitations('acme').map((i) => i.email)).toEqual([demoNewHire]);
      expect((await step(s, repo, nightly)).code).toBe(8);
      s.sandbox.store.acceptInvitation('acme', demoNewHire);
      expect((await step(s, repo, sync)).code).toBe(0);
      expect((await step(s, repo, nightly)).code).toBe(0);
    } finally {
      await s.sandbox.close();
    }
  });
});

describe('`teamctl help ci`: runs that meet', () => {
  // Runs on different machines share no journal nor lock (README, "Settings"): every recipe that
  // changes the service puts its jobs in one concurrency group, never cancelled mid-run. A recipe
  // that is a change to the workflow above (steps only) keeps that workflow's group.
  const group = /^concurrency:\n {2}group: (teamctl-acme)\b.*\n {2}cancel-in-progress: false$/m;
  const writes = (yaml: string): boolean => [...yaml.matchAll(/run: (teamctl .+)/g)].some((m) => !/--dry-run|--plan-out/.test(m[1] ?? ''));

  it('every recipe that writes is in the one concurrency group, and the topic says why', () => {
    expect(yamlBlocks.length).toBeGreaterThanOrEqual(2);
    const workflows = yamlBlocks.filter((yaml) => /^jobs:$/m.test(yaml));
    for (const [i, yaml] of yamlBlocks.entries()) {
      if (!writes(yaml)) continue;
      // A workflow of its own names the group; steps alone change the workflow before them.
      const whole = /^jobs:$/m.test(yaml) ? yaml : workflows.filter((w) => yamlBlocks.indexOf(w) < i).at(-1);
      expect(whole, `recipe ${i + 1}`).toBeDefined();
      expect(group.exec(whole ?? '')?.[1], `recipe ${i + 1}`).toBe('teamctl-acme');
    }
    expect(writes(yamlBlocks[1] ?? '')).toBe(true);
    expect(text.replace(/\s+/g, ' ')).toContain('runs on different machines, as jobs are, cannot share them');
  });
});

describe('`teamctl help ci`: the glossary and access in the same three steps', () => {
  // The topic names each command once and the steps in words: --dry-run on a pull request, --yes
  // on the merge, --dry-run --exit-code nightly. Run as written, without a terminal (CI=true).
  const glossary = /`(teamctl glossary sync glossary\/terms\.csv --prune)`/.exec(text)?.[1];
  const access = /`(teamctl access sync access\.csv --prune)`/.exec(text)?.[1];

  it('names both commands and the three steps', () => {
    expect(glossary).toBeDefined();
    expect(access).toBeDefined();
    expect(text.replace(/\s+/g, ' ')).toContain('with `--dry-run` on a pull request, `--yes` on the merge (it confirms what `--prune` removes), `--dry-run --exit-code` nightly');
  });

  it('each passes as written: the pull request sends nothing, the merge applies, the nightly check finds no drift', async () => {
    const s = await sandboxWithEnv({ seed: 'demo', callerRole: 'admin' });
    try {
      const repo = repository('');
      mkdirSync(join(repo.dir, 'glossary'));
      const env = { ...s.env, CI: 'true', GITHUB_STEP_SUMMARY: repo.summary };
      const cli = (line: string) => runCli(words(line), { env, cwd: repo.dir, configDir: repo.dir });
      // The files as a repository keeps them: today's state, one entry removed and one role changed.
      expect((await cli('teamctl glossary export -f glossary/terms.csv')).code).toBe(0);
      const terms = readFileSync(join(repo.dir, 'glossary', 'terms.csv'), 'utf8').trimEnd().split('\n');
      writeFileSync(join(repo.dir, 'glossary', 'terms.csv'), terms.slice(0, -1).join('\n') + '\n');
      const listed = await cli('teamctl access list -o csv');
      expect(listed.code).toBe(0);
      const grants = listed.stdout.trimEnd().split('\n');
      const changed = grants.findIndex((l, i) => i > 0 && /,(read|comment)$/.test(l) && !l.includes(',*,'));
      expect(changed).toBeGreaterThan(0);
      grants[changed] = (grants[changed] as string).replace(/,(read|comment)$/, ',edit');
      writeFileSync(join(repo.dir, 'access.csv'), grants.join('\n') + '\n');

      const entries = s.sandbox.store.glossaryEntries('acme').length;
      const writes = () => s.sandbox.requests.filter((q) => q.method !== 'GET').length;
      for (const command of [glossary, access] as string[]) {
        const before = writes();
        expect((await cli(`${command} --dry-run`)).code, command).toBe(0);
        expect(writes(), command).toBe(before);
        const merge = await cli(`${command} --yes`);
        expect(merge.code, `${command}: ${merge.stderr}`).toBe(0);
        expect(writes(), command).toBeGreaterThan(before);
        expect((await cli(`${command} --dry-run --exit-code`)).code, command).toBe(0);
      }
      expect(s.sandbox.store.glossaryEntries('acme')).toHaveLength(entries - 1);
      expect((await cli('teamctl access list -o csv')).stdout.trimEnd().split('\n')).toContain(grants[changed]);
    } finally {
      await s.sandbox.close();
    }
  });
});
