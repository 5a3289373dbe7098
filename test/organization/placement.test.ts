// `--team a,b:owner` as `members onboard` reads it (`teamctl help organization`, "A joiner's day"):
// each name with its `:owner` or `:member` taken off as its team role; any other colon is the name's.
import { describe, expect, it } from 'vitest';
import { namedTeams } from '../../src/organization/placement.js';

describe('namedTeams', () => {
  it('takes a trailing :owner or :member (any case, spaces around) as the role; no suffix is no role', () => {
    expect(namedTeams(['engineering', 'Product Design:owner', 'ops : MEMBER'])).toEqual([
      { name: 'engineering', role: undefined },
      { name: 'Product Design', role: 'owner' },
      { name: 'ops', role: 'member' },
    ]);
  });

  it('leaves any other colon in the name', () => {
    expect(namedTeams(['R&D: Tools', 'a:admin', ':owner'])).toEqual([
      { name: 'R&D: Tools', role: undefined },
      { name: 'a:admin', role: undefined },
      { name: ':owner', role: undefined },
    ]);
  });

  it('takes the role only from the whole end of the name: a word that starts with it, a name on two lines, spaces before the name', () => {
    expect(namedTeams(['Sales:Ownership', 'ops:members', 'Old\nops:owner', '  ops : owner', ' Product Design:member'])).toEqual([
      { name: 'Sales:Ownership', role: undefined },
      { name: 'ops:members', role: undefined },
      { name: 'Old\nops:owner', role: undefined },
      { name: 'ops', role: 'owner' },
      { name: 'Product Design', role: 'member' },
    ]);
  });
});
