// Terminal safety (src/output/terminal.ts and the IO that uses it): text from outside cannot
// clear the screen, set the title, overwrite or forge a line; data in pipes is unchanged.
import { describe, expect, it } from 'vitest';
import { IO } from '../../src/io.js';
import { forTerminal, oneLine } from '../../src/output/terminal.js';
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

  it('forTerminal keeps lines, tabs and plain colours, and nothing else that starts with ESC', () => {
    expect(forTerminal('a\tb\nc \u001b[31mred\u001b[39m')).toBe('a\tb\nc \u001b[31mred\u001b[39m');
    expect(forTerminal('\u001b[2J\u001b]0;t\u0007\r')).toBe('\\e[2J\\e]0;t\\u0007\\r');
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
});
