// The drifted objects of a plan: the teams whose plan changes something, the glossary entries
// updated or deleted (named by their key), the resources whose access changes; each once.
import { describe, expect, it } from 'vitest';
import { driftedOf, whoLines } from '../../src/audit/drift.js';

describe('driftedOf', () => {
  it('members: only the teams whose plan adds, removes or changes a role', () => {
    const body = {
      teams: [
        { team: 'engineering', plan: { add: [{}], remove: [], roleChanges: [] } },
        { team: 'design', plan: { add: [], remove: [], roleChanges: [] } },
        { team: 'ops', plan: { add: [], remove: [], roleChanges: [{}] } },
      ],
    };
    expect(driftedOf({ kind: 'members', body })).toEqual([
      { kind: 'team', id: 'engineering', label: 'engineering' },
      { kind: 'team', id: 'ops', label: 'ops' },
    ]);
  });

  it('glossary: updated and deleted entries by id and key; an insert has no id', () => {
    const body = {
      key: 'en',
      plan: {
        operations: [{ operation: { type: 'update', id: 'ge_1', translations: { en: 'Space', fr: 'Zone' } } }, { operation: { type: 'insert', translations: { en: 'New' } } }, { operation: { type: 'delete', id: 'ge_2' } }],
        notInFile: [{ id: 'ge_2', key: 'Team' }, { id: 'ge_3', key: 'Kept' }],
      },
    };
    expect(driftedOf({ kind: 'glossary', body })).toEqual([
      { kind: 'entry', id: 'ge_1', label: 'Space' },
      { kind: 'entry', id: 'ge_2', label: 'Team' },
    ]);
  });

  it('access: each resource once, whatever changes on it', () => {
    const resource = { kind: 'space', id: 'space-api', title: 'API Reference' };
    const body = { changes: [{ resource }, { resource }, { resource: { kind: 'site', id: 'site-docs', title: 'Docs' } }] };
    expect(driftedOf({ kind: 'access', body })).toEqual([
      { kind: 'space', id: 'space-api', label: 'API Reference' },
      { kind: 'site', id: 'site-docs', label: 'Docs' },
    ]);
    expect(driftedOf({ kind: 'access', body: null })).toEqual([]);
  });

  it('the lines name the actor, source and time, and how many were not looked up', () => {
    const lines = whoLines({
      who: [{ kind: 'team', id: 'eng', label: 'Platform', events: [{ occurredAt: '2026-01-01T00:00:00Z', action: 'team.renamed', actor: { type: 'user', id: 'u1', label: 'a@x.com' }, source: 'ui' }] }],
      left: 2,
    });
    expect(lines).toEqual(['Recent changes to what drifted (audit log):', '  team "Platform" (eng): team.renamed by a@x.com (ui) at 2026-01-01T00:00:00Z', '  … and 2 more not looked up']);
  });
});
