// Saved plans bound to the people they name (README, "Review, then apply"): a plan edited after
// its review never changes someone else, `apply --show` and `apply` print the same digest, and a
// plan stopped before anything was sent is not recorded as applied. The sandbox's state and
// request log are the reference, never the CLI's words.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { email, rosterFiles, startLab, uid, type Lab } from './lab.js';

let lab: Lab;
afterEach(async () => {
  await lab.sandbox.close();
});

const file = rosterFiles('bound');
const plans = mkdtempSync(join(tmpdir(), 'teamctl-bound-plans-'));
const planPath = (name: string): string => join(plans, `${name}.json`);
const inOrg = (n: number): boolean => lab.sandbox.store.getUser('lab', uid(n)) !== undefined;
type Json = { [key: string]: Json } | Json[] | string | number | boolean | null;
const readJson = (path: string): Record<string, Json> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, Json>;
const digestLine = (stderr: string): string | undefined => /^digest (sha256:[0-9a-f]{64})$/m.exec(stderr)?.[1];

/** A plan that removes u6 from the organization (u5, u7, u8 kept by name). */
async function orgRemovalPlan(name: string): Promise<string> {
  const path = planPath(name);
  const roster = file(['team,email', ...[1, 2, 3, 4].map((n) => `t,${email(n)}`)]);
  const r = await lab.run(['members', 'sync', '--roster', roster, '--prune-organization', '--keep', email(5), email(7), email(8), '--plan-out', path]);
  expect(r.code, r.stderr).toBe(0);
  return path;
}

