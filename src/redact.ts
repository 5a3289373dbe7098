// Secrets that teamctl must never write anywhere (`teamctl help environment`, "Talking to the service"). The token is
// registered as soon as it is known, and every stream and every file teamctl writes passes
// through `redact`. Module state on purpose: the leak this prevents is a writer that forgot to
// ask a context for its redactor, so there is nothing to forget.
//
// Writers whose escaping depends on what surrounds a value (Markdown) call `redact` before
// escaping, since an escape could split a secret there. The spellings below are the last check on
// what is written: every writer that escapes registers its own escape function (`addEscaper`,
// where the function is defined), and a secret is looked for as each of them writes it, and as
// any two of them write it one inside the other (a JSON-quoted token in a CSV report, a
// percent-encoded one in XML). A secret quoted percent-encoded by the service, whichever
// characters its encoder chose to encode and in either case of hex digit, is found as well.
const minLength = 4;
const secrets = new Set<string>();
const escapers = new Map<string, (text: string) => string>();

/** The spellings of one secret to look for. */
interface Needles {
  /** Every spelling, longest first (one can hold another). */
  spellings: string[];
  /** The secret with any of its characters percent-encoded. */
  percent: RegExp;
  /** Each spelling without splitters (of four characters or more): what is left of it once a text's splitters are removed. */
  pieces: string[];
}
let needles: Needles[] | undefined;

// Letters and digits: what an escaper leaves alone, so a value put between two of these is
// found again in what it writes, without the quotes or fences an escaper puts around a value.
const marker = 'Qz7';

/** How `escape` spells `secret` inside a longer text, or undefined if it cannot write it. */
function spelledBy(escape: (text: string) => string, secret: string): string | undefined {
  let out: string;
  try {
    out = escape(`${marker}${secret}${marker}`);
  } catch {
    return undefined; // a writer that refuses the value (CSV and a lone surrogate) never writes it
  }
  const start = out.indexOf(marker);
  const end = out.lastIndexOf(marker);
  // No marker (both -1) or only one: the writer did not keep the value between them.
  return end <= start ? undefined : out.slice(start + marker.length, end);
}

/** The secret as written as it is, by each escaper, and by any escaper inside another. */
function spellingsOf(secret: string): string[] {
  const all = new Set([secret]);
  const once: string[] = [];
  for (const escape of escapers.values()) {
    const spelled = spelledBy(escape, secret);
    if (spelled !== undefined) once.push(spelled);
  }
  for (const spelled of once) {
    all.add(spelled);
    for (const escape of escapers.values()) {
      const twice = spelledBy(escape, spelled);
      if (twice !== undefined) all.add(twice);
    }
  }
  return [...all].filter((s) => s.length >= minLength).sort((a, b) => b.length - a.length);
}

const regexpSpecial = /[\\^$.*+?()[\]{}|/-]/g;

