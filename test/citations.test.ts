// Comments and test names cite the README's sections and the help topics' by name (README,
// "Settings"; `teamctl help guards`, "Safety guards"): every section cited exists where it is
// said to be, as a heading or a paragraph's bold lead, so a moved section is a failing test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { topics } from '../src/help/topics.js';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const texts: Record<string, string> = Object.fromEntries(await Promise.all(Object.entries(topics).map(async ([name, t]) => [name, (await t.load()).text])));

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** A section of `text`: a heading, or a paragraph's or a list item's bold lead, starting with `name`. */
function hasSection(text: string, name: string): boolean {
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^#+ \`?${n}`, 'm').test(text) || new RegExp(`\\*\\*\`?${n}\`?(\\.|\\*\\*|:| )`).test(text);
}

const quoted = '"[^"]{1,90}"';
const list = `(${quoted}(?:(?:,\\s*(?:and\\s+)?|;\\s*|\\s+and\\s+)${quoted})*)`;
/** Where a citation points: README or a topic, then the section names it lists. */
const citation = new RegExp(`(README|\`teamctl help ([a-z-]+)\`)(?:'s)?,?\\s+${list}`, 'g');

const cited = ['src', 'test', 'bin', '.ci'].flatMap(files).flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(citation)].flatMap((m) =>
    [...(m[3] ?? '').matchAll(/"([^"]+)"/g)].map((q) => ({ file, where: m[2] ?? 'README', name: (q[1] ?? '').replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' ') })),
  ),
);

describe('citations of README sections and help topics', () => {
  it('finds the citations (the scan itself is checked)', () => {
    expect(cited.length).toBeGreaterThan(200);
    expect(cited.filter((c) => c.where !== 'README').length).toBeGreaterThan(100);
    expect(hasSection(readme, 'Settings') && !hasSection(readme, 'No such section')).toBe(true);
  });

  it('cites only sections that exist where the citation says', () => {
    const missing = cited.filter(({ where, name }) => {
      const text = where === 'README' ? readme : texts[where];
      return text === undefined || !hasSection(text, name);
    });
    expect(missing.map((c) => `${c.file}: ${c.where}, "${c.name}"`)).toEqual([]);
  });

  it('points the README and the topics to topics that exist (`teamctl help <topic>`)', () => {
    const named = [readme, ...Object.values(texts)].flatMap((t) => [...t.matchAll(/`teamctl help ([a-z-]+)`/g)].map((m) => m[1] as string));
    expect(named.length).toBeGreaterThan(10);
    const commands = ['members', 'glossary', 'teams', 'users', 'auth', 'config', 'apply', 'sandbox', 'completion', 'whoami'];
    expect(named.filter((n) => !Object.hasOwn(topics, n) && !commands.includes(n))).toEqual([]);
  });
});
