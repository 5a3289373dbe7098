// A saved plan is the file a reviewer reads (README, "Review, then apply"): a key named twice in
// one object, at any depth, or a member the plan's schema does not have, is exit 2 naming the
// key, for every kind of plan; nothing is sent and the sandbox's state does not move.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeAll(async () => {
  s = await sandboxWithEnv({ seed: 'demo' });
});
afterAll(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-plan-strict-'));
writeFileSync(join(dir, 'terms.csv'), 'en,fr\nstrictness,rigueur\n');
const writes = (): string[] => s.sandbox.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`);
const state = (): string => JSON.stringify([s.sandbox.store.users('acme'), s.sandbox.store.teamIds('acme').map((t) => s.sandbox.store.teamMembers('acme', t))]);
const members = (team: string): string[] => s.sandbox.store.teamMembers('acme', team).map((m) => m.userId);

/** Makes a plan with `args` (+ --plan-out) and returns its path and raw text. */
async function planOf(name: string, args: string[]): Promise<{ path: string; text: string }> {
  const path = join(dir, `${name}.json`);
  const made = await runCli([...args, '--plan-out', path], { env: s.env });
  expect(made.code, made.stderr).toBe(0);
  return { path, text: readFileSync(path, 'utf8') };
}

/** Applies `text` as a plan: exit 2 with `message`, nothing sent, nothing changed. */
async function refused(path: string, text: string, message: string): Promise<void> {
  writeFileSync(path, text);
  const before = state();
  const sent = writes().length;
  const r = await runCli(['apply', path, '--yes'], { env: s.env });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(message);
  expect(writes().length).toBe(sent);
  expect(state()).toBe(before);
}

describe('plan files are read strictly', () => {
  it('an organization plan with a second "changes" key in body.plan: exit 2 naming the key and its line; the file as written is applied', async () => {
    const user = s.sandbox.store.users('acme')[3];
    const { path, text } = await planOf('offboard', ['members', 'offboard', user?.email as string, '--from-organization']);
    expect(JSON.parse(text)).toMatchObject({ kind: 'organization' });
    const twice = text.replace(/\n(\s*)"changes": \[/, '\n$1"changes": [],\n$1"changes": [');
    const line = twice.split('\n').findIndex((l, i, all) => l.includes('"changes"') && all.slice(0, i).some((x) => x.includes('"changes"'))) + 1;
    await refused(path, twice, `is not a teamctl plan: line ${line} names the key "changes" a second time in body.plan`);
    // A second "plan" key, and a key twice at the top.
    await refused(path, text.replace('\n "body": {', '\n "body": {\n  "plan": {},'), 'names the key "plan" a second time in body');
    await refused(path, text.replace('\n "kind":', '\n "kind": "members",\n "kind":'), 'names the key "kind" a second time in the top object');
    // The file as it was written applies.
    writeFileSync(path, text);
    expect((await runCli(['apply', path, '--yes'], { env: s.env })).code).toBe(0);
    expect(s.sandbox.store.users('acme').map((u) => u.id)).not.toContain(user?.id);
  });

  it('a member the schema does not have, at the top or in any kind of body: exit 2 naming it', async () => {
    const [kenji] = s.sandbox.store.users('acme').filter((u) => members('engineering').includes(u.id));
    const team = await planOf('members', ['members', 'remove', kenji?.email as string]);
    await refused(team.path, team.text.replace('\n "body": {', '\n "note": "remove nobody",\n "body": {'), 'it has a member "note" that a plan does not have');
    await refused(team.path, team.text.replace('"remove": [\n', '"remove": [\n       {"user": {"id": "u1", "email": null}, "role": "member", "pruned": false, "apply": false},\n'), '.plan.remove[0].apply is not a member of a plan');
    await refused(team.path, team.text.replace('"options": {', '"options": {\n   "dryRun": true,'), 'body.options.dryRun is not a member of a plan');
    const teams = await planOf('teams', ['teams', 'create', 'Strictness']);
    await refused(teams.path, teams.text.replace('"action": "create"', '"action": "create", "members": 3'), 'body.changes[0].members is not a member of a plan');
    const glossary = await planOf('glossary', ['glossary', 'import', join(dir, 'terms.csv')]);
    await refused(glossary.path, glossary.text.replace('"options": {', '"options": {\n   "onConflictToo": "skip",'), 'body.options.onConflictToo is not a member of a plan');
    expect(members('engineering')).toContain(kenji?.id);
  });
});
