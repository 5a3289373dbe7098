// The filters' pure parts: the nearest action names, and a target title resolved to one id.
import { describe, expect, it } from 'vitest';
import { checkAction, nearestNames, pickTarget } from '../../src/audit/filters.js';
import { UsageError } from '../../src/errors.js';

describe('audit filters', () => {
  it('an unknown action names the nearest ones', () => {
    const actions = ['team.renamed', 'team.created', 'member.removed'].map((id) => ({ object: 'audit-event-action' as const, id, label: id }));
    expect(checkAction('team.created', actions)).toBe('team.created');
    expect(() => checkAction('team.renamd', actions)).toThrow(UsageError);
    expect(nearestNames('team.renamd', ['team.renamed', 'team.created', 'member.removed'])).toEqual(['team.renamed']);
    expect(nearestNames('removed', ['team.renamed', 'member.removed'])).toEqual(['member.removed']);
    expect(nearestNames('zzz', ['team.renamed'])).toEqual([]);
  });

  it('a target: an id as it is, a title (any case) to its one id, an unknown value as an id, a shared title refused', () => {
    const all = [
      { kind: 'team', id: 'engineering', title: 'Platform Engineering' },
      { kind: 'space', id: 'space-a', title: 'Onboarding' },
      { kind: 'team', id: 't-1', title: 'onboarding' },
      { kind: 'site', id: 'Platform Engineering', title: 'x' },
    ];
    expect(pickTarget('engineering', all)).toBe('engineering');
    expect(pickTarget('Platform Engineering', all)).toBe('Platform Engineering');
    expect(pickTarget('x', all)).toBe('Platform Engineering');
    expect(pickTarget('ge_123', all)).toBe('ge_123');
    expect(() => pickTarget('ONBOARDING', all)).toThrow(/names 2 things: space "Onboarding" \(space-a\), team "onboarding" \(t-1\)/);
  });
});
