// What people read after an interrupted run (`teamctl help interruptions`, "Interruptions"), in the same words for the
// members of a team, of many teams, and the glossary: one line of what happened —
// `Interrupted: 26 added, 24 not sent (the run was stopped)` — then the changes not sent, at most
// notSentListed of them on a terminal or in a log alike, and where the rest are: the --report file
// when one was written, else --report as the way to get them all.

/** The message of a change the interruption kept from being sent. */
export const notSentMessage = 'not sent: the run was interrupted';

/** How many changes not sent are listed one per line. */
export const notSentListed = 20;

/** `Interrupted: 26 added, 1 failed, 24 not sent (the run was stopped)`: the counts that are not 0. */
export function interruptedLine(counts: readonly [number, string][], notSent: number): string {
  const done = counts.filter(([n]) => n > 0).map(([n, what]) => `${n.toLocaleString('en-US')} ${what}`);
  return `Interrupted: ${done.length > 0 ? done.join(', ') : 'nothing applied'}, ${notSent.toLocaleString('en-US')} not sent (the run was stopped)`;
}

/**
 * The changes not sent, one line each (`  not sent: add ada@example.com`), the first
 * notSentListed of them, then how many more and where they are all listed.
 */
export function notSentLines(what: readonly string[], report: string | undefined): string[] {
  const lines = what.slice(0, notSentListed).map((w) => `  not sent: ${w}`);
  const more = what.length - notSentListed;
  if (more > 0) {
    const where = report !== undefined ? `${report} lists them all` : 'run with --report <file.csv> to get them all';
    lines.push(`  … and ${more.toLocaleString('en-US')} more not sent; ${where}`);
  }
  return lines;
}
