// What people and reports see of a glossary import: the plan lines on stderr, one outcome row per
// file row (the --report CSV, the Markdown tables), the JSON report (README, "The glossary")
// and the summary. Pure: no requests, no printing.
import type { GlossaryEntry, GlossaryTranslations } from '../api/types.js';
import type { CsvColumns } from '../engine/csv.js';
import { interruptedLine, notSentLines, notSentMessage } from '../engine/interrupted.js';
import { oneLine } from '../output/terminal.js';
import { shorten } from '../output/words.js';
import { foldLimit, foldedList } from '../output/fold.js';
import type { ReportDoc } from '../engine/report.js';
import type { GlossaryPlan, PlannedOperation } from '../plan/glossary.js';
import type { ApplyResult } from './outcomes.js';

/** The JSON report of `glossary import` (and of `sync` and `delete`, with `deleted`). */
export interface ImportReport {
  dryRun: boolean;
  inserted: number;
  updated: number;
  /** `glossary sync` and `glossary delete` only. */
  deleted?: number;
  present: number;
  conflicts: { line: number; key: string; existingId: string }[];
  failed: { line: number; status: number | null; message: string }[];
  /** Sent, the answer lost, not in the glossary when listed: the service may still apply them (`teamctl help reliability`). */
  unknown: { line: number; status: number | null; message: string }[];
}

export type ImportOutcome = 'planned' | 'inserted' | 'updated' | 'deleted' | 'present' | 'conflict' | 'failed' | 'unknown';

/** One file row's outcome (line 0: the run as a whole, e.g. a verification that failed). */
export interface ImportRow {
  line: number;
  /** The row's key term. */
  key: string;
  action: 'insert' | 'update' | 'delete' | 'none';
  outcome: ImportOutcome;
  /** The entry concerned, when known. */
  entryId: string;
  status: number | null;
  message: string;
}

/** The --report CSV: one record per file row (line 0: the run as a whole). */
export const importCsv: CsvColumns<ImportRow> = {
  header: ['line', 'key', 'action', 'outcome', 'entry', 'status', 'message'],
  record: (r) => [String(r.line), r.key, r.action, r.outcome, r.entryId, r.status === null ? '' : String(r.status), r.message],
};

/** How many conflicts and failures are listed one per line on stderr. */
const listedOnStderr = 20;

