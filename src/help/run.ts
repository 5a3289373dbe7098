// `teamctl help <topic>` and `teamctl help <command…>` (like gh's `gh help environment`): a
// topic's text, or a command's help; an unknown word is a usage error (exit 2) naming the topics
// and commands it most likely meant.
import type { Command } from 'commander';
import type { ContextDeps } from '../context.js';
import { UsageError } from '../errors.js';
import { buildProgram, type RunState } from '../program.js';
import { topicNamed, topics } from './topics.js';

/** Prints the topic or the command's help `words` name; returns the exit code (0). */
export async function help(words: readonly string[], deps: ContextDeps, state: RunState): Promise<number> {
  const path = words.filter((w) => !w.startsWith('-'));
  const topic = path.length === 1 ? topicNamed(path[0] as string) : undefined;
  if (topic !== undefined) {
    const { text } = await topic.load();
    // On a terminal, drawn and paged (`teamctl help environment`, "Help on a terminal"); piped, as it is.
    if (deps.streams.stdout.isTTY !== true) deps.streams.stdout.write(text);
    else await (await import('./terminal.js')).showTopic(text, deps.streams, deps.env, !words.includes('--no-color') && deps.env.NO_COLOR === undefined);
    return 0;
  }
  const program = await buildProgram(deps, state, [...path, '--help']);
  let command: Command = program;
  for (const [i, word] of path.entries()) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (next === undefined) throw unknown(word, i === 0 ? [...Object.keys(topics), ...names(program)] : names(command), command === program ? '' : commandPath(command));
    command = next;
  }
  command.outputHelp();
  return 0;
}

const names = (command: Command): string[] => command.commands.map((c) => c.name()).filter((n) => n !== 'help');

function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/** The most of an unknown word a message echoes (`help <100 KB of text>` echoes 80 characters). */
const echoedChars = 80;
/** `text` cut to echoedChars characters, an ellipsis the last of them (help loads no output module). */
const cut = (text: string): string => {
  const chars = [...text];
  return chars.length > echoedChars ? `${chars.slice(0, echoedChars - 1).join('')}…` : text;
};

function unknown(word: string, candidates: readonly string[], under: string): UsageError {
  // No name is longer than the echo: a longer word is compared by what is echoed of it.
  const shown = cut(word);
  const close = closest(word.slice(0, echoedChars), candidates);
  const what = under === '' ? `help topic or command ${JSON.stringify(shown)}` : `command ${JSON.stringify(cut(`${under} ${word}`))}`;
  const where = under === '' ? '`teamctl help` lists the commands and topics' : `\`teamctl help ${under}\` lists its commands`;
  return new UsageError(`unknown ${what}`, { hint: close.length > 0 ? `did you mean ${close.join(' or ')}? (${where})` : where });
}

/**
 * The names a mistyped word most likely meant, closest first (at most three): within a third of
 * its length in edits (at least 1; a swap of two letters is one edit), or starting with it.
 */
export function closest(word: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(word.length / 3));
  return candidates
    .map((name) => ({ name, d: name.startsWith(word) ? 0 : distance(word, name) }))
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
