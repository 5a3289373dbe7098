// Translation runs (`teamctl help translations`): each run is billable and the service cannot take
// it twice, so it goes through the one journal as invitations, team creations and user grants do:
// recorded before it is sent, under the journal's lock, and settled by the listing — the
// translation's `stats.runs` grown past what the record saw means it ran. A run whose outcome is
// unknown is never sent again on a guess: the next run finds it in the listing (then it is not
// sent again), or holds it back until its hold-back time has passed (exit 6).
import type { ApiClient } from '../api/client.js';
import { writeOutcome } from '../api/outcome.js';
import type { Translation } from '../api/translations.js';
import type { Context } from '../context.js';
import { confirmChange } from '../engine/run.js';
import { ExitCode, NotFoundError, TeamctlError, UsageError } from '../errors.js';
import { lockedJournal, withJournalOf, type Journal } from '../journal/journal.js';
import type { Column } from '../output/columns.js';
import { plural } from '../output/words.js';
import { chooseTranslations, type TranslationChoice } from '../plan/translations.js';

/** One translation's outcome: `planned` in a dry run; `unknown` when the answer was lost (exit 6). */
export interface RunRow {
  translation: string;
  space: string;
  source: string;
  language: string;
  outcome: 'planned' | 'run' | 'failed' | 'unknown';
  status: number | null;
  message: string;
}

export const runColumns: Column<RunRow>[] = [
  { header: 'translation', value: (r) => r.translation, whole: true },
  { header: 'space', value: (r) => r.space, whole: true },
  { header: 'source', value: (r) => r.source },
  { header: 'language', value: (r) => r.language },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'status', value: (r) => r.status },
  { header: 'message', value: (r) => r.message, optional: true },
];

export interface RunTranslationsOptions {
  choice: TranslationChoice;
  dryRun: boolean;
  /** false with --no-wait. */
  wait: boolean;
  holdBackMs: number;
  /** Why these translations, for the dry run's rows ("the glossary change touched de"). */
  why?: string;
  /** Rows as lines on stderr, not a list on stdout (after `glossary sync`, whose report stdout is). */
  rowsOnStderr?: boolean;
}

const rowOf = (t: Translation, outcome: RunRow['outcome'], status: number | null, message: string): RunRow => ({
  translation: t.id,
  space: t.source.space,
  source: t.source.language,
  language: t.language,
  outcome,
  status,
  message,
});

/** Runs the chosen translations (or lists them, in a dry run); prints one row each; returns the exit code. */
export async function runTranslations(ctx: Context, client: ApiClient, org: string, options: RunTranslationsOptions): Promise<number> {
  const { readTranslations } = await import('../api/translations.js');
  const baseUrl = client.base.origin + client.base.prefix;
  const lock = options.dryRun ? undefined : { wait: options.wait, onWait: (m: string) => ctx.io.info(m), what: 'the translations' };
  const now = (): number => ctx.now?.() ?? Date.now();
  const rows = await withJournalOf(ctx.journalHome(), baseUrl, org, lock, async (journal) => {
    const listed = await readTranslations(client, org);
    const { chosen, unknown } = chooseTranslations(listed, options.choice);
    if (unknown.length > 0) {
      throw new NotFoundError(`no translation ${unknown.map((id) => JSON.stringify(id)).join(', ')} in organization ${org}; nothing was sent`, { status: 404, hint: 'list the translations and their ids with `teamctl translations list`' });
    }
    const earlier = await settleRuns(journal, listed, new Date(now()), options.holdBackMs);
    const rows: RunRow[] = [];
    const send: Translation[] = [];
    for (const t of chosen) {
      const e = earlier.get(t.id);
      if (e?.landed === true) rows.push(rowOf(t, 'run', null, `run by an earlier teamctl whose answer was lost (sent ${e.sentAt}); not sent again`));
      else if (e !== undefined) rows.push(rowOf(t, 'unknown', null, `not sent: an earlier run's request (sent ${e.sentAt}) may still start it`));
      else send.push(t);
    }
    if (options.dryRun) return [...rows, ...send.map((t) => rowOf(t, 'planned', null, options.why ?? 'would be run'))];
    if (send.length > 0) {
      const what = `${plural(send.length, 'translation')} (${[...new Set(send.map((t) => t.language))].join(', ')})`;
      await confirmChange(ctx, `Run ${what}? Each run is billable.`, `running ${what}, each run billable`);
    }
    const sent: RunRow[] = [];
    for (const t of send) sent.push(await sendRun(client, org, t, journal, now));
    if (sent.some((r) => r.outcome === 'unknown')) await readBack(client, org, sent, journal, new Date(now()), options.holdBackMs);
    return [...rows, ...sent];
  });
  return report(ctx, rows, options);
}

