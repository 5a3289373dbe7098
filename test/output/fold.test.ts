import { describe, expect, it } from 'vitest';
import { foldLimit, foldedLines, foldedList } from '../../src/output/fold.js';

describe('plans at a terminal fold', () => {
  it('lists everything off a terminal, and on one when the plan fits the screen', () => {
    expect(foldLimit(undefined, 100_000)).toBeUndefined();
    expect(foldLimit(24, 24)).toBeUndefined();
    expect(foldLimit(24, 25)).toBe(foldedLines);
    expect(foldedLines).toBe(5);
  });

  it('keeps the first lines of a kind, then says how many more and where they all are', () => {
    const lines = Array.from({ length: 7 }, (_, i) => `  + ${i}`);
    expect(foldedList(lines, undefined)).toEqual(lines);
    expect(foldedList(lines, 7)).toEqual(lines);
    expect(foldedList(lines, 5)).toEqual([...lines.slice(0, 5), '    … and 2 more (--report keeps them all)']);
    expect(foldedList(lines, 6, '  ')).toEqual([...lines.slice(0, 6), '  … and 1 more (--report keeps them all)']);
  });
});
