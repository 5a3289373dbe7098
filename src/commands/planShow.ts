// teamctl apply --show <plan-file> (README, "Review, then apply"): a saved plan read offline, as
// `terraform show` reads one — its command, organization, base URL, time, guards and every
// change, in any output format. Nothing is read from the service, nothing is sent.
import type { Context } from '../context.js';
import { appliedRecord } from '../engine/appliedPlans.js';
import { readPlanFile, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { glossaryPlanBody } from '../glossary/savedPlan.js';
import { membersPlanBody } from '../members/savedPlan.js';
import { teamShown, type MembersPlanBody } from '../members/change.js';
import type { AccessPlanBody } from '../access/change.js';
import { orgPlanBody } from '../organization/savedPlan.js';
import { teamsPlanBody } from '../teams/savedPlan.js';
import { accessPlanBody } from '../access/savedPlan.js';
import { renderMarkdown } from '../output/markdown.js';
import type { Column } from '../output/columns.js';
import { onePage, writeList } from '../output/list.js';
import { oneLine } from '../output/terminal.js';
import { ExitCode } from '../errors.js';

/** One change of a saved plan, whatever its kind. */
interface Change {
  /** The team (members) or the file line (glossary). */
  where: string;
  /** The team's title, when the plan records it (members): shown beside the id. */
  teamTitle?: string;
  action: string;
  /** The user, or the entry id. */
  subject: string;
  detail: string;
}

const columns: Column<Change>[] = [
  { header: 'where', value: (c) => c.where, table: (c) => teamShown(c.where, c.teamTitle) },
  { header: 'action', value: (c) => c.action },
  { header: 'subject', value: (c) => c.subject, whole: true },
  { header: 'detail', value: (c) => c.detail },
];

const who = (u: { id: string | null; email: string | null }): string => u.email ?? u.id ?? '';
const translations = (t: Record<string, string>): string =>
  Object.entries(t)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** A members plan's changes, team by team. */
function teamChanges(body: MembersPlanBody): Change[] {
  return body.teams.flatMap(({ team, title, plan: p }) => {
    const where = { where: team, ...(title !== undefined ? { teamTitle: title } : {}) };
    return [
      ...p.add.map((a) => ({ ...where, action: 'add', subject: who(a.user), detail: a.role })),
      ...p.roleChanges.map((c) => ({ ...where, action: 'role', subject: who(c.user), detail: `${c.from} → ${c.to}` })),
      ...p.remove.map((r) => ({ ...where, action: 'remove', subject: who(r.user), detail: `${r.role}${r.pruned ? ', not in the roster' : ''}` })),
    ];
  });
}

/** An access plan's changes: a grant, a role changed, a revocation, a general access. */
function accessChanges(body: AccessPlanBody): Change[] {
  const level = (l: string | null): string => l ?? 'guest';
  return body.changes.map((c) => ({
    where: `${c.resource.kind}:${c.resource.id}`,
    action: c.action,
    subject: c.action === 'general-access' ? '*' : c.subject.name,
    detail: c.action === 'grant' ? level(c.role) : c.action === 'revoke' ? level(c.from) : c.action === 'change-role' ? `${level(c.from)} → ${level(c.role)}` : `${level(c.from)} → ${level(c.level)}`,
  }));
}

/** The plan's guards and its changes, read from its checked body. */
function contents(plan: PlanFile, path: string): { guards: Record<string, unknown>; changes: Change[] } {
  if (plan.kind === 'members') {
    const body = checked(path, () => membersPlanBody(plan.body));
    return { guards: { ...body.options, teams: body.teams.map((t) => t.team) }, changes: teamChanges(body) };
  }
  if (plan.kind === 'organization') {
    const body = checked(path, () => orgPlanBody(plan.body));
    const org = (c: (typeof body.plan.changes)[number]): Change => ({
      where: 'organization',
      action: c.action === 'role' ? 'org-role' : c.action === 'sso' ? 'sso-member' : 'remove-from-organization',
      subject: who(c.user),
      detail: c.action === 'role' ? `${c.from ?? 'guest'} → ${c.to ?? 'guest'}` : c.action === 'sso' ? 'made an SSO member' : `${c.role ?? 'guest'}${c.pruned ? ', not in the roster' : ''}`,
    });
    // In the order they are sent: roles and SSO members, the teams, the invitations, the revocations, the removals.
    const changes = [
      ...body.plan.changes.filter((c) => c.action !== 'remove').map(org),
      ...(body.teams ? teamChanges(body.teams) : []),
      ...(body.invitations?.invitees ?? []).map((i) => ({ where: 'organization', action: 'invite', subject: i.email, detail: `${i.role ?? 'guest'}${i.teams.length > 0 ? `; then ${i.teams.map((t) => (t.title !== undefined && t.title !== t.team ? `${JSON.stringify(t.title)} (${t.team})` : t.team)).join(', ')}` : ''}` })),
      ...(body.access ? accessChanges(body.access) : []),
      ...body.plan.changes.filter((c) => c.action === 'remove').map(org),
    ];
    return { guards: { ...body.options, ...(body.teams ? { teams: body.teams.teams.map((t) => t.team) } : {}) }, changes };
  }
  if (plan.kind === 'teams') {
    const body = checked(path, () => teamsPlanBody(plan.body));
    const changes = body.changes.map((c) => ({
      where: c.action === 'create' ? '' : c.team,
      action: c.action,
      subject: c.title,
      detail: c.action === 'rename' ? `from ${c.from}` : c.action === 'delete' ? `${c.members} member${c.members === 1 ? '' : 's'}` : '',
    }));
    return { guards: { force: body.force }, changes };
  }
  if (plan.kind === 'access') {
    const body = checked(path, () => accessPlanBody(plan.body));
    return { guards: {}, changes: accessChanges(body) };
  }
  const body = checked(path, () => glossaryPlanBody(plan.body));
  const changes = body.plan.operations.map(({ line, operation: op }) => ({
    where: line === 0 ? '' : `line ${line}`,
    action: op.type,
    subject: op.type === 'insert' ? '' : op.id,
    detail: op.type === 'delete' ? '' : translations(op.translations),
  }));
  return { guards: { file: body.file, key: body.key, ...body.options, ...(body.deletions ? { deletions: body.deletions } : {}) }, changes };
}

export async function show(planFile: string, ctx: Context): Promise<number> {
  const plan = await readPlanFile(planFile, ctx.cwd);
  const { guards, changes } = contents(plan, planFile);
  const record = await appliedRecord(ctx.journalHome(), plan.id);
  // An unreadable record still means applied (apply refuses the plan over it): said, not hidden.
  const applied = record === 'unreadable' ? { appliedAt: null, pid: null, host: null, unreadable: true } : (record ?? null);
  const appliedWords = record === 'unreadable' ? ', applied (its record in the config folder cannot be read)' : record ? `, applied ${record.appliedAt}` : '';
  const format = ctx.outputFormat();
  // The plan's digest, as `apply` prints it: a reviewer matches the plan applied with this one.
  const about = { id: plan.id, digest: plan.digest, command: plan.command, organization: plan.organization, baseUrl: plan.baseUrl, createdAt: plan.createdAt, kind: plan.kind, applied, guards };
  if (format === 'json') {
    await ctx.io.out(JSON.stringify({ ...about, changes }, null, 1) + '\n');
    return ExitCode.ok;
  }
  const title = `Plan ${planFile}: teamctl ${plan.command}, organization ${plan.organization} at ${plan.baseUrl}, made ${plan.createdAt}${appliedWords}`;
  const guardList = guardEntries(guards);
  const guardLine = `guards: ${guardList.map(([k, v]) => `${k} ${v}`).join(', ')}`;
  if (format === 'markdown') {
    // The guards as a table of their own, then the changes under a heading that counts them.
    const sections = [
      { heading: 'guards', columns: ['guard', 'value'], rows: guardList },
      { heading: 'changes', columns: columns.map((c) => c.header), rows: changes.map((c) => [teamShown(c.where, c.teamTitle), c.action, c.subject, c.detail]) },
    ];
    await ctx.io.out(renderMarkdown({ title: `${title}; digest ${plan.digest}`, sections }));
    return ExitCode.ok;
  }
  // table, tsv, csv, ndjson: the changes are the data; the plan's particulars go to people on stderr.
  ctx.io.info(oneLine(title));
  ctx.io.info(oneLine(guardLine));
  ctx.io.info(`digest ${plan.digest}`);
  ctx.io.info(`${changes.length} ${changes.length === 1 ? 'change' : 'changes'}; nothing was read or sent`);
  await writeList(ctx.io, format, onePage(changes), columns);
  return ExitCode.ok;
}

/**
 * The guards as people read them: a nested guard by its dotted name (`deletions.maxDeletions`),
 * a list by its items, no value as `none`, an empty text as `""`.
 */
function guardEntries(guards: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(guards).flatMap(([key, value]): [string, string][] => {
    const name = prefix + key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return guardEntries(value as Record<string, unknown>, `${name}.`);
    if (Array.isArray(value)) return [[name, value.map(String).join(', ')]];
    if (value === null || value === undefined) return [[name, 'none']];
    return [[name, value === '' ? '""' : String(value)]];
  });
}
