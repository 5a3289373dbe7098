// Terminal safety (src/output/terminal.ts and the IO that uses it): text from outside cannot
// clear the screen, set the title, overwrite or forge a line; data in pipes is unchanged.
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { renderTable } from '../../src/output/list.js';
import { forTerminal, keyValueLines, oneLine, painted } from '../../src/output/terminal.js';
import { fakeStreams } from '../helpers/streams.js';

const hostile = ['\u001b[2J', '\u001b]0;owned\u0007', 'ok\rFAKE', 'x\nerror: forged', '\u202eevil', '\u009b2J', 'a\u0000b'];

describe('terminal safety', () => {
  it('oneLine spells out every control character, line breaks included', () => {
    for (const value of hostile) {
      const out = oneLine(value);
      // eslint-disable-next-line no-control-regex
      expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    }
    expect(oneLine('x\nerror: forged')).toBe('x\\nerror: forged');
    expect(oneLine('café — ok')).toBe('café — ok');
    // Invisible characters are spelled out like U+202E: a reader must see the U+200B a roster refuses.
    expect(oneLine('bo\u200bb \u00ad \u2060 \ufeff')).toBe('bo\\u200bb \\u00ad \\u2060 \\ufeff');
    expect(forTerminal('error: 3: invalid user "bo\u200bb@example.com"')).toBe('error: 3: invalid user "bo\\u200bb@example.com"');
  });

  it('forTerminal keeps lines and tabs, plain colours only when asked, and nothing else that starts with ESC', () => {
    expect(forTerminal('a\tb\nc \u001b[31mred\u001b[39m', true)).toBe('a\tb\nc \u001b[31mred\u001b[39m');
    expect(forTerminal('a\tb\nc \u001b[31mred\u001b[39m')).toBe('a\tb\nc \\e[31mred\\e[39m');
    expect(forTerminal('\u001b[2J\u001b]0;t\u0007\r', true)).toBe('\\e[2J\\e]0;t\\u0007\\r');
  });

  it('spells out the line and paragraph separators, bidi controls and the soft hyphen, in a line and in whole text', () => {
    const value = 'a\u2028b\u2029c\u202ad\u2066e\u2069f\u00adg\u0085h';
    expect(oneLine(value)).toBe('a\\u2028b\\u2029c\\u202ad\\u2066e\\u2069f\\u00adg\\u0085h');
    expect(forTerminal(value)).toBe(oneLine(value));
  });

  it('key: value lines make each value one line, colour codes spelled out', () => {
    expect(keyValueLines([['name', 'Ada\u001b[8m hidden'], ['email', 'ada@example.com\nerror: forged line']])).toBe('name: Ada\\e[8m hidden\nemail: ada@example.com\\nerror: forged line\n');
  });

  it('colours pass only in text teamctl painted, once per painting; colours in data are spelled out on a terminal', async () => {
    const tty = fakeStreams({ stdoutIsTTY: true, stderrIsTTY: true });
    const io = new IO(tty, { env: { FORCE_COLOR: '1' } });
    const ours = painted('\u001b[1mid\u001b[22m\n');
    await io.out(ours);
    await io.out(ours);
    io.info(painted(`\u001b[32m  + ${oneLine('evil\u001b[8m@example.com')}\u001b[39m`));
    io.info('name: \u001b[8mhidden');
    expect(tty.out()).toBe('\u001b[1mid\u001b[22m\n\\e[1mid\\e[22m\n');
    expect(tty.err()).toBe('\u001b[32m  + evil\\e[8m@example.com\u001b[39m\nname: \\e[8mhidden\n');
  });

  it('stderr lines are escaped; stdout data in a pipe is unchanged; stdout on a terminal is escaped', async () => {
    const piped = fakeStreams();
    const io = new IO(piped, { env: {} });
    io.error('error: \u001b[2Jbad');
    await io.out('data\u001b[2J\n');
    expect(piped.err()).toBe('error: \\e[2Jbad\n');
    expect(piped.out()).toBe('data\u001b[2J\n');
    const tty = fakeStreams({ stdoutIsTTY: true });
    await new IO(tty, { env: {} }).out('data\u001b]0;t\u0007\n');
    expect(tty.out()).toBe('data\\e]0;t\\u0007\n');
  });

  it('a table on a colour terminal keeps its bold headings; a colour code in a cell is spelled out', async () => {
    const tty = fakeStreams({ stdoutIsTTY: true });
    const io = new IO(tty, { env: { FORCE_COLOR: '1' } });
    await io.out(await renderTable(['id'], [['a\u001b[8mb']], io.colorStdout));
    expect(tty.out()).toContain('\u001b[1mid\u001b[22m');
    expect(tty.out()).toContain('a\\e[8mb');
    expect(tty.out()).not.toContain('\u001b[8m');
  });
});
