// --since and --until: a date, a date-time with its zone, or a duration back from an injected now.
import { describe, expect, it } from 'vitest';
import { parseWhen } from '../../src/audit/when.js';
import { UsageError } from '../../src/errors.js';

const now = new Date('2026-12-07T12:00:00.000Z');

describe('parseWhen', () => {
  it.each([
    ['7d', '2026-11-30T12:00:00.000Z'],
    ['12h', '2026-12-07T00:00:00.000Z'],
    ['30m', '2026-12-07T11:30:00.000Z'],
    ['2w', '2026-11-23T12:00:00.000Z'],
    ['45s', '2026-12-07T11:59:15.000Z'],
    ['0d', '2026-12-07T12:00:00.000Z'],
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30Z', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30:00.123+02:00', '2026-03-01T07:30:00.123Z'],
    [' 7d ', '2026-11-30T12:00:00.000Z'],
  ])('%s', (value, expected) => {
    expect(parseWhen(value, '--since', now)).toBe(expected);
  });

  it.each(['7', 'd', '7x', '-7d', '7 d', '2026-02-30', '2026-13-01', 'yesterday', '2026-03-01 09:00', '1234567d'])('refuses %j (exit 2, naming the flag)', (value) => {
    expect(() => parseWhen(value, '--until', now)).toThrow(UsageError);
    expect(() => parseWhen(value, '--until', now)).toThrow(/--until/);
  });

  it('a date-time without its zone is refused, saying so', () => {
    expect(() => parseWhen('2026-03-01T09:00:00', '--since', now)).toThrow(/needs its zone/);
  });
});
