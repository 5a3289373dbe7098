// How much one glossary file may hold (`teamctl help glossary-files`, "Glossary files: limits,
// encoding and quoting"): 100,000 entries and 32,000,000 characters of cells; a CSV, TSV or JSON
// file 40 MB. Each reader checks its rows as it makes them and stops at the first row past either
// bound, before anything is planned, so no file makes a run hold more than the plan of those
// (test/bench/README.md, "Glossary files past any term base"). Neither the service page nor its
// published document states a limit on a glossary's entries: these are teamctl's own.
import { InputFileError } from '../../errors.js';
import type { RowCheck } from '../csv.js';

export interface GlossaryBounds {
  /** Entries: rows after the header, or every row where a reader makes none (TBX, MultiTerm). */
  readonly entries: number;
  /** Characters (UTF-16 code units) of every cell of every row, the header's included. */
  readonly chars: number;
  /**
   * Bytes of a CSV, TSV or JSON file, read whole before its rows are made (an XML file is parsed
   * as it is read, and an .xlsx is compressed: both are read up to 100 MB, as every input file).
   */
  readonly textBytes: number;
}

export const glossaryBounds: GlossaryBounds = { entries: 100_000, chars: 32_000_000, textBytes: 40 * 1024 * 1024 };

const advice = 'split it and import the parts one after another with `glossary import`';

/** The refusal of the first entry past the bound, on its line. */
export function pastEntries(where: string, line: number, bounds: GlossaryBounds = glossaryBounds): InputFileError {
  return new InputFileError([{ file: where, line, message: `a glossary file holds at most ${bounds.entries.toLocaleString('en-US')} entries, and this is one more: ${advice}` }]);
}

/**
 * The check of one file's rows. `header`: the file's first row is its header, no entry (every
 * layout a delimited file, a sheet or JSON may have; a headerless file is allowed one row more).
 */
export function glossaryBound(header: boolean, bounds: GlossaryBounds = glossaryBounds): RowCheck {
  let rows = header ? 0 : 1;
  let chars = 0;
  return (row, where) => {
    rows++;
    for (const cell of row.cells) chars += cell.length;
    if (rows > bounds.entries + 1) throw pastEntries(where, row.line, bounds);
    if (chars > bounds.chars) {
      throw new InputFileError([{ file: where, line: row.line, message: `a glossary file holds at most ${bounds.chars.toLocaleString('en-US')} characters, and this row goes past them: ${advice}` }]);
    }
  };
}
