// Plans at a terminal (`teamctl help environment`, "Plans at a terminal"): every change is listed, except on a
// terminal, where a plan taller than the screen shows the first lines of each kind of change and
// how many more, so the counts and the question stay in view; --report keeps every line.

/** Lines of each kind shown when a plan folds. */
export const foldedLines = 5;

/**
 * How many lines of each kind to show: all (undefined) off a terminal (`screenRows` undefined)
 * or when the plan's `lines` fit the screen, else `foldedLines`.
 */
export function foldLimit(screenRows: number | undefined, lines: number): number | undefined {
  return screenRows !== undefined && lines > screenRows ? foldedLines : undefined;
}

/** The lines of one kind of change, folded to `limit`, then "… and N more (--report keeps them all)". */
export function foldedList(lines: readonly string[], limit: number | undefined, indent = '    '): string[] {
  if (limit === undefined || lines.length <= limit) return [...lines];
  return [...lines.slice(0, limit), `${indent}… and ${lines.length - limit} more (--report keeps them all)`];
}
