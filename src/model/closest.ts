// "Did you mean": the names a mistyped word most likely meant (a help topic or command, a user's
// e-mail). A leaf, below every layer that suggests.

/**
 * The names a mistyped word most likely meant, closest first (at most three): within a third of
 * its length in edits (at least `edits`, default 1; a swap of two letters is one edit), or
 * starting with it — or holding it anywhere with `anywhere` (dotted names: `removed` for
 * `member.removed`).
 */
export function closest(word: string, candidates: readonly string[], how: { anywhere?: boolean; edits?: number } = {}): string[] {
  const limit = Math.max(how.edits ?? 1, Math.floor(word.length / 3));
  const holds = (name: string): boolean => (how.anywhere === true ? name.includes(word) : name.startsWith(word));
  return candidates
    .map((name) => ({ name, d: holds(name) ? 0 : distance(word, name) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
}

/** Edit distance with adjacent swaps (optimal string alignment). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}
