import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import type { Column } from '../../src/output/columns.js';
import { fitColumns, renderTable, tsvCell, writeList } from '../../src/output/list.js';
import { fakeStreams } from '../helpers/streams.js';

interface Row {
  id: string;
  name: string | null;
  n: number;
}
const columns: Column<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'n', value: (r) => r.n },
];
async function* pages(): AsyncGenerator<Row[]> {
  yield [
    { id: 'a', name: 'Doe, "J"', n: 1 },
    { id: 'b', name: 'tab\there\nnewline', n: 2 },
  ];
  yield [];
  yield [{ id: 'c', name: null, n: 3 }];
}

async function render(format: 'table' | 'tsv' | 'json' | 'ndjson' | 'csv', color = false) {
  const streams = fakeStreams({ stdoutIsTTY: color });
  const io = new IO(streams, { env: {} });
  const count = await writeList(io, format, pages(), columns);
  return { out: streams.out(), count };
}

describe('writeList', () => {
  it('tsv: header row, tab-separated, escaped, no colour', async () => {
    const { out, count } = await render('tsv');
    expect(count).toBe(3);
    expect(out).toBe('id\tname\tn\na\tDoe, "J"\t1\nb\ttab\\there\\nnewline\t2\nc\t\t3\n');
  });
  it('csv: RFC 4180 quoting', async () => {
    const { out } = await render('csv');
    expect(out).toBe('id,name,n\na,"Doe, ""J""",1\nb,"tab\there\nnewline",2\nc,,3\n');
  });
  it('json: one array of the items unchanged', async () => {
    const { out } = await render('json');
    expect(JSON.parse(out)).toEqual([
      { id: 'a', name: 'Doe, "J"', n: 1 },
      { id: 'b', name: 'tab\there\nnewline', n: 2 },
      { id: 'c', name: null, n: 3 },
    ]);
  });
  it('json: an empty list is []', async () => {
    const streams = fakeStreams();
    await writeList(new IO(streams, { env: {} }), 'json', (async function* () {})(), columns);
    expect(JSON.parse(streams.out())).toEqual([]);
  });
  it('ndjson: one item per line', async () => {
    const { out } = await render('ndjson');
    expect(out.split('\n')).toEqual(['{"id":"a","name":"Doe, \\"J\\"","n":1}', '{"id":"b","name":"tab\\there\\nnewline","n":2}', '{"id":"c","name":null,"n":3}', '']);
  });
  it('table: a bordered table with every row', async () => {
    const { out } = await render('table');
    expect(out).toContain('│ id │');
    expect(out).toMatch(/│ c\s+│\s+│ 3 │/);
    expect(out).not.toContain('\u001b[');
  });
  it('table: bold headers only when colour is on', async () => {
    const { out } = await render('table', true);
    expect(out).toContain('\u001b[1mid\u001b[22m');
  });
  it('ndjson streams: each page is written before the next is read', async () => {
    const streams = fakeStreams();
    const io = new IO(streams, { env: {} });
    const seen: string[] = [];
    async function* observed(): AsyncGenerator<Row[]> {
      yield [{ id: 'a', name: null, n: 1 }];
      seen.push(streams.out());
      yield [{ id: 'b', name: null, n: 2 }];
    }
    await writeList(io, 'ndjson', observed(), columns);
    expect(seen).toEqual(['{"id":"a","name":null,"n":1}\n']);
  });
  it('writes nothing when the first page fails', async () => {
    for (const format of ['tsv', 'csv', 'json', 'ndjson', 'table'] as const) {
      const streams = fakeStreams();
      // eslint-disable-next-line require-yield
      async function* failing(): AsyncGenerator<Row[]> {
        throw new Error('401');
      }
      await expect(writeList(new IO(streams, { env: {} }), format, failing(), columns)).rejects.toThrow('401');
      expect(streams.out()).toBe('');
    }
  });
  it('escapes backslashes in tsv', () => {
    expect(tsvCell('a\\b')).toBe('a\\\\b');
    expect(tsvCell(undefined)).toBe('');
  });

  it('tsv spells a lone surrogate as \\uD800 (UTF-8 cannot carry it); a pair stays as it is', () => {
    expect(tsvCell('a\uD800b\uDC00')).toBe('a\\uD800b\\uDC00');
    expect(tsvCell('😀')).toBe('😀');
  });

  it('csv refuses a row holding a lone surrogate, naming the row', async () => {
    const streams = fakeStreams();
    const rows: Row[] = [{ id: 'ok', name: '😀', n: 1 }, { id: 'ge_bad', name: 'x\uDFFF', n: 2 }];
    await expect(writeList(new IO(streams, { env: {} }), 'csv', (async function* () { yield rows; })(), columns)).rejects.toThrow(
      'the row of "ge_bad" holds a lone surrogate (half of a UTF-16 pair), which a UTF-8 CSV cannot carry',
    );
  });
});

