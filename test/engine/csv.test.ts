import { describe, expect, it } from 'vitest';
import { csvText, type CsvColumns } from '../../src/engine/csv.js';

describe('csvText (--report)', () => {
  const columns: CsvColumns<string[]> = { header: ['user', 'message'], record: (r) => r };

  it('neutralises every cell a spreadsheet would run as a formula (= + - @ tab CR first), as glossary export --excel does', async () => {
    const rows = [
      ['=HYPERLINK("http://x")', '+1'],
      ['-2@example.com', '@SUM(A1)'],
      ['\tx@example.com', '\rtext'],
      ["'=already", 'plain text, = inside'],
    ];
    expect(await csvText(columns, rows)).toBe(
      [
        'user,message',
        `"'=HYPERLINK(""http://x"")",'+1`,
        "'-2@example.com,'@SUM(A1)",
        "'\tx@example.com,'\rtext",
        `''=already,"plain text, = inside"`,
        '',
      ].join('\n'),
    );
  });
});
