// Words of messages, one way everywhere: a count with its noun, and a value quoted.

/** "1 entry", "3 entries": the count and its noun (`many` defaults to `one` + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The noun alone, for a count said elsewhere: "entry" or "entries". */
export function noun(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** At most `max` characters (code points), the last of them `…` when the text was longer. */
export function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** A value in a message: JSON-quoted, so spaces, quotes and control characters show. */
export const quote = (value: string): string => JSON.stringify(value);
