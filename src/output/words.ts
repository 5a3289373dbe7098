// Words of messages, one way everywhere: a count with its noun, and a value quoted.
import { addEscaper, redact } from '../redact.js';

/** "1 entry", "3 entries": the count and its noun (`many` defaults to `one` + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The noun alone, for a count said elsewhere: "entry" or "entries". */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/**
 * At most `max` characters (code points), the last of them `…` when the text was longer. Secrets
 * are replaced first: a cut token would no longer be recognised (`teamctl help environment`, "Talking to the service").
 */
export function shorten(value: string, max: number): string {
  const text = redact(value);
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** A value in a message: JSON-quoted, so spaces, quotes and control characters show. */
export const quote = (value: string): string => JSON.stringify(value);

/** Single-quotes a value for a POSIX shell unless it is plainly safe (lines to paste in a shell). */
export function shellValue(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

// The last check on what is written knows how a shell line spells a token (`teamctl help environment`, "Talking to the service").
addEscaper('shell', shellValue);