/** Each character of `secret` as it is or as `%` and its UTF-8 bytes in hex, either case. */
function percentPattern(secret: string): RegExp {
  const alternatives = [...secret].map((ch) => {
    const hex = (b: number): string => [...b.toString(16).padStart(2, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');
    const bytes = [...Buffer.from(ch, 'utf8')].map((b) => `%${hex(b)}`).join('');
    return `(?:${ch.replace(regexpSpecial, '\\$&')}|${bytes})`;
  });
  return new RegExp(alternatives.join(''), 'g');
}

function needlesOf(secret: string): Needles {
  const spellings = spellingsOf(secret);
  const pieces = [...new Set(spellings.map(withoutSplitters))].filter((piece) => piece.length >= minLength);
  return { spellings, percent: percentPattern(secret), pieces };
}

/** Registers a secret, to be replaced in every spelling a writer could give it. */
export function addSecret(secret: string): void {
  if (secret.length < minLength || secrets.has(secret)) return;
  secrets.add(secret);
  needles = undefined;
}

/**
 * Registers a writer's escape function (`name` says which writer): from now on every secret is
 * also looked for as it writes it. Called where the function is defined, so a writer that can run
 * is a writer whose spelling is known.
 */
export function addEscaper(name: string, escape: (text: string) => string): void {
  if (escapers.has(name)) return;
  escapers.set(name, escape);
  needles = undefined;
}

// The language's own quoting (JSON.stringify: reports, -o json, quoted values in messages) and
// percent-encoding (a path segment) are every writer's, so they are registered here.
addEscaper('JSON', (text) => JSON.stringify(text));
addEscaper('percent-encoding', encodeURIComponent);

/**
 * `text` with every registered secret replaced by `***`: in each spelling, and split by line
 * breaks, ANSI sequences or escapes between its characters (what `quotesSecret` finds).
 */
export function redact(text: string): string {
  const out = redactSpellings(text);
  return quotesSecret(out) ? withoutSplitSecrets(out) : out;
}

/** `text` with every registered secret written whole, in any spelling, replaced by `***`. */
export function redactSpellings(text: string): string {
  needles ??= [...secrets].map(needlesOf);
  let out = text;
  for (const { spellings, percent } of needles) {
    for (const spelling of spellings) out = out.replaceAll(spelling, '***');
    // Whatever a service's encoder leaves as it is, letters included: looked for whenever a `%` is.
    if (out.includes('%')) out = out.replace(percent, '***');
  }
  return out;
}

// What a service's message may have put inside a quoted token to split it: ANSI sequences
// (`\e[0m`, as they are or with their escape character spelled), line breaks and other white
// space and invisible characters, as they are or spelled as escapes (`\n`, `\u000a`, `\x0a`,
// `%0A`, `&#10;`, `<br>`). Each is removed before the text is searched for the token.
const splitters =
  // eslint-disable-next-line no-control-regex
  /(?:\u001b|\\+(?:e|x1[bB]|u001[bB]|033)|%1[bB])\[[0-?]*[ -/]*[@-~]|\\+(?:[nrtvfb0e]|u(?:00[01][0-9a-fA-F]|007[fF]|00[2aA]0|200[0-9a-fA-F]|202[0-9a-fA-F]|206[0-9]|[fF][eE][fF][fF])|x(?:[01][0-9a-fA-F]|20|7[fF]))|%(?:[01][0-9a-fA-F]|20|7[fF])|&#(?:[xX]0*(?:9|[aAdD]|20)|0*(?:9|10|13|32));|&nbsp;|<br\s*\/?>|[\s\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * Whether `text` (a message from outside, such as the service's error) holds a registered secret
 * in any spelling `redact` knows, once line breaks, white space and their escapes are removed:
 * a token split across lines would otherwise pass `redact` in two halves that join again.
 */
export function quotesSecret(text: string): boolean {
  if (secrets.size === 0) return false;
  needles ??= [...secrets].map(needlesOf);
  const joined = withoutSplitters(text);
  return needles.some(({ pieces, percent }) => pieces.some((piece) => joined.includes(piece)) || (joined.includes('%') && new RegExp(percent.source).test(joined)));
}

/** What every escape among the splitters starts with: where none is left, no splitter is. */
const escapeStart = /[\\%&<]/;

/** `text` without splitters, removed until none is left (an escape may hold another: `\\%0An`). */
function withoutSplitters(text: string): string {
  let joined = text.replace(splitters, '');
  // Removing one escape can leave another (`\\%0An`): again while one may be left.
  for (let previous = text; previous !== joined && escapeStart.test(joined); ) [previous, joined] = [joined, joined.replace(splitters, '')];
  return joined;
}

/** `text` without splitters, as withoutSplitters, and where in `text` each character left was. */
function joinedWithOrigins(text: string): { joined: string; origins: number[] } {
  let joined = text;
  let origins = Array.from({ length: text.length }, (_, i) => i);
  for (let removed = true; removed; ) {
    removed = false;
    const kept: number[] = [];
    let at = 0;
    for (const match of joined.matchAll(splitters)) {
      for (let i = at; i < match.index; i++) kept.push(origins[i] as number);
      at = match.index + match[0].length;
      removed = true;
    }
    for (let i = at; i < joined.length; i++) kept.push(origins[i] as number);
    joined = joined.replace(splitters, '');
    origins = kept;
  }
  return { joined, origins };
}

/** `text` with each secret found once splitters are removed replaced by `***`, from its first character to its last. */
function withoutSplitSecrets(text: string): string {
  const { joined, origins } = joinedWithOrigins(text);
  const spans: [number, number][] = [];
  const span = (start: number, length: number): number => spans.push([origins[start] as number, (origins[start + length - 1] as number) + 1]);
  for (const { pieces, percent } of needles ?? []) {
    for (const piece of pieces) for (let i = joined.indexOf(piece); i !== -1; i = joined.indexOf(piece, i + 1)) span(i, piece.length);
    for (const match of joined.matchAll(percent)) span(match.index, match[0].length);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (start >= at) out += `${text.slice(at, start)}***`;
    at = Math.max(at, end);
  }
  return out + text.slice(at);
}
