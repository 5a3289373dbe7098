// Access as a domain of the change engine (README, "Access"): `access sync` and `apply` of its
// saved plans. The plan comes from src/plan/access.ts and its guards from src/plan/accessGuards.ts;
// this prints it, sends it (src/access/send.ts), reads it back and reports one row per change.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import type { ExitWords, Tally } from '../engine/exit.js';
import { interruptedLine, notSentLines, notSentListed, notSentMessage } from '../engine/interrupted.js';
import { newPlanFile, type PlanFile } from '../engine/planFile.js';
import type { ReportDoc } from '../engine/report.js';
import { confirmChange, lazyView, type AppliedView, type ChangeDomain, type Refusal, type RunView } from '../engine/run.js';
import { grantKey, levelName, resourceKey, type AccessResource, type Grant } from '../model/access.js';
import { oneLine } from '../output/terminal.js';
import type { Progress } from '../output/progress.js';
import type { AccessChange, AccessPlan } from '../plan/access.js';
import { maxRemovalsAllowed } from '../plan/members.js';
import { adminRefusals, grantsInScope, type Caller } from '../plan/accessGuards.js';
import { readBackAccess, rowOf, sendAccessChanges, type AccessRow } from './send.js';
import type { JournaledGrants } from './userGrants.js';
import type { HoldBackRun } from '../journal/teamCreations.js';

export type { AccessRow };

/** What `apply` keeps of an access plan: the changes, and the state of what they touch when planned. */
export interface AccessPlanBody {
  changes: AccessChange[];
  /** accessState() of the changes against the listing they were planned from. */
  state: string[];
  concurrency: number;
}

export interface AccessDomainInput {
  client: ApiClient;
  baseUrl: string;
  org: string;
  command: string;
  resources: AccessResource[];
  grants: Grant[];
  plan: AccessPlan;
  /** The resources the file names (what --max-revocations counts the grants of), or every one. */
  scope: { named: AccessResource[]; all: boolean };
  caller: Caller | undefined;
  /** The journal user grants go through, settled against `grants` (a plan without user grants may have none). */
  journaled?: JournaledGrants | undefined;
  /** The hold-back time, --no-settle, clock and wait of the end-of-run settle of user grants. */
  holdBack?: HoldBackRun | undefined;
  /** --max-revocations and --force. */
  maxRevocations: string;
  force: boolean;
  concurrency: number;
  warn: (message: string) => void;
  /** Saved plans were confirmed by their review. */
  confirmed?: boolean;
  /** Whose grants these are: a file's (`access sync`), or leavers' (`members offboard`, README's "Access"). */
  purpose?: 'sync' | 'offboard';
}

/** What each change touches, as it was listed: `space:s1 team:t1 edit`, `space:s1 * inherit`, `… none`. */
export function accessState(changes: readonly AccessChange[], grants: readonly Grant[], resources: readonly AccessResource[]): string[] {
  const listed = new Map(grants.map((g) => [grantKey(g), g]));
  const byId = new Map(resources.map((r) => [resourceKey(r), r]));
  return changes.map((c) => {
    if (c.action === 'general-access') {
      const r = byId.get(resourceKey(c.resource));
      return `${resourceKey(c.resource)} * ${r === undefined ? 'missing' : levelName(r.defaultLevel)}`;
    }
    const g = listed.get(grantKey(c));
    return `${grantKey(c)} ${g === undefined ? 'none' : levelName(g.role)}`;
  });
}

export function describeChange(c: AccessChange, purpose: 'sync' | 'offboard' = 'sync'): string {
  const where = `${c.resource.kind} ${JSON.stringify(c.resource.title)} (${c.resource.id})`;
  if (c.action === 'general-access') return `~ ${where}: general access ${levelName(c.from)} → ${levelName(c.level)}`;
  const who = `${c.subject.kind} ${c.subject.name}`;
  if (c.action === 'grant') return `+ ${where}: ${who} (${levelName(c.role)})`;
  if (c.action === 'change-role') return `~ ${where}: ${who}: ${levelName(c.from)} → ${levelName(c.role)}`;
  return `- ${where}: ${who} (${levelName(c.from)}, ${purpose === 'offboard' ? 'leaving' : 'not in the file'})`;
}

function doc(rows: readonly AccessRow[], title: string): ReportDoc {
  return {
    title,
    sections: rows.length === 0 ? [] : [{ heading: 'Access', columns: ['action', 'resource', 'team or user', 'role', 'outcome', 'message'], rows: rows.map((r) => [r.action, `${r.resource} ${r.title}`, r.name, r.from === '' ? r.role : `${r.from} → ${r.role || 'none'}`, r.outcome, r.message]) }],
  };
}

function view(rows: AccessRow[], title: string): RunView<AccessRow> {
  return lazyView(() => rows, (r) => doc(r, title), { json: { access: rows } });
}

function tallyOf(rows: readonly AccessRow[], unverifiable = false): Tally {
  const failed = rows.filter((r) => r.outcome !== 'applied');
  return { total: rows.length, applied: rows.length - failed.length, failed: failed.length, unknown: failed.filter((r) => r.outcome === 'unknown').length, unexplained: 0, unverifiable, firstFailure: failed[0]?.message };
}

