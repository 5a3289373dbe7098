// The published `Translation`, checked where it is parsed (`teamctl help reliability`,
// "Reliability"): a field of the wrong shape is exit 1, naming it; stats.runs is what settles a run.
import { describe, expect, it } from 'vitest';
import { checkTranslation } from '../../src/api/translations.js';

const good = { object: 'translation', id: 'tr', status: 'running', source: { space: 'sp', language: 'en' }, language: 'pt-br', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z', stats: { runs: 2 } };

describe('checkTranslation', () => {
  it('reads the fields teamctl uses', () => {
    expect(checkTranslation(good, 'item 1')).toEqual({ id: 'tr', status: 'running', source: { space: 'sp', language: 'en' }, language: 'pt-br', createdAt: good.createdAt, updatedAt: good.updatedAt, runs: 2 });
  });

  it.each([
    [{ ...good, id: '' }, 'field "id"'],
    [{ ...good, status: 'done' }, 'field "status"'],
    [{ ...good, source: { space: 'sp' } }, 'field "source"'],
    [{ ...good, language: 'Deutsch (DE)' }, 'field "language"'],
    [{ ...good, updatedAt: 'yesterday' }, 'field "updatedAt"'],
    [{ ...good, stats: { runs: -1 } }, 'field "stats.runs"'],
    [{ ...good, stats: { runs: '2' } }, 'field "stats.runs"'],
    [[], 'not a JSON object'],
  ])('refuses %j, naming %s', (value, named) => {
    expect(() => checkTranslation(value, 'item 1 of page 1 of translations')).toThrow(named);
  });
});
