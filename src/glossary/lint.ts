// `teamctl glossary lint [file]` (`teamctl help glossary-files`, "Glossary lint"): a file read by
// the readers of import, with nothing sent and no token needed, or the live glossary; the
// findings (lintRules.ts) as a list in every output format, a count on stderr, and exit 8 with
// --exit-code when anything is found. `glossary sync --lint` runs lintFile first.
import type { Context } from '../context.js';
import { ExitCode, InputFileError, UsageError } from '../errors.js';
import { readGlossaryFile, type GlossaryReadOptions } from '../files/glossary/read.js';
import { compareLanguages, glossaryLanguages } from './languages.js';
import { hasErrors, lintGlossary, readerFindings, type Finding } from './lintRules.js';
import type { LanguageMap } from './serviceLanguages.js';

export interface GlossaryLintRun {
  file?: string | undefined;
  key?: string | undefined;
  read: GlossaryReadOptions;
  map: LanguageMap;
  exitCode?: boolean | undefined;
  pageSize: number;
}

/** A file's findings: the reader's problems when it refuses the file, else every rule's. */
export async function lintFile(path: string, read: GlossaryReadOptions, map: LanguageMap, cwd?: string): Promise<Finding[]> {
  let file;
  try {
    file = await readGlossaryFile(path, read, cwd);
  } catch (err) {
    if (err instanceof InputFileError) return readerFindings(err.problems);
    throw err;
  }
  return lintGlossary({
    file: path,
    items: file.rows,
    key: file.key,
    languages: file.languages,
    map,
    merged: file.merged,
    leftOut: file.leftOut,
    translatable: file.translatable,
  });
}

/** What `glossary sync --lint` says of a file, and its refusal when any finding is an error. */
export async function lintBeforeSync(ctx: Context, path: string, read: GlossaryReadOptions, map: LanguageMap): Promise<void> {
  const findings = await lintFile(path, read, map, ctx.cwd);
  for (const f of findings) ctx.io.warn(`${f.severity === 'error' ? 'lint error' : 'lint'}: ${where(f)}: ${f.message} — ${f.fix}`);
  if (hasErrors(findings)) {
    const errors = findings.filter((f) => f.severity === 'error').length;
    throw new UsageError(`--lint: ${path} has ${errors} ${errors === 1 ? 'error' : 'errors'} (above); nothing was sent`, { hint: `see them all with \`teamctl glossary lint ${path}\`` });
  }
}

/** Where a finding is: its entry, its file's line, or the live glossary as a whole (a key's spelling). */
const where = (f: Finding): string => (f.entry !== null ? `entry ${f.entry}` : f.file !== null ? `${f.file}:${f.line ?? 1}` : 'the glossary');

export async function runGlossaryLint(ctx: Context, opts: GlossaryLintRun): Promise<number> {
  const format = ctx.outputFormat();
  let findings: Finding[];
  let what: string;
  if (opts.file !== undefined) {
    findings = await lintFile(opts.file, { ...opts.read, ...(opts.key === undefined ? {} : { key: opts.key }) }, opts.map, ctx.cwd);
    what = opts.file;
  } else {
    const [{ listGlossaryEntries }] = await Promise.all([import('../api/glossary.js')]);
    const org = ctx.setting('org').value;
    const client = await ctx.client();
    const entries = [];
    for await (const page of listGlossaryEntries(client, org, opts.pageSize)) entries.push(...page);
    const keys = [...new Set(entries.flatMap((e) => Object.keys(e.translations)))].sort(compareLanguages);
    const key = opts.key ?? glossaryLanguages(entries)[0] ?? 'en';
    findings = lintGlossary({ items: entries.map((e) => ({ entry: e.id, translations: e.translations })), key, languages: keys, map: opts.map });
    what = `the glossary of ${org} (${entries.length} ${entries.length === 1 ? 'entry' : 'entries'})`;
  }
  const { onePage, writeList } = await import('../output/list.js');
  await writeList(ctx.io, format, onePage(findings), [
    { header: 'severity', value: (f: Finding) => f.severity },
    { header: 'rule', value: (f) => f.rule },
    { header: 'where', value: (f) => where(f), whole: true },
    { header: 'message', value: (f) => f.message },
    { header: 'fix', value: (f) => f.fix, optional: true },
  ]);
  const errors = findings.filter((f) => f.severity === 'error').length;
  ctx.io.info(`glossary lint: ${what}: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${findings.length - errors} ${findings.length - errors === 1 ? 'warning' : 'warnings'}`);
  return opts.exitCode === true && findings.length > 0 ? ExitCode.pending : ExitCode.ok;
}
