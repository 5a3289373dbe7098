// How a table fits a terminal (`teamctl help environment`, "Tables on a terminal"): words stay
// whole, the id column goes first, then the optional ones; only a word longer than its column
// breaks. Widths come from string-width, the function tables are drawn with.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { breakUnits, layoutTable, longestUnit, wrapCell } from '../../src/output/tableLayout.js';

const total = (widths: readonly number[]): number => widths.reduce((a, b) => a + b, widths.length + 1);

describe('wrapCell', () => {
  it('breaks between words, never inside one that fits its line', () => {
    expect(wrapCell('Pull request', 8, stringWidth)).toEqual(['Pull', 'request']);
    expect(wrapCell('Notas de la versión', 10, stringWidth)).toEqual(['Notas de', 'la versión']);
    expect(wrapCell('Glossary', 8, stringWidth)).toEqual(['Glossary']);
  });

  it('breaks a word only when it is longer than the line, where it reaches the edge', () => {
    expect(wrapCell('Versionshinweise de', 6, stringWidth)).toEqual(['Versio', 'nshinw', 'eise', 'de']);
    expect(wrapCell('ab Versionshinweise', 6, stringWidth)).toEqual(['ab', 'Versio', 'nshinw', 'eise']);
  });

  it('counts CJK characters and emoji as two columns, breaks between CJK characters, never inside an emoji', () => {
    expect(wrapCell('変更リクエスト', 6, stringWidth)).toEqual(['変更リ', 'クエス', 'ト']);
    // A family emoji (a ZWJ sequence) is one grapheme, two columns wide.
    expect(wrapCell('team 👨‍👩‍👧 ok', 6, stringWidth)).toEqual(['team', '👨‍👩‍👧 ok']);
    expect(wrapCell('用語集 Glossary', 8, stringWidth)).toEqual(['用語集', 'Glossary']);
    for (const line of wrapCell('佐藤健二（東京オフィス）', 7, stringWidth)) expect(stringWidth(line)).toBeLessThanOrEqual(7);
  });

  it('keeps every character but the spaces where a line breaks', () => {
    const text = 'Demande de modification  très   longue';
    expect(wrapCell(text, 9, stringWidth).join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(wrapCell('', 5, stringWidth)).toEqual(['']);
  });

  it('pieces: words, spaces, each wide character alone', () => {
    expect(breakUnits('Sign in チーム', stringWidth)).toEqual(['Sign', ' ', 'in', ' ', 'チ', 'ー', 'ム']);
    expect(longestUnit('Solicitação de alteração', stringWidth)).toBe(11);
    expect(longestUnit('用語集', stringWidth)).toBe(2);
  });
});

describe('layoutTable', () => {
  const headers = ['id', 'en', 'de', 'ja', 'updatedAt'];
  const rows = [
    ['ge_cd9wz479bgvoptbc', 'Glossary', 'Glossar', '用語集', '2026-11-20'],
    ['ge_stvv4tctvqr4pyyf', 'Change request', 'Änderungsanfrage', '変更リクエスト', '2026-11-21'],
    ['ge_ng371ap4uzwarrf3', 'Pull request', 'Pull-Request 🚀', '', '2026-11-22'],
  ];
  const fit = [{ whole: true, id: true }, {}, {}, {}, { optional: true }];
  const cells = [headers, ...rows];
  const shown = (keep: readonly boolean[]): string[] => headers.filter((_, i) => keep[i]);
  /** Whether every word of every shown cell stays whole at these widths. */
  const wordsWhole = (keep: readonly boolean[], widths: readonly number[]): boolean =>
    cells.every((row) =>
      row
        .filter((_, i) => keep[i])
        .every((cell, i) => wrapCell(cell, (widths[i] ?? 0) - 2, stringWidth).join(' ').split(/\s+/).every((w) => cell.split(/\s+/).includes(w) || /[^ -~]/.test(w))),
    );

  it('at 120 columns the table fits as it is', () => {
    expect(layoutTable(cells, 120, fit, stringWidth)).toEqual({ keep: [true, true, true, true, true] });
    expect(layoutTable(cells, undefined, fit, stringWidth)).toEqual({ keep: [true, true, true, true, true] });
  });

  it('at 80 columns every column stays, narrowed between words', () => {
    const { keep, widths } = layoutTable(cells, 80, fit, stringWidth);
    expect(shown(keep)).toEqual(headers);
    expect(total(widths!)).toBeLessThanOrEqual(80);
    expect(wordsWhole(keep, widths!)).toBe(true);
  });

  it('at 70 columns the id goes first and every other column stays, words whole', () => {
    const { keep, widths } = layoutTable(cells, 70, fit, stringWidth);
    expect(shown(keep)).toEqual(['en', 'de', 'ja', 'updatedAt']);
    expect(total(widths!)).toBeLessThanOrEqual(80);
    expect(wordsWhole(keep, widths!)).toBe(true);
  });

  it('at 40 columns the optional column goes after the id; the rest wrap between words', () => {
    const { keep, widths } = layoutTable(cells, 40, fit, stringWidth);
    expect(shown(keep)).toEqual(['en', 'de', 'ja']);
    expect(total(widths!)).toBeLessThanOrEqual(40);
    expect(widths![1]).toBe(stringWidth('Änderungsanfrage') + 2);
    for (const [i, row] of cells.entries()) {
      const lines = wrapCell(row[1]!, widths![0]! - 2, stringWidth);
      expect(lines.join(' '), `row ${i}`).toBe(row[1]);
    }
  });

  it('narrower still, only then is the widest column narrowed below its longest word', () => {
    const { keep, widths } = layoutTable(cells, 26, fit, stringWidth);
    expect(shown(keep)).toEqual(['en', 'de', 'ja']);
    expect(widths).toEqual([8, 8, 6]);
    expect(wrapCell('Änderungsanfrage', 5, stringWidth)).toEqual(['Änder', 'ungsa', 'nfrag', 'e']);
  });

  it('never drops a column that is neither the id nor optional, and never narrows an id kept whole', () => {
    const { keep, widths } = layoutTable([['email', 'name'], ['a.very.long.address@example.com', 'Nikolai Ivanov']], 30, [{ whole: true }, {}], stringWidth);
    expect(keep).toEqual([true, true]);
    expect(widths![0]).toBe(33);
  });
});