/** A value for a plan line: bare when plain, JSON-quoted when it has spaces at the ends, commas, quotes or `=`; long ones cut. */
function showValue(value: string): string {
  const cut = shorten(value, 40);
  return /^\s|\s$|[,="\\]|\p{Cc}|\p{Cf}/u.test(cut) || cut === '' ? oneLine(JSON.stringify(cut)) : cut;
}

export function showTranslations(t: GlossaryTranslations): string {
  return Object.entries(t)
    .map(([k, v]) => `${k}=${showValue(v)}`)
    .join(', ');
}

/** What an update changes: `fr: rive → banque, de: + Bank`. */
function showChange(before: GlossaryTranslations | undefined, after: GlossaryTranslations): string {
  const old = new Map(Object.entries(before ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const spelling = new Map(Object.keys(before ?? {}).map((k) => [k.toLowerCase(), k]));
  const parts: string[] = [];
  const kept = new Set(Object.keys(after).map((k) => k.toLowerCase()));
  for (const [k, v] of Object.entries(after)) {
    const was = old.get(k.toLowerCase());
    if (was === undefined || was.trim() === '') parts.push(`${k}: + ${showValue(v)}`);
    else if (was.trim().normalize('NFC') !== v.trim().normalize('NFC')) parts.push(`${k}: ${showValue(was)} → ${showValue(v)}`);
    // A key written in the translation feature's spelling (pt-BR → pt-br).
    else if (spelling.get(k.toLowerCase()) !== k) parts.push(`key ${spelling.get(k.toLowerCase()) ?? ''} → ${k}`);
  }
  // (An import never removes a language; a sync removes those the file leaves empty.)
  for (const [k, v] of Object.entries(before ?? {})) if (!kept.has(k.toLowerCase()) && typeof v === 'string' && v.trim() !== '') parts.push(`${k}: ${showValue(v)} → (removed)`);
  return parts.length > 0 ? parts.join(', ') : showTranslations(after);
}

export function planLine(planned: PlannedOperation, byId: ReadonlyMap<string, GlossaryEntry>, key: string): string {
  const op = planned.operation;
  const conflict = planned.conflict;
  if (op.type === 'insert') {
    const why = conflict ? ` (a new entry, although ${conflict.existingId} has the same ${key} term)` : '';
    return `+ insert  line ${planned.line}: ${showTranslations(op.translations)}${why}`;
  }
  if (op.type === 'update') {
    const why = conflict ? ` (matched by its ${key} term)` : '';
    return `~ update  ${oneLine(op.id)} line ${planned.line}: ${showChange(byId.get(op.id)?.translations, op.translations)}${why}`;
  }
  const gone = byId.get(op.id);
  return `- delete  ${oneLine(op.id)}${gone ? `: ${showTranslations(gone.translations)}` : ''}`;
}

function conflictLine(c: { line: number; key: string; existingId: string }, key: string): string {
  return `! conflict line ${c.line}: ${key} term ${JSON.stringify(c.key)} matches entry ${c.existingId}, which has other translations; skipped`;
}

const conflictHint = 'use --on-conflict update to change those entries, or insert to add new ones';

/** Lists up to `listedOnStderr` lines, then how many more. */
export function listSome(lines: string[], write: (line: string) => void, more: string): void {
  for (const line of lines.slice(0, listedOnStderr)) write(line);
  if (lines.length > listedOnStderr) write(`… and ${lines.length - listedOnStderr} more ${more}`);
}

const count = (ops: readonly PlannedOperation[], type: 'insert' | 'update' | 'delete'): number => ops.filter((p) => p.operation.type === type).length;

/**
 * The plan for people: a line per change and per conflict, in file order, then the counts;
 * unchanged rows are only counted. On a terminal a plan taller than `screenRows` folds
 * (`teamctl help environment`, "Plans at a terminal").
 */
export function formatImportPlan(file: string, org: string, existing: readonly GlossaryEntry[], plan: GlossaryPlan, key: string, rowCount: number, screenRows?: number): string {
  if (rowCount === 0) return `${oneLine(file)} has no rows to import`;
  const byId = new Map(existing.map((e) => [e.id, e]));
  const byLine = <T extends { line: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.line - b.line);
  const changes = byLine(plan.operations).map((p) => `  ${planLine(p, byId, key)}`);
  const conflicts = byLine(plan.conflicts).map((c) => `  ${conflictLine(c, key)}`);
  const limit = foldLimit(screenRows, changes.length + conflicts.length + 3);
  const n = plan.conflicts.length;
  return [
    `Plan for ${oneLine(file)} against the glossary of ${oneLine(org)} (${existing.length} entries):`,
    ...foldedList(changes, limit),
    ...foldedList(conflicts, limit),
    // A saved sync or delete plan applied: its deletions are counted with the rest.
    `${count(plan.operations, 'insert')} to insert, ${count(plan.operations, 'update')} to update, ${count(plan.operations, 'delete') > 0 ? `${count(plan.operations, 'delete')} to delete, ` : ''}${plan.present.length} unchanged, ${n} conflict${n === 1 ? '' : 's'}${n > 0 ? ' (skipped)' : ''}`,
    ...(n > 0 ? [`(${conflictHint})`] : []),
  ].join('\n');
}

/** The key term of a row: its translation in the key language (any case). */
export function keyTermOf(translations: GlossaryTranslations, key: string): string {
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(translations)) if (k.toLowerCase() === lower) return v;
  return '';
}

/** The file rows' key terms by line, for rows that are present or conflicts (no operation). */
export type KeyTerms = ReadonlyMap<number, string>;

/** The key terms of the entries as listed, by id: what a deleted entry is called in reports. */
export type EntryTerms = ReadonlyMap<string, string>;

function keyOfOperation(p: PlannedOperation, key: string, entryTerms: EntryTerms | undefined): string {
  return p.operation.type === 'delete' ? (entryTerms?.get(p.operation.id) ?? '') : keyTermOf(p.operation.translations, key);
}

const actionOf = (p: PlannedOperation): ImportRow['action'] => p.operation.type;
const entryOf = (p: PlannedOperation): string => ('id' in p.operation ? p.operation.id : '');

/** The rows of a dry run: every operation planned, and the rows that need none. */
export function plannedRows(plan: GlossaryPlan, key: string, terms: KeyTerms, entryTerms?: EntryTerms): ImportRow[] {
  const rows: ImportRow[] = [
    ...plan.operations.map((p): ImportRow => ({
      line: p.line,
      key: keyOfOperation(p, key, entryTerms),
      action: actionOf(p),
      outcome: 'planned',
      entryId: entryOf(p),
      status: null,
      message: p.conflict ? `matches entry ${p.conflict.existingId} by its ${key} term` : '',
    })),
    ...quietRows(plan, terms),
  ];
  return rows.sort((a, b) => a.line - b.line);
}

function quietRows(plan: GlossaryPlan, terms: KeyTerms): ImportRow[] {
  return [
    ...plan.present.map((p): ImportRow => ({ line: p.line, key: terms.get(p.line) ?? '', action: 'none', outcome: 'present', entryId: p.existingId, status: null, message: 'already present' })),
    ...plan.conflicts.map((c): ImportRow => ({ line: c.line, key: c.key, action: 'none', outcome: 'conflict', entryId: c.existingId, status: null, message: 'the entry has other translations; skipped' })),
  ];
}

/** The rows of a run that sent its operations. */
export function appliedRows(plan: GlossaryPlan, result: ApplyResult, key: string, terms: KeyTerms, entryTerms?: EntryTerms): ImportRow[] {
  const problems = new Map<PlannedOperation, { outcome: ImportOutcome; status: number | null; message: string }>();
  for (const f of result.failed) problems.set(f.planned, { outcome: f.outcomeUnknown ? 'unknown' : 'failed', status: f.status, message: f.message });
  for (const d of result.discrepancies) {
    const before = problems.get(d.planned);
    problems.set(d.planned, { outcome: before?.outcome ?? 'failed', status: before?.status ?? null, message: before ? `${before.message}; ${d.message}` : d.message });
  }
  const rows: ImportRow[] = plan.operations.map((p) => {
    const problem = problems.get(p);
    const base = { line: p.line, key: keyOfOperation(p, key, entryTerms), action: actionOf(p), entryId: entryOf(p) };
    if (problem) return { ...base, ...problem };
    const outcome: ImportOutcome = p.operation.type === 'insert' ? 'inserted' : p.operation.type === 'update' ? 'updated' : 'deleted';
    return { ...base, outcome, status: 204, message: '' };
  });
  rows.push(...quietRows(plan, terms));
  if (result.verifyError) {
    rows.push({ line: 0, key: '', action: 'none', outcome: 'failed', entryId: '', status: result.verifyError.status ?? null, message: `the glossary could not be listed to verify the import: ${result.verifyError.message}` });
  }
  return rows.sort((a, b) => a.line - b.line);
}

/** The JSON report of a dry run. */
export function plannedReport(plan: GlossaryPlan, withDeletes = false): ImportReport {
  return {
    dryRun: true,
    inserted: count(plan.operations, 'insert'),
    updated: count(plan.operations, 'update'),
    ...(withDeletes ? { deleted: count(plan.operations, 'delete') } : {}),
    present: plan.present.length,
    conflicts: plan.conflicts,
    failed: [],
    unknown: [],
  };
}

/** The JSON report of a run: failed operations, then what the final listing found, each on its line. */
export function appliedReport(plan: GlossaryPlan, result: ApplyResult, withDeletes = false): ImportReport {
  const entry = (f: ApplyResult['failed'][number]): ImportReport['failed'][number] => ({ line: f.line, status: f.status, message: f.message });
  const failed: ImportReport['failed'] = [
    ...result.failed.filter((f) => !f.outcomeUnknown).map(entry),
    ...result.discrepancies.map((d) => ({ line: d.line, status: null, message: d.message })),
  ].sort((a, b) => a.line - b.line);
  if (result.verifyError) {
    failed.unshift({ line: 0, status: result.verifyError.status ?? null, message: `the glossary could not be listed to verify the import: ${result.verifyError.message}` });
  }
  return {
    dryRun: false,
    inserted: count(result.applied, 'insert'),
    updated: count(result.applied, 'update'),
    ...(withDeletes ? { deleted: count(result.applied, 'delete') } : {}),
    present: plan.present.length,
    conflicts: plan.conflicts,
    failed,
    unknown: result.failed.filter((f) => f.outcomeUnknown).map(entry),
  };
}

/** The result for people: conflicts and failures (the first of each), then the counts. */
export function formatImportSummary(report: ImportReport, key: string, command = 'glossary import', stopped?: { report: string | undefined }): string {
  const lines: string[] = [];
  // After an interruption, what was never sent is said so, and listed apart (`teamctl help interruptions`, "Interruptions").
  const notSent = stopped ? report.failed.filter((f) => f.message === notSentMessage) : [];
  const failed = report.failed.filter((f) => !notSent.includes(f));
  const unknown = report.unknown.length;
  const line = (outcome: string) => (f: ImportReport['failed'][number]) => `${outcome}: ${f.line === 0 ? 'verification' : `line ${f.line}`}${f.status === null ? '' : ` (${f.status})`}: ${f.message}`;
  listSome(report.conflicts.map((c) => conflictLine(c, key)), (l) => lines.push(l), 'conflicts (--json lists them all)');
  listSome([...report.unknown.map(line('unknown')), ...failed.map(line('failed'))], (l) => lines.push(l), 'failed operations (--json lists them all)');
  const n = report.conflicts.length;
  if (stopped) {
    const done: [number, string][] = [
      [report.inserted, 'inserted'],
      [report.updated, 'updated'],
      [report.deleted ?? 0, 'deleted'],
      [unknown, 'outcome unknown'],
      [failed.length, 'failed'],
    ];
    lines.push(...notSentLines(notSent.map((f) => `line ${f.line}`), stopped.report));
    lines.push(interruptedLine(done, notSent.length));
    if (n > 0) lines.push(`(${conflictHint})`);
    return lines.join('\n');
  }
  // `glossary delete` inserts, updates and compares nothing: its line counts deletions only.
  const counts = oneLine(command).startsWith('glossary delete')
    ? `${report.deleted ?? 0} deleted`
    : `${report.inserted} inserted, ${report.updated} updated${report.deleted !== undefined ? `, ${report.deleted} deleted` : ''}, ${report.present} unchanged, ` +
      `${n} conflict${n === 1 ? '' : 's'}${n > 0 ? ' (skipped)' : ''}`;
  lines.push(`${oneLine(command)}: ${counts}, ${report.failed.length} failed${unknownCount(report)}`);
  if (n > 0) lines.push(`(${conflictHint})`);
  return lines.join('\n');
}

/** `, 2 of unknown outcome` when a run left any, else nothing. */
const unknownCount = (report: ImportReport): string => (report.unknown.length > 0 ? `, ${report.unknown.length} of unknown outcome` : '');
const done = (r: ImportRow): boolean => r.outcome !== 'failed' && r.outcome !== 'unknown';

/** The Markdown view: the counts, then a table per kind of row. */
export function importDoc(org: string, report: ImportReport, rows: readonly ImportRow[], command = 'glossary import'): ReportDoc {
  const deletes = report.deleted !== undefined;
  // `glossary delete` inserts, updates and compares nothing: its title counts deletions only.
  const deleteOnly = oneLine(command).startsWith('glossary delete');
  const title = deleteOnly
    ? report.dryRun
      ? `Plan for the glossary of ${org}: ${report.deleted ?? 0} to delete`
      : `Result for the glossary of ${org}: ${report.deleted ?? 0} deleted, ${report.failed.length} failed${unknownCount(report)}`
    : report.dryRun
    ? `Plan for the glossary of ${org}: ${report.inserted} to insert, ${report.updated} to update${deletes ? `, ${report.deleted} to delete` : ''}, ${report.present} unchanged${deletes ? '' : `, ${report.conflicts.length} conflicts`}`
    : `Result for the glossary of ${org}: ${report.inserted} inserted, ${report.updated} updated${deletes ? `, ${report.deleted} deleted` : ''}, ${report.present} unchanged${deletes ? '' : `, ${report.conflicts.length} conflicts`}, ${report.failed.length} failed${unknownCount(report)}`;
  const section = (heading: string, keep: (r: ImportRow) => boolean) => ({
    heading,
    columns: ['line', 'key term', 'entry', 'outcome', 'message'],
    rows: rows.filter(keep).map((r) => [String(r.line), r.key, r.entryId, r.outcome, r.message]),
  });
  return {
    title,
    sections: [
      section('Inserted', (r) => r.action === 'insert' && done(r)),
      section('Updated', (r) => r.action === 'update' && done(r)),
      section('Deleted', (r) => r.action === 'delete' && done(r)),
      section('Conflicts', (r) => r.outcome === 'conflict'),
      section('Unknown', (r) => r.outcome === 'unknown'),
      section('Failed', (r) => r.outcome === 'failed'),
    ].filter((s) => {
      // Unknown and Failed are shown only when they hold a row; Deleted only when it can.
      const shownIfAny = s.heading === 'Failed' || s.heading === 'Unknown';
      if (deleteOnly) return s.heading === 'Deleted' || (shownIfAny && s.rows.length > 0);
      return s.heading === 'Conflicts' ? !deletes : (!shownIfAny && s.heading !== 'Deleted') || s.rows.length > 0;
    }),
  };
}
