// The reports of a roster folder's run name the file of each team (`teamctl help rosters`, "A
// folder of team rosters"), in each report's own shape: `file` beside `team` in the JSON report
// (each of `teams`, and each of `placed` when --invite places joiners), a last CSV column `file`
// (empty on the organization's own rows), and the file beside each team's Markdown heading and in
// each table that has a `team` column. A run that is not a folder's is not wrapped: its reports
// stay as they are. Its saved plan keeps each team's file, so `apply` of it names them too.
import type { PlanFile } from './planFile.js';
import type { ReportDoc } from './report.js';
import type { AppliedView, ChangeDomain, RunView } from './run.js';

/** The file a team's rows came from, by the team as the reports name it; undefined for none. */
export type FileOf = (team: string) => string | undefined;

/** `file` right after `team` in each entry of `list` that names a team with a file. */
function entries(list: unknown, fileOf: FileOf): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as { team?: unknown }).team !== 'string') return entry;
    const { team, ...rest } = entry as { team: string };
    const file = fileOf(team);
    return file === undefined ? entry : { team, file, ...rest };
  });
}

/** The JSON report with each team's file. */
export function jsonWithFiles(json: unknown, fileOf: FileOf): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const report = json as Record<string, unknown>;
  return {
    ...report,
    ...('teams' in report ? { teams: entries(report.teams, fileOf) } : {}),
    ...('placed' in report ? { placed: entries(report.placed, fileOf) } : {}),
  };
}

/** The Markdown with each team's file: beside a team's heading, and a `file` column after `team`. */
export function docWithFiles(doc: ReportDoc, fileOf: FileOf): ReportDoc {
  return {
    ...doc,
    sections: doc.sections.map((s) => {
      const file = s.team === undefined ? undefined : fileOf(s.team);
      const heading = s.team !== undefined && file !== undefined && s.heading.startsWith(s.team) ? `${s.team} (${file})${s.heading.slice(s.team.length)}` : s.heading;
      const at = s.columns.indexOf('team');
      if (at === -1) return { ...s, heading };
      return { ...s, heading, columns: [...s.columns, 'file'], rows: s.rows.map((r) => [...r, fileOf(r[at] ?? '') ?? '']) };
    }),
  };
}

/** A view whose JSON and Markdown name the files; its rows, and its Markdown, still made only when asked for. */
function viewWithFiles<V extends RunView<unknown>>(view: V, fileOf: FileOf): V {
  let doc: ReportDoc | undefined;
  return Object.defineProperties({}, {
    ...Object.getOwnPropertyDescriptors(view),
    json: { enumerable: true, value: jsonWithFiles(view.json, fileOf) },
    doc: { enumerable: true, get: () => (doc ??= docWithFiles(view.doc, fileOf)) },
  }) as V;
}

/** The run's domain, its reports naming the file of each team (the plan text names them already). */
export function withTeamFiles<Row extends { team: string }>(domain: ChangeDomain<Row>, fileOf: FileOf): ChangeDomain<Row> {
  return {
    ...domain,
    planned: () => viewWithFiles(domain.planned(), fileOf),
    nothingToDo: () => viewWithFiles(domain.nothingToDo(), fileOf),
    execute: async (progress, interrupted) => viewWithFiles<AppliedView<Row>>(await domain.execute(progress, interrupted), fileOf),
    csv: {
      header: [...domain.csv.header, 'file'],
      record: (r) => [...domain.csv.record(r), fileOf(r.team) ?? ''],
    },
    planFile: () => planWithFiles(domain.planFile(), fileOf),
  };
}

/** The teams of a saved plan, as members and organization plans hold them. */
interface SavedTeams {
  teams: { team: string; file?: string }[];
}

/** The saved plan with each team's file (`file` beside `team`), so `apply` of it names them too. */
export function planWithFiles(plan: PlanFile, fileOf: FileOf): PlanFile {
  const body = plan.body as Record<string, unknown>;
  const saved = (plan.kind === 'members' ? body : plan.kind === 'organization' ? body.teams : undefined) as SavedTeams | undefined;
  if (saved === undefined) return plan;
  const withFiles = { ...saved, teams: saved.teams.map((t) => ({ ...t, ...(fileOf(t.team) !== undefined ? { file: fileOf(t.team) } : {}) })) };
  return { ...plan, body: plan.kind === 'members' ? withFiles : { ...body, teams: withFiles } };
}

/** The files the teams of a saved plan name, for the reports of its apply; undefined when none does. */
export function savedFiles(teams: readonly { team: string; file?: string | undefined }[]): FileOf | undefined {
  const files = new Map(teams.flatMap((t) => (t.file === undefined ? [] : [[t.team, t.file] as const])));
  return files.size === 0 ? undefined : (team) => files.get(team);
}