/**
 * Settles the journal's runs against the listing: a record whose translation shows more runs than
 * it saw ran (or its translation is gone), and is forgotten; one that has not, within its
 * hold-back time, is held. Returns both by translation id.
 */
async function settleRuns(journal: Journal, listed: readonly Translation[], now: Date, holdBackMs: number): Promise<Map<string, { landed: boolean; sentAt: string }>> {
  const byId = new Map(listed.map((t) => [t.id, t]));
  const landed = (w: { translation: string; runs: number }): boolean => (byId.get(w.translation)?.runs ?? Infinity) > w.runs;
  const found = new Map<string, { landed: boolean; sentAt: string }>();
  for (const w of journal.writes('translation-run')) if (landed(w)) found.set(w.translation, { landed: true, sentAt: w.sentAt });
  const held = await journal.settleWrites('translation-run', landed, now, holdBackMs);
  for (const { record } of held) found.set(record.translation, { landed: false, sentAt: record.sentAt });
  return found;
}

/** One run: recorded, sent, given its outcome. A lost answer is `unknown`, kept in the journal. */
async function sendRun(client: ApiClient, org: string, t: Translation, journal: Journal, now: () => number): Promise<RunRow> {
  const { runTranslation } = await import('../api/translations.js');
  const [record] = await lockedJournal(journal).intend([{ kind: 'translation-run', translation: t.id, runs: t.runs }], new Date(now()));
  try {
    await runTranslation(client, org, t.id);
    await journal.answered([record as string], 'done');
    return rowOf(t, 'run', 204, '');
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    const outcome = writeOutcome(err);
    await journal.answered([record as string], outcome === 'unknown' ? 'unknown' : 'done');
    return rowOf(t, outcome, err.status ?? null, err.message);
  }
}

/** The translations listed again after a lost answer: a run of `sent` the listing shows is `run`; the others stay unknown. */
async function readBack(client: ApiClient, org: string, rows: RunRow[], journal: Journal, now: Date, holdBackMs: number): Promise<void> {
  const { readTranslations } = await import('../api/translations.js');
  let listed: Translation[];
  try {
    listed = await readTranslations(client, org);
  } catch (err) {
    if (!(err instanceof TeamctlError)) throw err;
    return; // unknown still: the journal keeps them for a later run
  }
  const settled = await settleRuns(journal, listed, now, holdBackMs);
  for (const row of rows) {
    if (row.outcome === 'unknown' && settled.get(row.translation)?.landed === true) {
      Object.assign(row, { outcome: 'run', message: `${row.message}; the listing after it shows the run` });
    }
  }
}

async function report(ctx: Context, rows: RunRow[], options: RunTranslationsOptions): Promise<number> {
  if (options.rowsOnStderr === true) {
    for (const r of rows) ctx.io.info(`  ${r.outcome}  ${r.translation} (${r.space}, ${r.source} → ${r.language})${r.message === '' ? '' : `: ${r.message}`}`);
  } else {
    const { writeList, onePage } = await import('../output/list.js');
    await writeList(ctx.io, ctx.outputFormat(), onePage(rows), runColumns);
  }
  const count = (o: RunRow['outcome']): number => rows.filter((r) => r.outcome === o).length;
  if (options.dryRun) {
    ctx.io.info(rows.length === 0 ? 'no translation to run' : `would run ${plural(count('planned'), 'translation')} (dry run: nothing was sent)`);
    return ExitCode.ok;
  }
  for (const r of rows) if (r.outcome === 'failed' || r.outcome === 'unknown') ctx.io.warn(`${r.translation} (${r.language}): ${r.outcome}: ${r.message}`);
  ctx.io.info(rows.length === 0 ? 'no translation to run' : `ran ${plural(count('run'), 'translation')}; ${count('failed')} failed; ${count('unknown')} with an unknown outcome`);
  if (count('unknown') > 0) {
    ctx.io.warn('a run whose outcome is unknown is not sent again on a guess: run the same command again later; the listing settles it (`teamctl help translations`)');
    return ExitCode.partial;
  }
  return count('failed') > 0 ? ExitCode.failed : ExitCode.ok;
}

/** --all, --language and ids: exactly one of them (exit 2 otherwise). */
export function choiceOf(ids: readonly string[], all: boolean | undefined, languages: readonly string[] | undefined): TranslationChoice {
  const given = [ids.length > 0, all === true, languages !== undefined && languages.length > 0].filter(Boolean).length;
  if (given !== 1) {
    throw new UsageError(given === 0 ? 'name the translations to run: their ids, --all or --language <code>; nothing was sent' : 'give translation ids, --all or --language, only one of them; nothing was sent', {
      hint: 'list the translations with `teamctl translations list`',
    });
  }
  if (all === true) return { all: true };
  return languages !== undefined && languages.length > 0 ? { languages } : { ids };
}
