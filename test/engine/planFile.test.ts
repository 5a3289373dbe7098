// The plan file reader (src/engine/planFile.ts): anything that is not a complete teamctl plan of
// a known version is a usage error (exit 2) that says why.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxPlanBytes, parsePlanFile, planDigest, planFileText, planFormat, planVersion, stateDigest, type PlanFile } from '../../src/engine/planFile.js';
import { UsageError } from '../../src/errors.js';

const plan: PlanFile = {
  format: planFormat,
  version: planVersion,
  id: '0123456789abcdef01234567',
  createdAt: '2026-11-22T10:00:00.000Z',
  command: 'members sync',
  baseUrl: 'https://api.example.com/v1',
  organization: 'acme',
  kind: 'members',
  body: { teams: [] },
};
const parse = (text: string) => parsePlanFile(Buffer.from(text), 'plan.json');

describe('plan files', () => {
  it('refuses a key twice in one object, at any depth, naming it, its object and its line; and a member a plan does not have', () => {
    const text = planFileText({ ...plan, body: { teams: [{ team: 'a' }] } });
    const twice = (from: string, to: string): string => text.replace(from, to);
    expect(() => parse(twice('"kind": "members"', '"kind": "glossary",\n "kind": "members"'))).toThrow(/^plan\.json is not a teamctl plan: line \d+ names the key "kind" a second time in the top object$/);
    expect(() => parse(twice('"team": "a"', '"team": "b", "team": "a"'))).toThrow('names the key "team" a second time in body.teams[0]');
    expect(() => parse(twice('"body": {', '"note": "x",\n "body": {'))).toThrow('plan.json is not a teamctl plan: it has a member "note" that a plan does not have');
    expect(parse(text).body).toEqual({ teams: [{ team: 'a' }] });
  });

  it('reads back what it writes', () => {
    expect(parse(planFileText(plan))).toEqual(plan);
  });

  it('knows a plan written before plans had ids by its bytes', () => {
    const { id: _id, ...old } = plan;
    const text = planFileText(old as PlanFile);
    expect(parse(text).id).toMatch(/^sha256-[0-9a-f]{64}$/);
    expect(parse(text).id).toBe(parse(text).id);
    expect(parse(text.replace('acme', 'globex')).id).not.toBe(parse(text).id);
  });

  it('refuses truncated, foreign, empty and future-version files with a clear message', () => {
    const text = planFileText(plan);
    const cases: [string, RegExp][] = [
      [text.slice(0, text.length / 2), /is not a teamctl plan: it is not complete JSON \(truncated\?\)/],
      ['', /the file is empty/],
      ['[1,2]', /it is not a JSON object/],
      [JSON.stringify({ ...plan, format: 'terraform' }), /its "format" is not "teamctl-plan"/],
      [JSON.stringify({ name: 'teamctl', version: '0.1.0' }), /its "format" is not/],
      [JSON.stringify({ ...plan, version: 2 }), /is a plan of format version 2; this teamctl reads version 1/],
      [JSON.stringify({ ...plan, version: '1' }), /it has no format version/],
      [JSON.stringify({ ...plan, organization: '' }), /"organization" is missing/],
      [JSON.stringify({ ...plan, kind: 'repos' }), /"kind" is none of members, glossary, teams, organization and access/],
      [JSON.stringify({ ...plan, body: null }), /it has no plan body/],
    ];
    for (const [input, message] of cases) {
      let error: unknown;
      try {
        parse(input);
      } catch (err) {
        error = err;
      }
      expect(error, input.slice(0, 60)).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('says exactly why a file is not a plan, and how to make one', () => {
    const make = 'make one with --plan-out <file> (members add|remove|sync|offboard, glossary import|sync|delete)';
    const { baseUrl: _b, ...noBase } = plan;
    const { kind: _k, ...noKind } = plan;
    const cases: [string, string][] = [
      ['null', 'it is not a JSON object'],
      ['"plan"', 'it is not a JSON object'],
      [JSON.stringify({ ...plan, version: 1.5 }), 'it has no format version'],
      [JSON.stringify({ ...plan, version: 0 }), 'unknown format version 0'],
      [JSON.stringify(noBase), '"baseUrl" is missing'],
      [JSON.stringify({ ...plan, command: 7 }), '"command" is missing'],
      [JSON.stringify({ ...plan, createdAt: '' }), '"createdAt" is missing'],
      [JSON.stringify(noKind), '"kind" is none of members, glossary, teams, organization and access'],
      [JSON.stringify({ ...plan, body: 'teams' }), 'it has no plan body'],
    ];
    for (const [input, why] of cases) {
      const err = (() => {
        try {
          parse(input);
        } catch (e) {
          return e as UsageError;
        }
        throw new Error(`accepted: ${input.slice(0, 60)}`);
      })();
      expect(err.message, input.slice(0, 60)).toBe(`plan.json is not a teamctl plan: ${why}`);
      expect(err.hint).toBe(make);
    }
    const future = (() => {
      try {
        parse(JSON.stringify({ ...plan, version: 2 }));
      } catch (e) {
        return e as UsageError;
      }
      throw new Error('accepted');
    })();
    expect(future.message).toBe('plan.json is a plan of format version 2; this teamctl reads version 1');
    expect(future.hint).toBe('apply it with the teamctl version that made it, or make the plan again');
  });

  it('keeps an id of 8 to 64 letters, digits, _ and -; any other is replaced by the digest of the bytes', () => {
    for (const id of ['abcdefgh', 'A'.repeat(64), 'plan_2026-11']) expect(parse(JSON.stringify({ ...plan, id })).id).toBe(id);
    for (const id of ['abcdefg', 'A'.repeat(65), '!abcdefgh', 'abcdefgh!', 'abc def gh', 42]) {
      expect(parse(JSON.stringify({ ...plan, id })).id, String(id)).toMatch(/^sha256-[0-9a-f]{64}$/);
    }
  });

  it('digests state independently of order, and sensitively to content', () => {
    expect(stateDigest([['u1', 'owner'], ['u2', 'member']])).toBe(stateDigest([['u2', 'member'], ['u1', 'owner']]));
    expect(stateDigest([['u1', 'owner']])).not.toBe(stateDigest([['u1', 'member']]));
    expect(stateDigest([['u1', 'owner']])).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('digests state the way earlier versions did, so their saved plans are not taken for stale', () => {
    // sha256 of '["u1","owner"]\n["u2","member"]\n' (sorted rows, one JSON line each).
    expect(stateDigest([['u2', 'member'], ['u1', 'owner']])).toBe('sha256:fd6093f2fc1cf36e48068fc32cf27803c2aa11dbaa5f678a992fb63e89c7eac8');
  });

  it('refuses to write a plan larger than apply reads, by its size in bytes', () => {
    const text = planFileText(plan);
    expect(text.endsWith('}\n')).toBe(true); // a text file: its last line ends with a line break
    const bytes = Buffer.byteLength(text);
    expect(planFileText(plan, bytes)).toBe(text);
    let error: UsageError | undefined;
    try {
      planFileText(plan, bytes - 1);
    } catch (err) {
      error = err as UsageError;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.message).toBe(`the plan is larger than ${(bytes - 1) / 1024 / 1024} MB, more than \`teamctl apply\` reads; it was not written`);
    expect(error?.hint).toBe('split the change into several smaller files');
    // Apply's limit, in the words the message uses.
    expect(maxPlanBytes).toBe(134_217_728);
  });
});

describe('the digest of a plan', () => {
  const digest = (text: string): string => parse(text).digest;

  it('is the SHA-256 of the canonical JSON: keys sorted at every level, no whitespace, UTF-8', () => {
    const value = { b: [1, { d: 'é', c: null }], a: true };
    const canonical = '{"a":true,"b":[1,{"c":null,"d":"é"}]}';
    expect(planDigest(value)).toBe(`sha256:${createHash('sha256').update(Buffer.from(canonical, 'utf8')).digest('hex')}`);
  });

  it('keeps its value when the file is re-indented or its keys reordered, and is not part of the plan written back', () => {
    const text = planFileText(plan);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text) as object).reverse()), null, 3);
    expect(digest(reordered)).toBe(digest(text));
    expect(digest(JSON.stringify(plan))).toBe(digest(text));
    expect(Object.keys(parse(text))).not.toContain('digest');
    expect(JSON.stringify(parse(text))).not.toContain('sha256:');
  });

  it('changes with any value: one character, a number, an element added', () => {
    const text = planFileText(plan);
    expect(digest(text.replace('acme', 'acmf'))).not.toBe(digest(text));
    expect(digest(text.replace('"teams": []', '"teams": [1]'))).not.toBe(digest(text));
    expect(digest(text.replace('"version": 1', '"version": 1.0'))).toBe(digest(text)); // the same number
  });

  it('of a plan without an id is that of what was read, before the id given to it', () => {
    const { id: _id, ...old } = plan;
    const text = planFileText(old as PlanFile);
    expect(parse(text).digest).toBe(planDigest(old));
  });
});