function summaryOf(rows: readonly AccessRow[], report: string | undefined): string {
  const count = (action: AccessChange['action']) => rows.filter((r) => r.action === action && r.outcome === 'applied').length;
  const counts: [number, string][] = [
    [count('grant'), 'granted'],
    [count('change-role'), 'role changed'],
    [count('general-access'), 'general access set'],
    [count('revoke'), 'revoked'],
  ];
  const name = (r: AccessRow): string => oneLine(`${r.action} ${r.resource} ${r.subject}`);
  const notSent = rows.filter((r) => r.message === notSentMessage);
  const failed = rows.filter((r) => r.outcome !== 'applied' && r.message !== notSentMessage);
  const failures = failed.slice(0, notSentListed).map((r) => oneLine(`  ${r.outcome}: ${name(r)}: ${r.message}`));
  if (failed.length > notSentListed) failures.push(`  … and ${failed.length - notSentListed} more failed; ${report ?? '--report <file.csv>'} lists each change`);
  if (notSent.length > 0) return [interruptedLine([...counts, [failed.length, 'failed']], notSent.length), ...failures, ...notSentLines(notSent.map(name), report)].join('\n');
  const done = counts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return [`Done: ${done.length > 0 ? done.join(', ') : 'nothing applied'}${failed.length > 0 ? `, ${failed.length} failed` : ''}.`, ...failures].join('\n');
}

const words: ExitWords = {
  nothingApplied: (t) => `none of the ${t.total} access change${t.total === 1 ? '' : 's'} was applied: ${t.firstFailure ?? 'see above'}`,
  partial: (t) => `${t.failed} of ${t.total} access changes failed, have an unknown outcome or could not be verified; ${t.applied} applied`,
  hint: (report) => (report === undefined ? 'see the access now with `teamctl access list`, then run the command again for what is left' : `${report} lists each change`),
};

export function accessDomain(input: AccessDomainInput): ChangeDomain<AccessRow> {
  const { client, org, plan } = input;
  const { changes } = plan;
  const revocations = changes.filter((c) => c.action === 'revoke').length;
  return {
    async planText() {
      const head = `Access in ${org}: ${changes.length === 0 ? 'nothing to change' : `${changes.length} change${changes.length === 1 ? '' : 's'}`}`;
      const kept = plan.kept.length > 0 ? [`${plan.kept.length} grant${plan.kept.length === 1 ? '' : 's'} not in the file (kept; --prune revokes them)`] : [];
      const lines = changes.map((c) => `  ${oneLine(describeChange(c, input.purpose))}`);
      if (input.purpose === 'offboard') return [`Direct access of the leavers in ${org}: ${changes.length} grant${changes.length === 1 ? '' : 's'} to revoke`, ...lines].join('\n');
      const tail = `${plan.unchanged} unchanged, ${plan.inherited} inherited from a collection`;
      return [head, ...lines, ...kept, tail].join('\n');
    },
    isEmpty: () => changes.length === 0,
    refusals(): Refusal[] {
      const refusals: Refusal[] = [];
      const held = grantsInScope(input.grants, input.scope.named, input.scope.all);
      const allowed = maxRemovalsAllowed(input.maxRevocations, held, '--max-revocations', 'grants');
      if (revocations > allowed) {
        const what = `the plan revokes ${revocations} of ${held} grants, more than --max-revocations ${input.maxRevocations} allows (${allowed})`;
        if (input.force) input.warn(`${what}; going ahead because of --force`);
        else refusals.push({ what, hint: 'check the file; to apply it anyway, pass --force or a higher --max-revocations' });
      }
      for (const what of adminRefusals(input.resources, input.grants, changes, input.caller)) refusals.push({ what, hint: 'keep an admin grant on it in the file' });
      return refusals;
    },
    async confirm(ctx: Context) {
      if (revocations === 0 || input.confirmed) return;
      const what = `${revocations} grant${revocations === 1 ? '' : 's'} missing from the file`;
      await confirmChange(ctx, `Revoke ${what}?`, `--prune would revoke ${what}`);
    },
    planned: () => view(changes.map((c) => rowOf(c, 'planned', null, '')), `Planned access changes in ${org}`),
    nothingToDo: (): AppliedView<AccessRow> => ({ ...view([], `Access in ${org}: nothing to change`), summary: () => 'Nothing to change.', tally: tallyOf([]) }),
    work: () => ({ label: 'access', units: changes.length, requests: changes.length }),
    async execute(progress: Progress, interrupted: () => boolean): Promise<AppliedView<AccessRow>> {
      const rows = await sendAccessChanges(client, org, changes, input.concurrency, progress, interrupted, input.journaled);
      const verified = await readBackAccess(client, org, changes, rows, input.concurrency, input.journaled);
      if (input.holdBack !== undefined) await (await import('./settleGrants.js')).settleUnknownGrants(client, org, changes, rows, input.journaled, input.holdBack, interrupted);
      return { ...view(rows, `Access changes in ${org}`), summary: (report) => summaryOf(rows, report), tally: tallyOf(rows, !verified) };
    },
    planFile(): PlanFile {
      const body: AccessPlanBody = { changes, state: accessState(changes, input.grants, input.resources), concurrency: input.concurrency };
      return newPlanFile('access', { command: input.command, baseUrl: input.baseUrl, organization: org }, body);
    },
    csv: {
      header: ['action', 'resource', 'title', 'subject', 'name', 'from', 'role', 'outcome', 'status', 'message'],
      record: (r) => [r.action, r.resource, r.title, r.subject, r.name, r.from, r.role, r.outcome, r.status === null ? '' : String(r.status), r.message],
    },
    words,
    nothingToDoLine: 'Nothing to change.',
  };
}
