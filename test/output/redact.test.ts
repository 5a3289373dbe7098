// The secret registry (src/redact.ts): a registered token is replaced in every spelling an
// escaping writer gives it — each writer's own escape function, applied to the token, and any two
// of them one inside the other — as a service's percent-encoding spells it, and in nothing else.
import { beforeEach, describe, expect, it } from 'vitest';
import { xmlEscape } from '../../src/files/tbx-write.js';
import { stringify } from '../../src/output/csv.js';
import { tsvCell } from '../../src/output/list.js';
import { escapeCell, escapeText, markdownCell, markdownText } from '../../src/output/markdown.js';
import { shellValue } from '../../src/output/words.js';
import { addEscaper, addSecret, quotesSecret, redact } from '../../src/redact.js';

// Every visible ASCII character, which TEAMCTL_TOKEN may hold (src/token.ts).
const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const secret = `tok${visible}end`;
addSecret(secret);

// The registry works out a secret's spellings once, when it is first asked after a change. A
// secret registered before each test (and never written) makes each test work them out itself,
// so each one checks that work, not only the spellings an earlier test left.
let fresh = 0;
beforeEach(() => addSecret(`never-written-${++fresh}`));

// What no spelling of the secret loses: its runs of letters and digits.
const runs = ['0123456789', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'];
const leaks = (text: string): boolean => runs.some((run) => text.includes(run));

const writers: [string, (text: string) => string][] = [
  ['TSV', tsvCell],
  ['CSV', (text) => stringify([[text]])],
  ['JSON', (text) => JSON.stringify(text)],
  ['XML', xmlEscape],
  ['Markdown text', escapeText],
  ['a Markdown table cell', escapeCell],
  ['percent-encoding', encodeURIComponent],
  ['a shell line', shellValue],
];

describe('redact', () => {
  it('the secret holds every visible ASCII character, and each writer changes it', () => {
    expect(secret).toHaveLength(3 + 94 + 3);
    for (const [, escape] of writers) expect(escape(secret)).not.toContain(secret);
  });

  it.each(writers)('replaces the token as %s writes it, alone and in a longer value', (_how, escape) => {
    expect(redact(escape(secret))).not.toSatisfy(leaks);
    const written = escape(`before ${secret} after`);
    expect(written).toSatisfy(leaks);
    const redacted = redact(written);
    expect(redacted).not.toSatisfy(leaks);
    expect(redacted).toContain('***');
  });

  it.each(writers.flatMap(([outer, wrap]) => writers.map(([inner, escape]) => [`${inner} inside ${outer}`, (text: string) => wrap(escape(text))] as const)))(
    'replaces the token written %s',
    (_how, escape) => {
      expect(redact(escape(`x ${secret} y`))).not.toSatisfy(leaks);
    },
  );

  it('replaces the token percent-encoded by any encoder: any characters encoded, hex in either case', () => {
    const bytes = (c: string): string => `%${c.charCodeAt(0).toString(16)}`;
    const lower = [...secret].map((c) => (/[A-Za-z0-9]/.test(c) ? c : bytes(c))).join('');
    const everything = [...secret].map((c) => bytes(c).toUpperCase()).join('');
    const some = [...secret].map((c, i) => (i % 2 === 0 ? bytes(c) : c)).join('');
    for (const spelled of [lower, everything, some]) expect(redact(`quoted: ${spelled}.`)).toBe('quoted: ***.');
  });

  it('Markdown writers replace the token before they escape', () => {
    expect(markdownText(`a ${secret} b`)).toBe('a \\*\\*\\* b');
    expect(markdownCell(`a ${secret} b`)).toBe('`a *** b`');
  });

  it('leaves other text alone, and does not register what is too short to redact safely', () => {
    expect(redact('tok and 0123456789 apart, TOK%21%22')).toBe('tok and 0123456789 apart, TOK%21%22');
    // Letters are never matched in another case.
    expect(redact(secret.toUpperCase())).toBe(secret.toUpperCase());
    addSecret('abc');
    expect(redact('abc abcd')).toBe('abc abcd');
    addSecret('wxyz');
    expect(redact('a wxyz b')).toBe('a *** b');
  });
});

// The registry's own rules, each with a secret of its own. Writers registered here are used by
// every later test of this file, so they come last and change nothing the tests above look for.
describe('redact: the registry', () => {
  it('a secret without a run of four letters or digits is looked for in any text', () => {
    addSecret('ab!!cd!!ef');
    addSecret('!#$&*()_');
    expect(redact('x ab!!cd!!ef y !#$&*()_ z')).toBe('x *** y *** z');
    expect(redact(JSON.stringify('ab!!cd!!ef'))).toBe('"***"');
  });

  it('a secret ending in a quote, as CSV writes it, is replaced whole: the longest spelling first', () => {
    addSecret('quoteend-token"');
    expect(stringify([['quoteend-token"']])).toBe('"quoteend-token"""\n');
    expect(redact(stringify([['quoteend-token"']]))).toBe('"***"\n');
    expect(redact('a quoteend-token" b')).toBe('a *** b');
  });

  it('a secret a writer refuses (CSV and a lone surrogate) is still found as it is and as the others write it', () => {
    const lone = 'lone\ud800surrogate';
    addSecret(lone);
    expect(redact(`a ${lone} b`)).toBe('a *** b');
    expect(redact(JSON.stringify(lone))).toBe('"***"');
  });

  it('a percent-encoded byte below 0x10 keeps its leading zero', () => {
    addSecret('tab\there-secret');
    expect(redact('x tab%09here-secret y')).toBe('x *** y');
    expect(redact('x tab%9here-secret y')).toBe('x tab%9here-secret y');
  });

  it('a secret is looked for as it is, also when every writer spells it otherwise', () => {
    const odd = `q'u"ote\\d<|-secret`;
    addSecret(odd);
    expect(writers.filter(([, escape]) => escape(`x ${odd} y`).includes(odd))).toEqual([]);
    expect(redact(`a ${odd} b`)).toBe('a *** b');
  });

  it('a writer registered after redact ran is used from then on; a second one of the same name is not', () => {
    addSecret('blink-token');
    expect(redact('blin\\k-to\\ken')).toBe('blin\\k-to\\ken');
    addEscaper('k escaped', (text) => text.replaceAll('k', '\\k'));
    // Every spelling of the secret is looked for, this writer's too.
    expect(redact('x blin\\k-to\\ken y')).toBe('x *** y');
    addEscaper('k escaped', (text) => text.replaceAll('k', '#'));
    expect(redact('x blin#-to#en y')).toBe('x blin#-to#en y');
  });

  it('a writer that loses the value gives no spelling to look for', () => {
    addSecret('lost-by-writer');
    addEscaper('constant', () => '[written elsewhere]');
    expect(redact('[written elsewhere] lost-by-writer')).toBe('[written elsewhere] ***');
  });

  it('a writer that cuts the value short gives no spelling either: a piece of a secret is no secret', () => {
    addSecret('cut-short-secret');
    addEscaper('first eight', (text) => text.slice(0, 8));
    expect(redact('cut-short-secret cut-s')).toBe('*** cut-s');
  });

  it('a secret too short to redact safely is not looked for, percent-encoded either', () => {
    addSecret('ab%');
    addSecret('xyz');
    expect(redact('xyz 100% ab% ab%25')).toBe('xyz 100% ab% ab%25');
  });

  it('a percent-encoded secret is found with its hex in either case and its multi-byte characters', () => {
    addSecret('pct~é!secret');
    expect(redact('a pct%7E%C3%A9%21secret b')).toBe('a *** b');
    expect(redact('a pct%7e%c3%a9%21secret b')).toBe('a *** b');
    expect(redact('a %70ct~%c3%A9!secre%74 b')).toBe('a *** b');
    expect(redact('a pct%7F%C3%A9%21secret b')).toBe('a pct%7F%C3%A9%21secret b');
  });

  it('a percent-encoded secret is replaced wherever it is in the text', () => {
    addSecret('twice~secret');
    expect(redact('a twice%7Esecret b twice%7esecret c')).toBe('a *** b *** c');
  });

  it('a spelling shorter than four characters is not looked for', () => {
    addEscaper('no dashes', (text) => text.replaceAll('-', ''));
    addSecret('a-b-c');
    expect(redact('abc abcd a-b-c')).toBe('abc abcd ***');
  });
});

describe('quotesSecret: the token split by line breaks, white space or their escapes', () => {
  const half = Math.floor(secret.length / 2);
  const [head, tail] = [secret.slice(0, half), secret.slice(half)];
  it.each([
    ['a line break', '\n'],
    ['CR LF', '\r\n'],
    ['a JSON-escaped line break', '\\n'],
    ['an escaped line separator', '\\u2028'],
    ['a line separator', '\u2028'],
    ['a zero-width space', '\u200b'],
    ['a percent-encoded line break', '%0A'],
    ['an HTML break', '<br/>'],
    ['an HTML entity', '&#10;'],
    ['spaces and tabs', ' \t '],
    ['an escape of an escape', '\\%0An'],
  ])('is found split by %s', (_what, splitter) => {
    expect(quotesSecret(`refused: ${head}${splitter}${tail} (see the log)`)).toBe(true);
    // redact alone leaves the halves: this is what it adds.
    expect(redact(`${head}${splitter}${tail}`)).toContain(head.slice(-10));
  });

  it('is found split several times, and in its JSON spelling', () => {
    expect(quotesSecret([...secret].join('\n'))).toBe(true);
    const json = JSON.stringify(secret);
    expect(quotesSecret(`${json.slice(0, 10)}\n${json.slice(10)}`)).toBe(true);
  });

  it('leaves a message without the token alone, a piece of it too', () => {
    expect(quotesSecret('bad request: the team t\nhas no member u1')).toBe(false);
    expect(quotesSecret(`refused ${head}\n(see the log)`)).toBe(false);
    expect(quotesSecret('')).toBe(false);
  });
});

describe('redact: the token split by ANSI sequences and escapes between its characters', () => {
  const token = 'tk_live_Adv6Secr3tXyz0123456789';
  addSecret(token);
  it.each([
    ['an ANSI reset', '\u001b[0m'],
    ['an ANSI colour', '\u001b[1;31m'],
    ['an ANSI reset, its escape spelled \\e', '\\e[0m'],
    ['an ANSI reset, its escape spelled \\x1b', '\\x1b[0m'],
    ['an ANSI reset, its escape spelled \\u001b', '\\u001b[0m'],
    ['an ANSI reset, its escape spelled \\033', '\\033[0m'],
    ['a literal backslash-n', '\\n'],
    ['a literal \\u000a', '\\u000a'],
    ['a literal \\x0a', '\\x0a'],
    ['a percent-encoded line break', '%0A'],
    ['a double-escaped line break', '\\\\n'],
    ['a backslash, a percent-encoded line break and n (an escape left by removing another)', '\\%0An'],
  ])('split by %s: replaced from its first character to its last, the text around it kept', (_what, splitter) => {
    for (const at of [1, 10, token.length - 1]) {
      const text = `refused: ${token.slice(0, at)}${splitter}${token.slice(at)} (see the log)`;
      expect(redact(text)).toBe('refused: *** (see the log)');
      expect(quotesSecret(text)).toBe(true);
    }
  });

  it('split at every character, by several spellings at once', () => {
    const splitters = ['\u001b[0m', '\\n', '%0A', '\\%0An', '\\x0a'];
    const text = [...token].map((ch, i) => `${ch}${splitters[i % splitters.length]}`).join('');
    expect(redact(`<${text}>`)).toBe(`<***${splitters[(token.length - 1) % splitters.length]}>`);
  });

  it('twice in one text, and next to a whole one', () => {
    const split = `${token.slice(0, 5)}\u001b[0m${token.slice(5)}`;
    expect(redact(`a ${split} b ${token} c ${split} d`)).toBe('a *** b *** c *** d');
  });

  it('leaves text that only looks alike alone: a piece of the token, or ANSI sequences around other words', () => {
    for (const text of [`${token.slice(0, 12)}\u001b[0m and more`, '\u001b[1mbold\u001b[0m \\n %0A', `${token.slice(0, -1)}\\n`]) expect(redact(text)).toBe(text);
  });
});