describe('a plan names every user by id and e-mail', () => {
  it('an organization plan whose removal shows another e-mail for the id is refused (exit 3): nobody is removed', async () => {
    lab = await startLab(8, { t: [1, 2, 3, 4] });
    const path = await orgRemovalPlan('org-edited');
    const original = readFileSync(path, 'utf8');
    const plan = readJson(path);
    const changes = ((plan.body as Record<string, Json>).plan as Record<string, Json>).changes as Record<string, Record<string, Json>>[];
    expect(changes.map((c) => [c.action, c.user?.id, c.user?.email])).toEqual([['remove', uid(6), email(6)]]);
    // The review bypass: only the e-mail edited, to that of another member; the id kept.
    (changes[0] as Record<string, Record<string, Json>>).user = { id: uid(6), email: email(7) };
    writeFileSync(path, JSON.stringify(plan, null, 1));

    const shown = await lab.run(['apply', '--show', path, '--json']);
    expect(shown.code).toBe(0);
    const mark = lab.sandbox.requests.length;
    const applied = await lab.run(['apply', path]);
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain(`body.plan.changes[0].user names user ${uid(6)} with e-mail ${email(7)}, but the service's user ${uid(6)} has ${email(6)}`);
    expect(applied.stderr).toContain('nothing was sent');
    expect(lab.writes(mark)).toEqual([]);
    expect([inOrg(6), inOrg(7)]).toEqual([true, true]);

    // The plan as it was made applies: the refusal did not record it as applied.
    writeFileSync(path, original);
    const again = await lab.run(['apply', path]);
    expect(again.code, again.stderr).toBe(0);
    expect([inOrg(6), inOrg(7)]).toEqual([false, true]);
    expect(lab.writes(mark)).toEqual([`DELETE /v1/orgs/lab/members/${uid(6)}`]);
  });

  it('a team plan whose removal shows another member\'s e-mail is refused (exit 3): the member the id names stays', async () => {
    lab = await startLab(8, { t: [1, 2, 3, 4] }, {}, { TEAMCTL_TEAM: 't' });
    const path = planPath('team-edited');
    const made = await lab.run(['members', 'remove', email(3), '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const plan = readJson(path);
    const team = ((plan.body as Record<string, Json>).teams as Record<string, Record<string, Record<string, Json>[]>>[])[0] as Record<string, Record<string, Record<string, Json>[]>>;
    const removal = team.plan?.remove?.[0] as Record<string, Json>;
    expect(removal.user).toEqual({ id: uid(3), email: email(3) });
    removal.user = { id: uid(3), email: email(4) };
    writeFileSync(path, JSON.stringify(plan));

    const applied = await lab.run(['apply', path]);
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain(`body.teams[0].plan.remove[0].user names user ${uid(3)} with e-mail ${email(4)}, but the service's user ${uid(3)} has ${email(3)}`);
    expect(lab.writes()).toEqual([]);
    expect(Object.keys(lab.team('t')).sort()).toEqual([uid(1), uid(2), uid(3), uid(4)]);
  });

  it('a team plan whose add by id is given another member\'s e-mail is refused (exit 3): nobody is added', async () => {
    lab = await startLab(8, { t: [1, 2, 3, 4] }, {}, { TEAMCTL_TEAM: 't' });
    const path = planPath('team-add-edited');
    const made = await lab.run(['members', 'add', uid(5), '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const text = readFileSync(path, 'utf8');
    const plan = readJson(path);
    const team = ((plan.body as Record<string, Json>).teams as Record<string, Record<string, Record<string, Json>[]>>[])[0] as Record<string, Record<string, Record<string, Json>[]>>;
    const add = team.plan?.add?.[0] as Record<string, Json>;
    expect(add.user).toEqual({ id: uid(5), email: null });
    // The review would show user00006@example.com joining; the id names u5.
    add.user = { id: uid(5), email: email(6) };
    writeFileSync(path, JSON.stringify(plan));
    const applied = await lab.run(['apply', path]);
    expect(applied.code).toBe(3);
    expect(applied.stderr).toContain(`body.teams[0].plan.add[0].user names user ${uid(5)} with e-mail ${email(6)}, but the service's user ${uid(5)} has ${email(5)}`);
    expect(lab.writes()).toEqual([]);
    expect(Object.keys(lab.team('t')).sort()).toEqual([uid(1), uid(2), uid(3), uid(4)]);
    // The plan as made (by id alone) applies: u5 joins.
    writeFileSync(path, text);
    const again = await lab.run(['apply', path]);
    expect(again.code, again.stderr).toBe(0);
    expect(Object.keys(lab.team('t')).sort()).toEqual([uid(1), uid(2), uid(3), uid(4), uid(5)]);
  });

  it('the same edit in the teams of an organization plan is refused too, naming where the plan says it', async () => {
    lab = await startLab(8, { t: [1, 2, 3, 4] });
    const path = planPath('org-team-edited');
    const roster = file(['team,email', ...[1, 2, 4].map((n) => `t,${email(n)}`)]);
    const made = await lab.run(['members', 'sync', '--roster', roster, '--prune', '--prune-organization', '--keep', email(5), email(6), email(7), email(8), '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`"email": "${email(3)}"`);
    // Every e-mail of u3 the plan shows becomes u4's: the review would show u4 leaving team t.
    writeFileSync(path, text.replaceAll(`"email": "${email(3)}"`, `"email": "${email(4)}"`));
    const applied = await lab.run(['apply', path]);
    expect(applied.code).toBe(3);
    expect(applied.stderr).toMatch(/body\.teams\.teams\[0\]\.plan\.remove\[0\]\.user names user u00003 with e-mail user00004@example\.com/);
    expect(lab.writes()).toEqual([]);
    expect(Object.keys(lab.team('t')).sort()).toEqual([uid(1), uid(2), uid(3), uid(4)]);
  });
});

describe('the digest of a plan', () => {
  it('is the same in every format of apply --show and in apply, whatever the layout; another for one changed value', async () => {
    lab = await startLab(8, { t: [1, 2, 3, 4] });
    const path = await orgRemovalPlan('digest');
    const shown = await lab.run(['apply', '--show', path, '--json']);
    expect(shown.code).toBe(0);
    const digest = (JSON.parse(shown.stdout) as { digest: string }).digest;
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    for (const format of ['table', 'csv', 'tsv', 'ndjson']) {
      const r = await lab.run(['apply', '--show', path, '-o', format]);
      expect(digestLine(r.stderr), format).toBe(digest);
    }
    expect((await lab.run(['apply', '--show', path, '-o', 'markdown'])).stdout).toContain(digest);

    // Re-indented, its keys in reverse order at every level: the same plan, the same digest.
    const reversed = (v: Json): Json =>
      Array.isArray(v) ? v.map(reversed) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversed(x)])) : v;
    const relaid = planPath('digest-relaid');
    writeFileSync(relaid, JSON.stringify(reversed(readJson(path)), null, 4) + '\n\n');
    expect(readFileSync(relaid, 'utf8')).not.toBe(readFileSync(path, 'utf8'));
    expect(JSON.parse((await lab.run(['apply', '--show', relaid, '--json'])).stdout)).toMatchObject({ digest });
    // One value changed (the removal is no longer marked as pruned): another digest.
    const changed = planPath('digest-changed');
    writeFileSync(changed, readFileSync(path, 'utf8').replace('"pruned": true', '"pruned": false'));
    expect(readFileSync(changed, 'utf8')).not.toBe(readFileSync(path, 'utf8'));
    expect((JSON.parse((await lab.run(['apply', '--show', changed, '--json'])).stdout) as { digest: string }).digest).not.toBe(digest);

    const dry = await lab.run(['apply', path, '--dry-run']);
    expect(digestLine(dry.stderr)).toBe(digest);
    const applied = await lab.run(['apply', path]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(digestLine(applied.stderr)).toBe(digest);
    expect(inOrg(6)).toBe(false);
  });
});

describe('a plan stopped before anything was sent', () => {
  it('refused by --max-org-removals at apply time is not recorded as applied: it applies once the organization is back', async () => {
    lab = await startLab(10, { t: [1, 2, 3, 4] });
    const path = planPath('guarded');
    const roster = file(['team,email', ...[1, 2, 3, 4].map((n) => `t,${email(n)}`)]);
    // 4 of 10 members removed, as 40% allows; u9 and u10 kept by name.
    const made = await lab.run(['members', 'sync', '--roster', roster, '--prune-organization', '--keep', email(9), email(10), '--max-org-removals', '40%', '--plan-out', path]);
    expect(made.code, made.stderr).toBe(0);
    // u10 leaves meanwhile: 4 of 9 is more than 40% allows. u10 is no member the plan changes.
    const u10 = lab.sandbox.store.getUser('lab', uid(10));
    expect(u10).toBeDefined();
    lab.sandbox.store.members.remove('lab', uid(10));
    const refused = await lab.run(['apply', path]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('more than --max-org-removals 40% allows');
    expect(lab.writes()).toEqual([]);
    expect([5, 6, 7, 8].map(inOrg)).toEqual([true, true, true, true]);

    if (u10 !== undefined) lab.sandbox.store.addUser('lab', u10);
    const applied = await lab.run(['apply', path]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).not.toContain('already applied');
    expect([5, 6, 7, 8, 9, 10].map(inOrg)).toEqual([false, false, false, false, true, true]);
    // Applied, it is recorded: a third apply is refused with nothing sent.
    const mark = lab.sandbox.requests.length;
    const third = await lab.run(['apply', path]);
    expect(third.code).toBe(3);
    expect(third.stderr).toContain('already applied');
    expect(lab.writes(mark)).toEqual([]);
  });
});
