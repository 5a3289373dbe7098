// `teamctl help <topic>` on a terminal (`teamctl help environment`, "Help on a terminal"): the
// Markdown drawn with styles and its markers dropped, a topic taller than the screen through the
// pager (TEAMCTL_PAGER, PAGER, `less -R`); piped, the Markdown as it is. The pager here is a small
// node script writing what it reads to a file: no real `less`.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli.js';
import { inline, pagerCommand, renderTopic, terminalStyles } from '../src/help/terminal.js';
import { topics } from '../src/help/topics.js';
import { fakeStreams } from './helpers/streams.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-pager-'));
const fakePager = join(dir, 'pager.mjs');
writeFileSync(fakePager, "import { writeFileSync } from 'node:fs';\nlet text = '';\nprocess.stdin.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => writeFileSync(process.argv[2], text));\n");
let pages = 0;
/** A pager command, and the file it writes what it was given to. */
function pager(): { command: string; file: string } {
  const file = join(dir, `paged-${++pages}.txt`);
  return { command: `"${process.execPath}" "${fakePager}" "${file}"`, file };
}

async function onTerminal(argv: string[], env: Record<string, string>, rows = 500) {
  const streams = fakeStreams({ stdoutIsTTY: true });
  Object.assign(streams.stdout, { columns: 80, rows });
  const code = await main(argv, { streams, env });
  return { code, out: streams.out(), err: streams.err() };
}

const text = async (name: string): Promise<string> => (await topics[name]!.load()).text;
const sgr = '\u001b[';

describe('help topics on a terminal', () => {
  it('bold and code become styles, the markers are dropped', async () => {
    const r = await onTerminal(['help', 'environment'], { TEAMCTL_PAGER: '' });
    expect(r.code).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).not.toMatch(/\*\*\w|\w\*\*(?!\*)/); // `***` is the text's own
    expect(r.out).not.toMatch(/^#/m);
    expect(r.out).toContain(`${sgr}1mPrecedence:${sgr}22m flag > environment > profile config > default`);
    expect(r.out).toContain(`${sgr}36m--debug${sgr}39m`);
    expect(r.out.split('\n')[0]).toBe(`${sgr}1m${sgr}4mSettings and the environment${sgr}24m${sgr}22m`);
  });

  it('with NO_COLOR or --no-color: the markers dropped, no styles', async () => {
    for (const [argv, env] of [[['help', 'exit-codes'], { NO_COLOR: '1', TEAMCTL_PAGER: '' }], [['help', 'exit-codes', '--no-color'], { TEAMCTL_PAGER: '' }]] as const) {
      const r = await onTerminal([...argv], env);
      expect(r.out).not.toContain(sgr);
      expect(r.out).not.toMatch(/\*\*\w|`|^\|/m);
      // Tables aligned in columns, the rule a line.
      expect(r.out).toContain('\ncode      meaning\n');
      expect(r.out).toContain('\n130, 143  interrupted (SIGINT, SIGTERM); see teamctl help interruptions\n');
    }
  });

  it('keeps the lines of a code block as written, the fences dropped', () => {
    const plain = { bold: (s: string) => `<b>${s}</b>`, code: (s: string) => `<c>${s}</c>`, heading: (s: string) => `<h>${s}</h>` };
    expect(renderTopic('# Title\n\nSay **`x`** and `y`.\n\n```yaml\nrun: a **b** `c`\n```\n## Sub\n', plain)).toBe('<h>Title</h>\n\nSay <b><c>x</c></b> and <c>y</c>.\n\nrun: a **b** `c`\n<b>Sub</b>\n');
    expect(inline('``a ` b`` then `c`', plain)).toBe('<c>a ` b</c> then <c>c</c>');
  });

  it('piped, a topic is its Markdown exactly as it is, colours or not', async () => {
    for (const env of [{}, { FORCE_COLOR: '1' }]) {
      const streams = fakeStreams();
      expect(await main(['help', 'ci'], { streams, env })).toBe(0);
      expect(streams.out()).toBe(await text('ci'));
    }
  });

  it('a topic taller than the screen goes through the pager, given the rendered text', async () => {
    const { command, file } = pager();
    const r = await onTerminal(['help', 'environment'], { TEAMCTL_PAGER: command, NO_COLOR: '1' }, 40);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    const paged = readFileSync(file, 'utf8');
    expect(paged).toBe(renderTopic(await text('environment'), await terminalStyles(false)));
    expect(paged.split('\n').length).toBeGreaterThan(40);
  });

  it('PAGER when TEAMCTL_PAGER is not set; a topic that fits the screen is written, not paged', async () => {
    const long = pager();
    expect((await onTerminal(['help', 'ci'], { PAGER: long.command }, 40)).out).toBe('');
    expect(readFileSync(long.file, 'utf8')).toContain('GitHub Actions');
    const short = pager();
    const fits = await onTerminal(['help', 'exit-codes'], { PAGER: short.command }, 500);
    expect(fits.out).toContain('130, 143');
    expect(existsSync(short.file)).toBe(false);
  });

  it('no pager when TEAMCTL_PAGER or PAGER is empty or cat; a pager that cannot start falls back to writing', async () => {
    const unused = pager();
    const envs: Record<string, string>[] = [{ TEAMCTL_PAGER: '', PAGER: unused.command }, { TEAMCTL_PAGER: 'cat' }, { PAGER: ' cat ' }, { TEAMCTL_PAGER: join(dir, 'no-such-pager') }];
    for (const env of envs) {
      const r = await onTerminal(['help', 'environment'], { ...env, NO_COLOR: '1' }, 20);
      expect(r.code).toBe(0);
      expect(r.out).toBe(renderTopic(await text('environment'), await terminalStyles(false)));
    }
    expect(existsSync(unused.file)).toBe(false);
    expect(pagerCommand({})).toBe('less -R');
  });
});
