// The saved-plan validators (src/glossary/savedPlan.ts, src/members/savedPlan.ts): a plan file
// comes from outside, so every field is checked, and a wrong one is named by its path — each row
// below breaks one field of a valid body and expects exactly that path in the message.
import { describe, expect, it } from 'vitest';
import { ShapeError } from '../../src/engine/shape.js';
import type { GlossaryEntry } from '../../src/api/types.js';
import { glossaryState } from '../../src/glossary/change.js';
import { glossaryMoved, glossaryPlanBody } from '../../src/glossary/savedPlan.js';
import { membersPlanBody, teamMoved } from '../../src/members/savedPlan.js';
import type { CurrentMember } from '../../src/plan/members.js';

const glossaryBody = () => ({
  file: 'terms.csv',
  key: 'en',
  state: { digest: 'sha256:x', entries: { ge_1: 'd1' } },
  plan: {
    operations: [
      { line: 2, operation: { type: 'insert', translations: { en: 'bank', fr: 'banque' } } },
      { line: 3, operation: { type: 'update', id: 'ge_1', translations: { en: 'door' } }, conflict: { key: 'door', existingId: 'ge_1' } },
      { line: 0, operation: { type: 'delete', id: 'ge_2' } },
    ],
    present: [{ line: 4, existingId: 'ge_3' }],
    conflicts: [{ line: 5, existingId: 'ge_4', key: 'team' }],
    unknownIds: [{ line: 6, id: 'zz' }],
  },
  terms: [[2, 'bank']],
  options: { batchSize: 100, onConflict: 'skip' },
  deletions: { maxDeletions: '25%', force: false },
});

const membersBody = () => ({
  teams: [
    {
      team: 't',
      state: { digest: 'sha256:y', members: [['u1', 'a@b.co', 'owner']] },
      plan: {
        add: [{ user: { id: null, email: 'new@b.co' }, role: 'member' }],
        remove: [{ user: { id: 'u2', email: null }, role: 'member', pruned: true }],
        roleChanges: [{ user: { id: 'u3', email: 'c@b.co' }, from: 'member', to: 'owner' }],
        unchanged: 1,
        notMember: [{ id: 'u9', email: null }],
      },
      unchanged: [{ id: 'u1', email: 'a@b.co' }],
    },
  ],
  options: { force: false, batchSize: 100, concurrency: 8, maxRemovals: null },
});

