// A command run in a real pseudo-terminal (test/helpers/pty.py, Python's standard library), and
// the screen it leaves as a terminal emulator draws it (@xterm/headless): what a person in an
// 80×40 window sees after the run, wrapped lines, overwritten rows and cursor moves applied.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import xterm from '@xterm/headless';

const ptyHelper = fileURLToPath(new URL('./pty.py', import.meta.url));

export interface ScreenRun {
  code: number;
  /** Every byte written to the terminal, as text. */
  bytes: string;
  /**
   * The lines of the terminal's buffer, scrollback included, as drawn, each trimmed on the right;
   * rows the emulator wrapped (a line longer than the terminal is wide) are joined back.
   */
  lines: string[];
  /** Whether the cursor is visible at the end: no DECTCEM reset (`ESC [?25l`) left unanswered. */
  cursorVisible: boolean;
  /** Whether auto-wrap is on at the end (DECAWM). */
  autoWrap: boolean;
}

export interface ScreenOptions {
  env: Record<string, string>;
  columns?: number;
  rows?: number;
  /** Types Ctrl-C once the command has written this text. */
  interruptAfter?: string;
  /** Called with everything written so far, at each chunk. */
  onOutput?: (text: string) => void;
}

/** Runs `command` in an 80×40 pseudo-terminal (stdin, stdout and stderr), then draws what it wrote. */
export async function runOnScreen(command: string[], options: ScreenOptions): Promise<ScreenRun> {
  const columns = options.columns ?? 80;
  const height = options.rows ?? 40;
  const { code, bytes } = await new Promise<{ code: number; bytes: string }>((resolve, reject) => {
    const child = spawn('python3', [ptyHelper, String(columns), String(height), options.interruptAfter ?? '', '--', ...command], {
      env: options.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      text += d;
      options.onOutput?.(text);
    });
    child.on('error', reject);
    child.on('close', (exit) => resolve({ code: exit ?? -1, bytes: text }));
  });
  const term = new xterm.Terminal({ cols: columns, rows: height, scrollback: 10_000, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(bytes, resolve));
  const buffer = term.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < buffer.length; y++) {
    const line = buffer.getLine(y);
    const text = line?.translateToString(false) ?? '';
    if (line?.isWrapped === true && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  for (const [i, line] of lines.entries()) lines[i] = line.trimEnd();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const cursorVisible = bytes.lastIndexOf('\u001b[?25l') <= bytes.lastIndexOf('\u001b[?25h');
  const result = { code, bytes, lines, cursorVisible, autoWrap: term.modes.wraparoundMode };
  term.dispose();
  return result;
}

/** The text written between line ends and row erasures (`CR ESC [2K`): each line as teamctl wrote it. */
export function writtenLines(run: Pick<ScreenRun, 'bytes'>): string[] {
  return run.bytes.replaceAll('\r\u001b[2K', '\r\n').split('\r\n');
}
