// glossary import <file>: file → reader → plan against the whole glossary → the change engine
// (src/engine/run.ts) with the glossary domain (src/glossary/change.ts). This file only turns
// flags into options; nothing is sent when the file has any problem (exit 2), nor with --dry-run.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkOutputs, runChange, runOptions } from '../../engine/run.js';
import { readGlossaryFile } from '../../files/glossary.js';
import { glossaryDomain, readGlossaryAndSettle } from '../../glossary/change.js';
import { Journal, holdBack } from '../../glossary/journal.js';
import { keyTermOf, listSome } from '../../glossary/importView.js';
import { duplicateLines, findDuplicates } from '../../plan/duplicates.js';
import { planGlossaryImport, type OnConflict } from '../../plan/glossary.js';
import { parseWholeNumber, resolveTimeoutMs } from '../../settings.js';

/** The flags of the command, as commander parses them (src/program.ts declares them). */
export interface ImportOptionsFlags {
  planOut?: string;
  report?: string;
  exitCode?: boolean;
  dryRun?: boolean;
  batchSize: string;
  key?: string;
  onConflict: 'skip' | 'update' | 'insert';
}

export interface ImportOptions extends ImportOptionsFlags {
  file: string;
}

const onConflictValues: readonly OnConflict[] = ['skip', 'update', 'insert'];

export async function run(opts: ImportOptions, ctx: Context): Promise<number> {
  const batchSize = parseWholeNumber('--batch-size', opts.batchSize, 1000);
  const onConflict = opts.onConflict ?? 'skip';
  if (!onConflictValues.includes(onConflict)) {
    throw new UsageError(`--on-conflict must be one of ${onConflictValues.join(', ')}, not ${JSON.stringify(onConflict)}`);
  }
  if (opts.exitCode && !opts.dryRun) throw new UsageError('--exit-code only works with --dry-run (exit 8 when changes are pending)');
  ctx.outputFormat(); // a bad -o fails here, before anything is read or sent
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  const org = ctx.setting('org').value;
  const { io } = ctx;
  await checkOutputs(opts);

  // 1. The file, all of it checked before anything is sent.
  const file = await readGlossaryFile(opts.file, opts.key === undefined ? {} : { key: opts.key });
  for (const w of file.warnings) io.warn(`${w.file}:${w.line}: ${w.message}`);

  // 2. The plan, against the glossary read in full.
  const client = await ctx.client();
  const journal = await Journal.open(ctx.store.dir, ctx.profileName);
  const { existing, held: waiting } =
    file.rows.length === 0 ? { existing: [], held: [] } : await readGlossaryAndSettle(client, org, journal, requestTimeoutMs, (m) => io.warn(m));
  const plan = planGlossaryImport(existing, file.rows, { key: file.key, onConflict });
  const { send, held } = holdBack(plan.operations, waiting);
  plan.operations = send;
  listSome(
    plan.unknownIds.map(
      (u) => `${opts.file}:${u.line}: no entry with id ${JSON.stringify(u.id)} in the glossary of ${org}; the row is matched by its translations instead`,
    ),
    (l) => io.warn(l),
    'rows with an unknown id',
  );
  // Entries that already duplicate each other: said, with the command that cleans them.
  listSome(duplicateLines(findDuplicates(existing, file.key), file.key), (l) => io.warn(l), 'groups of duplicates');
  const terms = new Map(file.rows.map((r) => [r.line, keyTermOf(r.translations, file.key)]));

  const domain = glossaryDomain({
    client,
    baseUrl: client.base.origin + client.base.prefix,
    org,
    command: 'glossary import',
    file: opts.file,
    key: file.key,
    rowCount: file.rows.length,
    existing,
    plan,
    terms,
    settings: { batchSize, onConflict, requestTimeoutMs },
    warn: (m) => io.warn(m),
    journal,
    held,
  });
  return runChange(ctx, domain, runOptions(opts));
}
