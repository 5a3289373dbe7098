// The refusal of an input file, as a test reads it: its `file:line: message` lines, exit 2.
import { expect } from 'vitest';
import { InputFileError } from '../../src/errors.js';

/** The `file:line: message` lines a read is refused with, checking exit 2 (fails the test when it reads). */
export function refusal(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    if (err instanceof InputFileError) {
      expect(err.exitCode).toBe(2);
      return err.problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    }
    throw err;
  }
  throw new Error('expected an InputFileError');
}
