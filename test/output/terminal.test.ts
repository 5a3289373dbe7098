// Terminal safety (src/output/terminal.ts and the IO that uses it): text from outside cannot
// clear the screen, set the title, overwrite or forge a line; data in pipes is unchanged.
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { renderTable } from '../../src/output/list.js';
import { forTerminal, keyValueLines, oneLine, painted, takePainted } from '../../src/output/terminal.js';
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

  it('each control character has its spelling: the named ones, then \\u and four hex digits', () => {
    expect(oneLine('a\rb\tc\nd\u001be')).toBe('a\\rb\\tc\\nd\\ee');
    expect(oneLine('\u0000\u0001\u001f\u007f\u009f\u061c\u180e\u200f\u2064\u2069')).toBe('\\u0000\\u0001\\u001f\\u007f\\u009f\\u061c\\u180e\\u200f\\u2064\\u2069');
    // Neighbours of the ranges are text, and so are characters whose names merely resemble a control's.
    expect(oneLine(' ~\u00a0\u00ac\u00ae\u200a\u2027\u202f\u205f\u2065\ufefe\ufeffe')).toBe(' ~\u00a0\u00ac\u00ae\u200a\u2027\u202f\u205f\u2065\ufefe\\ufeffe');
    expect(forTerminal('\u0008\u000b\u000c\u2065\u2066')).toBe('\\u0008\\u000b\\u000c\u2065\\u2066');
  });

  it('whole text spells out what a line spells out, but line breaks and tabs', () => {
    const edges = ['\u0000', '\u0008', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f', '\u009f', '\u00ad', '\u061c', '\u180e', '\u200b', '\u200f', '\u2028', '\u202e', '\u2060', '\u2064', '\u2066', '\u2069', '\ufeff'];
    for (const c of edges) {
      expect(forTerminal(`a${c}b`), JSON.stringify(c)).toBe(oneLine(`a${c}b`));
      expect(forTerminal(`a${c}b`), JSON.stringify(c)).not.toBe(`a${c}b`);
    }
    expect(forTerminal('a\nb\tc')).toBe('a\nb\tc');
    expect(forTerminal(' ~\u00a0\u2027\u2065')).toBe(' ~\u00a0\u2027\u2065');
  });

  it('key=value lines take their separator (config list); every line ends with a line break', () => {
    expect(keyValueLines([['a', '1'], ['b', 'x\ry']], '=')).toBe('a=1\nb=x\\ry\n');
    expect(keyValueLines([['a', '']])).toBe('a: \n');
    expect(keyValueLines([])).toBe('');
  });

  it('a painted text is marked as many times as it was painted, and each writing uses one mark up', () => {
    const text = '\u001b[1mmarked twice\u001b[22m';
    expect(takePainted(text)).toBe(false);
    expect(painted(text)).toBe(text);
    painted(text);
    expect([takePainted(text), takePainted(text), takePainted(text)]).toEqual([true, true, false]);
    painted(text);
    expect([takePainted(text), takePainted(text)]).toEqual([true, false]);
  });

  it('forTerminal keeps only whole colour sequences: digits and semicolons between ESC [ and m', () => {
    expect(forTerminal('\u001b[m\u001b[0m\u001b[1;31m\u001b[38;5;208mx', true)).toBe('\u001b[m\u001b[0m\u001b[1;31m\u001b[38;5;208mx');
    expect(forTerminal('\u001b[1;31Hx\u001b[?25l\u001b[2K\u001bm', true)).toBe('\\e[1;31Hx\\e[?25l\\e[2K\\em');
    expect(forTerminal('\u001b[1m', false)).toBe('\\e[1m');
    expect(forTerminal('\u001b[1m')).toBe('\\e[1m');
  });
});