describe('tables fit the terminal', () => {
  /** Display columns: East Asian wide characters take two. */
  const displayWidth = (line: string): number =>
    [...line].reduce((n, ch) => n + (/[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/.test(ch) ? 2 : 1), 0);
  const headers = ['id', 'email', 'displayName', 'role'];
  const rows = [
    ['P2LIJShvE4imq7m5zCKW', 'a.very.long.address.of.someone@subsidiary.example.com', 'Bruno Keller', 'member'],
    ['X9', 'kenji.sato@example.com', '佐藤健二（東京オフィス）', 'owner'],
  ];

  for (const width of [40, 80]) {
    it(`at ${width} columns: no line wider, borders aligned, nothing cut`, async () => {
      const out = await renderTable(headers, rows, false, width);
      const lines = out.trimEnd().split('\n');
      const widths = new Set(lines.map(displayWidth));
      expect(widths.size).toBe(1); // every line as wide as the borders
      expect([...widths][0]).toBeLessThanOrEqual(width);
      // Wrapped, never truncated: every character of the long e-mail is still there.
      const flat = lines.map((l) => l.split('│')[2]?.trim() ?? '').join('');
      expect(flat).toContain('a.very.long.address.of.someone@subsidiary.example.com');
      expect(out).not.toContain('…');
    });
  }

  it('leaves a table that fits, or one printed where there is no terminal width, as it is', async () => {
    const small = await renderTable(['id'], [['u1']], false, 80);
    expect(small).toBe(await renderTable(['id'], [['u1']], false));
    expect((await renderTable(headers, rows, false)).split('\n')[0]!.length).toBeGreaterThan(80);
  });

  it('shrinks the widest columns first, none below 6', () => {
    expect(fitColumns([4, 30, 12, 8], 40)).toEqual([4, 11, 12, 8]);
    expect(fitColumns([20, 20], 17)).toEqual([7, 7]);
    expect(fitColumns([10, 10], 5)).toEqual([6, 6]);
  });

  it('never narrows a column of ids or e-mails: the others give way, down to 6', () => {
    expect(fitColumns([4, 30, 12, 8], 40, [false, true, false, false])).toEqual([4, 30, 6, 6]);
    expect(fitColumns([22, 40, 20, 8], 84, [true, true, false, false])).toEqual([22, 40, 9, 8]);
    expect(fitColumns([22, 40, 20, 8], 80, [true, true, false, false])).toEqual([22, 40, 6, 7]);
    expect(fitColumns([22, 40], 50, [true, true])).toEqual([22, 40]);
  });

  it('at 60 columns, an id and an e-mail stay on one line each, where the name wraps', async () => {
    const out = await renderTable(headers, rows, false, 60, [true, true, false, false]);
    const lines = out.trimEnd().split('\n');
    expect(out).toContain('│ P2LIJShvE4imq7m5zCKW │ a.very.long.address.of.someone@subsidiary.example.com │');
    expect(out).toContain('│ kenji.sato@example.com ');
    // The name column gave way (wrapped over several lines); every line is as wide as the borders.
    expect(lines.length).toBeGreaterThan(2 + rows.length + 1);
    expect(new Set(lines.map(displayWidth)).size).toBe(1);
  });
});

describe('optional columns', () => {
  const head = ['id', 'name', 'seen', 'since'];
  const row = [['8FFXwqQeGdbhKvSqzCLs', 'Nikolai Ivanov', '2025-07-01', '2024-01-02']];
  const whole = [true, false, false, false];
  const header = (table: string): string[] => (table.split('\n')[1] ?? '').slice(1, -1).split('│').map((c) => c.trim());

  it('stay while the table fits, at a terminal or in a pipe', async () => {
    expect(header(await renderTable(head, row, false, 80, whole, [false, false, true, true]))).toEqual(head);
    expect(header(await renderTable(head, row, false, undefined, whole, [false, false, true, true]))).toEqual(head);
  });

  it('go rightmost first, only as many as the words need, and the line under the table names them', async () => {
    // With its words whole (the name's column down to 9): 22 + 9 + 12 + 12 + 5 borders = 60.
    expect(header(await renderTable(head, row, false, 60, whole, [false, false, true, true]))).toEqual(head);
    const at59 = await renderTable(head, row, false, 59, whole, [false, false, true, true]);
    expect(header(at59)).toEqual(['id', 'name', 'seen']);
    expect(at59).toContain('│ Nikolai Ivanov │');
    expect(at59.endsWith('┘\nsince is left out at 59 columns: -o tsv and --json carry it\n')).toBe(true);
    const at44 = await renderTable(head, row, false, 44, whole, [false, false, true, true]);
    expect(header(at44)).toEqual(['id', 'name']);
    expect(at44).toContain('│ Nikolai Ivanov │');
    expect(at44.endsWith('\nseen and since are left out at 44 columns: -o tsv and --json carry them\n')).toBe(true);
    expect((await renderTable(['a', 'b', 'c', 'd'], [['x', 'y', 'z', 'w']], false, 5, [], [false, true, true, true])).split('\n').at(-2)).toBe(
      'b, c, and d are left out at 5 columns: -o tsv and --json carry them',
    );
  });

  it('only optional ones go: a narrower terminal then wraps the rest as before', async () => {
    const at30 = await renderTable(head, row, false, 30, [false, false, false, false], [false, false, false, true]);
    expect(header(at30)).toEqual(['id', 'name', 'seen']);
    expect(at30.split('\n').at(-2)).toBe('since is left out at 30 columns: -o tsv and --json carry it');
    expect(at30.split('\n').slice(0, -2).every((l) => [...l].length <= 30)).toBe(true);
  });
});

describe('lists on a terminal', () => {
  it('a table printed by writeList fits the width of the terminal stdout is', async () => {
    const streams = fakeStreams({ stdoutIsTTY: true });
    Object.assign(streams.stdout, { columns: 30 });
    const io = new IO(streams, { env: { NO_COLOR: '1' } });
    const long: Row[] = [{ id: 'user-with-a-rather-long-identifier', name: 'Someone With A Long Name', n: 1 }];
    await writeList(io, 'table', (async function* () { yield long; })(), columns);
    const lines = streams.out().trimEnd().split('\n');
    expect(Math.max(...lines.map((l) => [...l].length))).toBeLessThanOrEqual(30);
    expect(lines.map((l) => l.split('│')[1]?.trim() ?? '').join('')).toContain('user-with-a-rather-long-identifier');
  });
});

describe('tables at a terminal keep words whole while they can', () => {
  it('keeps a column at its longest word while the table fits that way, then down to 6', () => {
    expect(fitColumns([22, 16, 12], 50, [true, false, false], [22, 9, 12])).toEqual([22, 12, 12]);
    expect(fitColumns([22, 16, 12], 44, [true, false, false], [22, 9, 12])).toEqual([22, 9, 12]);
    expect(fitColumns([22, 16, 12], 44, [true, false, false])).toEqual([22, 9, 9]);
  });

  it('wraps a name between its words, and a date stays on one line', async () => {
    const rows = [['8FFXwqQeGdbhKvSqzCLs', 'Nikolai Ivanov', '2025-07-01']];
    const out = await renderTable(['id', 'name', 'lastSeen'], rows, false, 47, [true, false, false]);
    expect(out).toContain('│ 8FFXwqQeGdbhKvSqzCLs │ Nikolai │ 2025-07-01 │');
    expect(out).toContain('│                      │ Ivanov  │            │');
    expect(out.trimEnd().split('\n').every((l) => [...l].length <= 47)).toBe(true);
  });

  it('breaks a word only when it is longer than its column can be', async () => {
    const out = await renderTable(['name'], [['Abcdefghijklmnop qr']], false, 10);
    expect(out.trimEnd().split('\n').slice(2, -1)).toEqual(['│ Abcdef │', '│ ghijkl │', '│ mnop   │', '│ qr     │']);
  });

  it('shows a column its `table` value in a table, the data in tsv, csv and Markdown', async () => {
    type Seen = { id: string; at: string };
    const seen: Column<Seen>[] = [
      { header: 'id', value: (s) => s.id },
      { header: 'lastSeen', value: (s) => s.at, table: (s) => s.at.slice(0, 10) },
    ];
    const list = async (format: 'table' | 'tsv' | 'csv' | 'markdown'): Promise<string> => {
      const streams = fakeStreams();
      await writeList(new IO(streams, { env: { NO_COLOR: '1' } }), format, (async function* () { yield [{ id: 'u1', at: '2025-07-01T09:15:00.000Z' }]; })(), seen);
      return streams.out();
    };
    expect(await list('table')).toContain('│ u1 │ 2025-07-01 │');
    expect(await list('table')).not.toContain('T09:15');
    for (const format of ['tsv', 'csv', 'markdown'] as const) expect(await list(format)).toContain('2025-07-01T09:15:00.000Z');
  });
});
