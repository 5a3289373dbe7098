// A help topic on a terminal (`teamctl help environment`, "Help on a terminal"): its Markdown
// drawn with styles (bold, code, headings), the markers dropped, tables aligned; a topic taller
// than the screen goes through the pager, as git and gh do. Loaded only when stdout is a terminal:
// piped, a topic is its Markdown as it is.
import { spawn } from 'node:child_process';
import type { IOStreams } from '../io.js';

export interface Styles {
  bold: (s: string) => string;
  code: (s: string) => string;
  heading: (s: string) => string;
}

const plainStyles: Styles = { bold: (s) => s, code: (s) => s, heading: (s) => s };

/** The styles of a terminal, or none (NO_COLOR, --no-color): the markers are dropped either way. */
export async function terminalStyles(color: boolean): Promise<Styles> {
  if (!color) return plainStyles;
  const chalk = new (await import('chalk')).Chalk({ level: 1 });
  return { bold: chalk.bold, code: chalk.cyan, heading: (s) => chalk.bold.underline(s) };
}

/** One line's inline Markdown: `code` and **bold** become styles, their markers dropped. */
export function inline(line: string, styles: Styles): string {
  return line.replace(/(`+)(.+?)\1|\*\*(.+?)\*\*/g, (_, _ticks: string | undefined, code: string | undefined, bold: string | undefined) =>
    code !== undefined ? styles.code(code) : styles.bold(inline(bold ?? '', styles)),
  );
}

const visible = (s: string): number => [...s.replace(/\u001b\[[0-9;]*m/g, '')].length; // eslint-disable-line no-control-regex

/** A Markdown table's rows aligned in columns (the `|---|` rule becomes a line), or undefined when wider than `columns`. */
function table(rows: readonly string[], styles: Styles, columns: number): string[] | undefined {
  const cells = rows.filter((r) => !/^\|[\s|:-]+\|$/.test(r)).map((r) => r.slice(1, -1).split(/(?<!\\)\|/).map((c) => inline(c.trim().replace(/\\\|/g, '|'), styles)));
  const widths = cells.reduce<number[]>((w, row) => row.map((c, i) => Math.max(w[i] ?? 0, visible(c))), []);
  if (widths.reduce((a, b) => a + b + 2, -2) > columns) return undefined;
  const line = (row: readonly string[]): string => row.map((c, i) => (i === row.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visible(c)))).join('  ').trimEnd();
  const [head, ...body] = cells;
  return [line((head ?? []).map((c) => styles.bold(c))), '─'.repeat(widths.reduce((a, b) => a + b + 2, -2)), ...body.map(line)];
}

/**
 * A topic's Markdown for a terminal `columns` wide: headings and **bold** in bold, `code` in its
 * style, code fences dropped (their lines kept as written), tables aligned when they fit.
 */
export function renderTopic(markdown: string, styles: Styles, columns = 80): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      out.push(line);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(heading[1] === '#' ? styles.heading(inline(heading[2] ?? '', plainStyles)) : styles.bold(inline(heading[2] ?? '', plainStyles)));
      continue;
    }
    if (line.startsWith('|')) {
      let end = i;
      while (end < lines.length && (lines[end] ?? '').startsWith('|')) end++;
      const rows = lines.slice(i, end);
      out.push(...(table(rows, styles, columns) ?? rows.map((r) => inline(r, styles))));
      i = end - 1;
      continue;
    }
    out.push(inline(line, styles));
  }
  return out.join('\n');
}

/**
 * The pager a long topic goes through: TEAMCTL_PAGER, else PAGER, else `less -R`; empty or `cat`
 * means none (undefined).
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  const command = (env.TEAMCTL_PAGER ?? env.PAGER ?? 'less -R').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

/**
 * Writes `text` through `command` (run by the shell, like git's pager), its output on this
 * terminal. False when the pager could not start (not found, not runnable): the caller writes the
 * text itself.
 */
export function page(text: string, command: string, streams: IOStreams, env: NodeJS.ProcessEnv): Promise<boolean> {
  // The pager writes to the terminal itself when stdout is one with a descriptor (always, but
  // for streams made in tests, whose pager's output is copied to them).
  const direct = (stream: unknown): stream is NodeJS.WriteStream => typeof (stream as { fd?: unknown }).fd === 'number';
  const out = direct(streams.stdout) ? streams.stdout : 'pipe';
  const err = direct(streams.stderr) ? streams.stderr : 'pipe';
  // Ctrl-C is the pager's while it runs (less stops a search with it), as git leaves it.
  const ignore = (): void => {};
  return new Promise<boolean>((resolve) => {
    let child;
    try {
      // less: quit at once when the text fits after all, keep the colours, leave it on the screen.
      child = spawn(command, { shell: true, stdio: ['pipe', out, err], env: { LESS: 'FRX', LV: '-c', ...env } });
    } catch {
      resolve(false);
      return;
    }
    process.on('SIGINT', ignore);
    child.stdout?.pipe(streams.stdout, { end: false });
    child.stderr?.pipe(streams.stderr, { end: false });
    child.on('error', () => resolve(false));
    // 126 and 127: the shell could not run the command, or found none.
    child.on('close', (code) => resolve(code !== 126 && code !== 127));
    child.stdin?.on('error', () => {}); // a pager quit before reading everything (q in less)
    child.stdin?.end(text);
  }).finally(() => process.off('SIGINT', ignore));
}

/** A topic on a terminal: rendered, and paged when taller than the screen. */
export async function showTopic(markdown: string, streams: IOStreams, env: NodeJS.ProcessEnv, color: boolean): Promise<void> {
  const stdout = streams.stdout as IOStreams['stdout'] & { columns?: number; rows?: number };
  const size = (n: number | undefined, otherwise: number): number => (n !== undefined && n > 0 ? n : otherwise);
  const text = renderTopic(markdown, await terminalStyles(color), size(stdout.columns, 80));
  const rows = size(stdout.rows, 24);
  const command = pagerCommand(env);
  if (command !== undefined && text.split('\n').length > rows && (await page(text, command, streams, env))) return;
  stdout.write(text);
}
