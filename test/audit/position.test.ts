// The position of --follow-from: after it means a later time, or the same time and an id not
// emitted yet; the new position keeps every id of its time; a state file of another organization,
// other filters or no position at all is refused naming the file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advance, eventsAfter, formatPosition, isAfter, parsePosition, type Position } from '../../src/audit/position.js';
import { UsageError } from '../../src/errors.js';

const start: Position = { version: 1, organization: 'acme', filters: {}, at: '2026-03-01T00:00:00.000Z', ids: [] };
const at = (s: number): string => new Date(Date.UTC(2026, 2, 1) + s * 1000).toISOString();
const ev = (id: string, s: number) => ({ id, occurredAt: at(s) });

describe('follow-from position', () => {
  it('an event is after the position when later, or at its time and not emitted yet', () => {
    const p = { at: at(5), ids: ['a'] };
    expect(isAfter(ev('a', 5), p)).toBe(false);
    expect(isAfter(ev('b', 5), p)).toBe(true);
    expect(isAfter(ev('c', 4), p)).toBe(false);
    expect(isAfter(ev('a', 6), p)).toBe(true);
  });

  it('emits oldest first, each once; events of equal time keep the ids at the boundary', () => {
    // The service lists newest first; b and c share a time.
    const listed = [ev('d', 3), ev('c', 2), ev('b', 2), ev('a', 1), ev('c', 2)];
    const emitted = eventsAfter(listed, start);
    expect(emitted.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    const first = advance(start, emitted.slice(0, 3));
    expect(first).toMatchObject({ at: at(2), ids: ['b', 'c'] });
    // A later run sees c again, and an e of the same time recorded since: only e and d.
    expect(eventsAfter([ev('d', 3), ev('e', 2), ev('c', 2), ev('b', 2)], first).map((e) => e.id)).toEqual(['e', 'd']);
    // Same time again: the ids emitted before at that time stay.
    expect(advance(first, [ev('e', 2)]).ids).toEqual(['b', 'c', 'e']);
    expect(advance(first, [])).toBe(first);
  });

  it('property: runs at any moments of a history (times as recorded, ties included) emit each event exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 5 }), (times, cuts) => {
        const history = [...times].sort((a, b) => a - b).map((t, i) => ev(`e${i}`, t));
        let position = start;
        const out: string[] = [];
        // Each run sees what was recorded by its cut (recording order), listed newest first.
        for (const cut of [...cuts.sort((a, b) => a - b), history.length]) {
          const seen = history.slice(0, cut).filter((e) => Date.parse(e.occurredAt) >= Date.parse(position.at));
          const listed = [...seen].sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt));
          const emitted = eventsAfter(listed, position);
          out.push(...emitted.map((e) => e.id));
          position = advance(position, emitted);
        }
        expect(out.sort()).toEqual(history.map((e) => e.id).sort());
      }),
    );
  });

  it('reads back what it writes; refuses another organization, other filters, or no position, naming the file', () => {
    const p = advance(start, [ev('a', 1)]);
    expect(parsePosition(formatPosition(p), 's', 'acme', {})).toEqual(p);
    const refused = (text: string, org = 'acme', filters = {}) => {
      expect(() => parsePosition(text, 'audit.state', org, filters)).toThrow(UsageError);
      expect(() => parsePosition(text, 'audit.state', org, filters)).toThrow(/^audit\.state: /);
    };
    refused(formatPosition(p), 'other');
    refused(formatPosition(p), 'acme', { action: 'team.renamed' });
    refused('not json');
    refused('{}');
    refused(JSON.stringify({ ...p, at: 'soon' }));
    refused(JSON.stringify({ ...p, ids: [1] }));
    refused(JSON.stringify({ ...p, version: 2 }));
  });

  it('a state file of other filters is refused by each filter, and the ids, filters and organization are checked one by one', () => {
    const p: Position = { ...advance(start, [ev('a', 1)]), filters: { actor: 'u1', target: 't1' } };
    const text = formatPosition(p);
    expect(parsePosition(text, 's', 'acme', { actor: 'u1', target: 't1' })).toEqual(p);
    const hintOf = (t: string, org = 'acme', filters: object = { actor: 'u1', target: 't1' }): string | undefined => {
      try {
        parsePosition(t, 's', org, filters);
      } catch (err) {
        return (err as UsageError).hint;
      }
      return undefined;
    };
    expect(hintOf(text, 'acme', { actor: 'u2', target: 't1' })).toBe('each set of --action, --actor and --target needs its own state file');
    expect(hintOf(text, 'acme', { actor: 'u1', target: 't2' })).toBe('each set of --action, --actor and --target needs its own state file');
    expect(hintOf(text, 'other')).toBe('each organization needs its own state file');
    expect(hintOf('not json')).toBe('name another file, or remove it to start again from --since');
    for (const broken of [
      '"a string"',
      JSON.stringify({ ...p, organization: 7 }),
      JSON.stringify({ ...p, ids: ['a', 1] }),
      JSON.stringify({ ...p, filters: null }),
      JSON.stringify({ ...p, filters: { actor: 7 } }),
    ]) {
      expect(hintOf(broken), broken).toBe('name another file, or remove it to start again from --since');
    }
  });

  it('a later time starts a new list of ids; the same time adds to it; the file ends with a newline', () => {
    const first = advance(start, [ev('a', 1)]);
    expect(advance(first, [ev('b', 2)]).ids).toEqual(['b']);
    expect(advance(first, [ev('c', 1)]).ids).toEqual(['a', 'c']);
    expect(formatPosition(first).endsWith('}\n')).toBe(true);
    expect(() => parsePosition('not json', 's', 'acme', {})).toThrow(/the state file is not JSON/);
  });

  it('events the service lists out of order are emitted oldest first all the same', () => {
    expect(eventsAfter([ev('b', 2), ev('c', 3), ev('a', 1)], start).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});