type Edit = (b: Record<string, any>) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
const refused = (check: (b: unknown) => unknown, make: () => object, edit: Edit): string => {
  const body = make() as Record<string, unknown>;
  edit(body);
  try {
    check(body);
  } catch (err) {
    expect(err).toBeInstanceOf(ShapeError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('saved glossary plans', () => {
  it('reads a valid body as it was written', () => {
    const body = glossaryPlanBody(glossaryBody());
    expect(body.plan.operations.map((o) => o.operation.type)).toEqual(['insert', 'update', 'delete']);
    expect(body.plan.operations[1]?.conflict).toEqual({ key: 'door', existingId: 'ge_1' });
    expect(body.deletions).toEqual({ maxDeletions: '25%', force: false });
    expect(glossaryPlanBody({ ...glossaryBody(), deletions: { maxDeletions: null, force: true } }).deletions).toEqual({ maxDeletions: null, force: true });
    expect(glossaryPlanBody({ ...glossaryBody(), deletions: undefined }).deletions).toBeUndefined();
  });

  it('names the body itself when it is not an object', () => {
    expect(() => glossaryPlanBody([])).toThrow(new ShapeError('body is not an object'));
  });

  it.each([
    ['body.file', (b) => (b.file = 1)],
    ['body.key', (b) => (b.key = null)],
    ['body.state.digest', (b) => (b.state.digest = 2)],
    ['body.state.entries.ge_1', (b) => (b.state.entries.ge_1 = 3)],
    ['body.plan.operations[0].line', (b) => (b.plan.operations[0].line = -1)],
    ['body.plan.operations[0].operation.type', (b) => (b.plan.operations[0].operation.type = 'upsert')],
    ['body.plan.operations[0].operation.translations.fr', (b) => (b.plan.operations[0].operation.translations.fr = 5)],
    ['body.plan.operations[1].operation.id', (b) => delete b.plan.operations[1].operation.id],
    ['body.plan.operations[1].operation.translations', (b) => (b.plan.operations[1].operation.translations = [])],
    ['body.plan.operations[1].conflict.key', (b) => (b.plan.operations[1].conflict.key = 6)],
    ['body.plan.operations[1].conflict.existingId', (b) => delete b.plan.operations[1].conflict.existingId],
    ['body.plan.operations[2].operation.id', (b) => (b.plan.operations[2].operation.id = 7)],
    ['body.plan.present[0].line', (b) => (b.plan.present[0].line = 'x')],
    ['body.plan.present[0].existingId', (b) => delete b.plan.present[0].existingId],
    ['body.plan.conflicts[0].key', (b) => delete b.plan.conflicts[0].key],
    ['body.plan.conflicts[0].line', (b) => (b.plan.conflicts[0].line = 1.5)],
    ['body.plan.unknownIds[0].id', (b) => (b.plan.unknownIds[0].id = 8)],
    ['body.plan.unknownIds[0].line', (b) => delete b.plan.unknownIds[0].line],
    ['body.terms[0][1]', (b) => (b.terms[0][1] = 9)],
    ['body.terms[0][0]', (b) => (b.terms[0][0] = 'two')],
    ['body.options.batchSize', (b) => (b.options.batchSize = 0)],
    ['body.options.onConflict', (b) => (b.options.onConflict = 'merge')],
    ['body.deletions.maxDeletions', (b) => (b.deletions.maxDeletions = 25)],
    ['body.plan.operations', (b) => (b.plan.operations = {})],
    ['body.plan.operations[1].conflict', (b) => (b.plan.operations[1].conflict = 'door')],
    ['body.plan.present', (b) => (b.plan.present = {})],
    ['body.plan.conflicts', (b) => (b.plan.conflicts = null)],
    ['body.plan.unknownIds', (b) => delete b.plan.unknownIds],
    ['body.plan', (b) => (b.plan = [])],
    ['body.state', (b) => (b.state = null)],
    ['body.state.entries', (b) => (b.state.entries = [])],
    ['body.options', (b) => delete b.options],
    ['body.terms', (b) => (b.terms = {})],
    ['body.terms[0]', (b) => (b.terms[0] = 'bank')],
    ['body.deletions', (b) => (b.deletions = true)],
  ] as [string, Edit][])('names %s when it is wrong', (path, edit) => {
    expect(refused(glossaryPlanBody, glossaryBody, edit)).toMatch(new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')} `));
  });
});

describe('saved members plans', () => {
  it('reads a valid body as it was written', () => {
    const body = membersPlanBody(membersBody());
    expect(body).toEqual(membersBody());
    expect(body.teams[0]?.plan.remove[0]).toEqual({ user: { id: 'u2', email: null }, role: 'member', pruned: true });
    expect(body.options).toEqual({ force: false, batchSize: 100, concurrency: 8, maxRemovals: null });
  });

  it('reads the fields a plan may leave out, and keeps roleAsked only when it is true', () => {
    const b = membersBody() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    b.teams[0].state.members = [['u1', 'a@b.co', 'owner'], ['u4', null, 'member'], ['u5', undefined, 'member']];
    b.teams[0].plan.add = [
      { user: { id: 'u6', email: null }, role: 'owner', roleAsked: true },
      { user: { id: 'u7', email: null }, role: 'member', roleAsked: 'yes' },
    ];
    b.teams[0].plan.notInRoster = [{ id: 'u8', email: 'h@b.co' }];
    b.options = { ...b.options, maxRemovals: '10%', minOwners: 2 };
    const body = membersPlanBody(b);
    const [team] = body.teams;
    expect(team?.state.members).toEqual([['u1', 'a@b.co', 'owner'], ['u4', null, 'member'], ['u5', null, 'member']]);
    expect(team?.plan.add).toEqual([
      { user: { id: 'u6', email: null }, role: 'owner', roleAsked: true },
      { user: { id: 'u7', email: null }, role: 'member' },
    ]);
    expect(team?.plan.notInRoster).toEqual([{ id: 'u8', email: 'h@b.co' }]);
    expect(body.options).toEqual({ force: false, batchSize: 100, concurrency: 8, maxRemovals: '10%', minOwners: 2 });
    expect(membersPlanBody(membersBody()).teams[0]?.plan).not.toHaveProperty('notInRoster');
    expect(membersPlanBody(membersBody()).options).not.toHaveProperty('minOwners');
  });

  it('names the body itself when it is not an object', () => {
    expect(() => membersPlanBody('plan')).toThrow(new ShapeError('body is not an object'));
  });

  it('refuses a team named twice, naming both places', () => {
    const b = membersBody() as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    b.teams = [b.teams[0], { ...b.teams[0], team: 'u' }, b.teams[0]];
    expect(() => membersPlanBody(b)).toThrow(new ShapeError('body.teams[2] names team "t" again (as body.teams[0] does)'));
  });

  it.each([
    ['body.teams[0].team', (b) => (b.teams[0].team = 1)],
    ['body.teams[0].state.digest', (b) => delete b.teams[0].state.digest],
    ['body.teams[0].state.members[0][0]', (b) => (b.teams[0].state.members[0][0] = 2)],
    ['body.teams[0].state.members[0][2]', (b) => (b.teams[0].state.members[0][2] = 'admin')],
    ['body.teams[0].plan.add[0].role', (b) => (b.teams[0].plan.add[0].role = 'boss')],
    ['body.teams[0].plan.add[0].user', (b) => (b.teams[0].plan.add[0].user = { id: null, email: null })],
    ['body.teams[0].plan.remove[0].pruned', (b) => (b.teams[0].plan.remove[0].pruned = 'yes')],
    ['body.teams[0].plan.remove[0].user.id', (b) => (b.teams[0].plan.remove[0].user.id = 3)],
    ['body.teams[0].plan.roleChanges[0].from', (b) => (b.teams[0].plan.roleChanges[0].from = 'x')],
    ['body.teams[0].plan.roleChanges[0].to', (b) => delete b.teams[0].plan.roleChanges[0].to],
    ['body.teams[0].plan.unchanged', (b) => (b.teams[0].plan.unchanged = -1)],
    ['body.teams[0].plan.notMember[0].email', (b) => (b.teams[0].plan.notMember[0].email = 4)],
    ['body.teams[0].unchanged[0]', (b) => (b.teams[0].unchanged[0] = 'u1')],
    ['body.teams[0].plan.notInRoster[0].id', (b) => (b.teams[0].plan.notInRoster = [{ id: 5, email: null }])],
    ['body.teams[0].plan.notInRoster', (b) => (b.teams[0].plan.notInRoster = 'u1')],
    ['body.teams', (b) => (b.teams = [])],
    ['body.teams', (b) => (b.teams = {})],
    ['body.teams[0]', (b) => (b.teams[0] = 't')],
    ['body.teams[0].state', (b) => delete b.teams[0].state],
    ['body.teams[0].state.members', (b) => (b.teams[0].state.members = {})],
    ['body.teams[0].state.members[0]', (b) => (b.teams[0].state.members[0] = 'u1')],
    ['body.teams[0].state.members[0][1]', (b) => (b.teams[0].state.members[0][1] = 5)],
    ['body.teams[0].plan', (b) => (b.teams[0].plan = null)],
    ['body.teams[0].plan.add', (b) => delete b.teams[0].plan.add],
    ['body.teams[0].plan.add[0]', (b) => (b.teams[0].plan.add[0] = null)],
    ['body.teams[0].plan.add[0].user.email', (b) => (b.teams[0].plan.add[0].user.email = 6)],
    ['body.teams[0].plan.remove', (b) => (b.teams[0].plan.remove = 'u2')],
    ['body.teams[0].plan.remove[0]', (b) => (b.teams[0].plan.remove[0] = [])],
    ['body.teams[0].plan.remove[0].role', (b) => (b.teams[0].plan.remove[0].role = 'boss')],
    ['body.teams[0].plan.remove[0].user', (b) => delete b.teams[0].plan.remove[0].user],
    ['body.teams[0].plan.roleChanges', (b) => (b.teams[0].plan.roleChanges = null)],
    ['body.teams[0].plan.roleChanges[0]', (b) => (b.teams[0].plan.roleChanges[0] = 1)],
    ['body.teams[0].plan.roleChanges[0].user', (b) => (b.teams[0].plan.roleChanges[0].user = 'u3')],
    ['body.teams[0].plan.notMember', (b) => delete b.teams[0].plan.notMember],
    ['body.teams[0].plan.notInRoster[0]', (b) => (b.teams[0].plan.notInRoster = [{ id: null, email: null }])],
    ['body.teams[0].unchanged', (b) => (b.teams[0].unchanged = 1)],
    ['body.teams[0].unchanged[0].id', (b) => (b.teams[0].unchanged[0].id = 2)],
    ['body.options', (b) => (b.options = [])],
    ['body.options.force', (b) => (b.options.force = 'no')],
    ['body.options.batchSize', (b) => (b.options.batchSize = 0)],
    ['body.options.concurrency', (b) => (b.options.concurrency = 0)],
    ['body.options.maxRemovals', (b) => (b.options.maxRemovals = 3)],
    ['body.options.minOwners', (b) => (b.options.minOwners = 0)],
  ] as [string, Edit][])('names %s when it is wrong', (path, edit) => {
    expect(refused(membersPlanBody, membersBody, edit)).toMatch(new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')} `));
  });
});

describe('what moved since a glossary plan was made', () => {
  const entry = (id: string, en: string): GlossaryEntry => ({ id, translations: { en }, createdAt: '', updatedAt: '' }) as unknown as GlossaryEntry;
  const saved = glossaryState([entry('ge_1', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall')]);

  it.each([
    ['nothing', [entry('ge_1', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall')], undefined],
    ['the same entries in another order', [entry('ge_3', 'wall'), entry('ge_1', 'bank'), entry('ge_2', 'door')], undefined],
    ['one added', [entry('ge_1', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall'), entry('ge_4', 'roof')], '1 entry added'],
    ['two added', [entry('ge_1', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall'), entry('ge_4', 'roof'), entry('ge_5', 'floor')], '2 entries added'],
    ['one deleted', [entry('ge_1', 'bank'), entry('ge_2', 'door')], '1 entry deleted'],
    ['two deleted', [entry('ge_1', 'bank')], '2 entries deleted'],
    ['one changed', [entry('ge_1', 'bank'), entry('ge_2', 'gate'), entry('ge_3', 'wall')], '1 entry changed'],
    ['all three kinds, counted apart', [entry('ge_1', 'river bank'), entry('ge_2', 'gate'), entry('ge_4', 'roof')], '1 entry added, 1 entry deleted, 2 entries changed'],
    ['everything deleted', [], '3 entries deleted'],
    ['two changed', [entry('ge_1', 'bench'), entry('ge_2', 'gate'), entry('ge_3', 'wall')], '2 entries changed'],
    ['one of each, in that order', [entry('ge_2', 'gate'), entry('ge_3', 'wall'), entry('ge_4', 'roof')], '1 entry added, 1 entry deleted, 1 entry changed'],
    ['an entry replaced by a new id with the same text', [entry('ge_9', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall')], '1 entry added, 1 entry deleted'],
  ] as [string, GlossaryEntry[], string | undefined][])('%s', (_, now, words) => {
    expect(glossaryMoved(saved, now)).toBe(words);
  });

  it('says nothing for an empty glossary that is still empty', () => {
    expect(glossaryMoved(glossaryState([]), [])).toBeUndefined();
  });

  it('a digest that does not match its own entries is a broken plan file, not a moved glossary', () => {
    expect(() => glossaryMoved({ ...saved, digest: 'sha256:forged' }, [entry('ge_1', 'bank'), entry('ge_2', 'door'), entry('ge_3', 'wall')])).toThrow(
      new ShapeError('body.state.digest does not match its entries'),
    );
  });
});

describe('what moved since a members plan was made', () => {
  const m = (id: string, role: 'owner' | 'member'): CurrentMember => ({ id, email: null, role });
  const saved = { digest: 'sha256:x', members: [['u1', null, 'owner'], ['u2', null, 'member'], ['u3', null, 'member']] as [string, string | null, 'owner' | 'member'][] };

  it.each([
    ['nothing', [m('u1', 'owner'), m('u2', 'member'), m('u3', 'member')], undefined],
    ['one added', [m('u1', 'owner'), m('u2', 'member'), m('u3', 'member'), m('u4', 'member')], '1 member added'],
    ['two removed', [m('u1', 'owner')], '2 members removed'],
    ['one role changed', [m('u1', 'owner'), m('u2', 'owner'), m('u3', 'member')], '1 role changed'],
    ['two roles changed', [m('u1', 'member'), m('u2', 'owner'), m('u3', 'member')], '2 roles changed'],
    ['all three kinds, counted apart', [m('u1', 'member'), m('u3', 'member'), m('u4', 'owner'), m('u5', 'member')], '2 members added, 1 member removed, 1 role changed'],
    ['the same members in another order', [m('u3', 'member'), m('u1', 'owner'), m('u2', 'member')], undefined],
    ['the same members, whatever e-mail the service shows', [{ ...m('u1', 'owner'), email: 'a@b.co' }, m('u2', 'member'), m('u3', 'member')], undefined],
    ['two added', [m('u1', 'owner'), m('u2', 'member'), m('u3', 'member'), m('u4', 'member'), m('u5', 'owner')], '2 members added'],
    ['one removed', [m('u1', 'owner'), m('u2', 'member')], '1 member removed'],
    ['everyone gone', [], '3 members removed'],
    // As many added as removed, or as roles changed: the kinds are counted apart, never netted.
    ['one added and one removed', [m('u1', 'owner'), m('u2', 'member'), m('u4', 'member')], '1 member added, 1 member removed'],
    ['one added and a role changed', [m('u1', 'member'), m('u2', 'member'), m('u3', 'member'), m('u4', 'member')], '1 member added, 1 role changed'],
  ] as [string, CurrentMember[], string | undefined][])('%s', (_, now, words) => {
    expect(teamMoved(saved, now)).toBe(words);
  });

  it('says nothing for an empty team that is still empty', () => {
    expect(teamMoved({ digest: 'sha256:empty', members: [] }, [])).toBeUndefined();
  });
});
