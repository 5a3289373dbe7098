// A saved access plan (README, "Review, then apply"): its body checked field by field, and what
// moved since it was made; `apply` refuses it, with nothing sent, when a grant or a general
// access it touches moved, and sends it exactly as saved otherwise.
import { organizationRoles, resourceKinds } from '../choices.js';
import type { Context } from '../context.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { holdBackOf, runChange, type SavedPlanRun } from '../engine/run.js';
import { array, checked, object, oneOf, string, ShapeError, wholeNumber, type Json } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import type { AccessResource, DefaultLevel, GrantRole, Subject } from '../model/access.js';
import type { AccessChange } from '../plan/access.js';
import { accessDomain, accessState, type AccessPlanBody } from './change.js';

function role(value: Json, path: string): GrantRole {
  return value === null ? null : oneOf(value, path, organizationRoles);
}

function level(value: Json, path: string): DefaultLevel {
  return value === 'inherit' ? 'inherit' : role(value, path);
}

function resource(value: Json, path: string): AccessResource {
  const o = object(value, path);
  const parent = o.parent === undefined ? undefined : string(o.parent, `${path}.parent`);
  return { kind: oneOf(o.kind, `${path}.kind`, resourceKinds), id: string(o.id, `${path}.id`), title: string(o.title, `${path}.title`), ...(parent === undefined ? {} : { parent }), defaultLevel: level(o.defaultLevel, `${path}.defaultLevel`) };
}

function subject(value: Json, path: string): Subject {
  const o = object(value, path);
  return { kind: oneOf(o.kind, `${path}.kind`, ['team', 'user'] as const), id: string(o.id, `${path}.id`), name: string(o.name, `${path}.name`) };
}

function change(value: Json, path: string): AccessChange {
  const o = object(value, path);
  const action = oneOf(o.action, `${path}.action`, ['grant', 'change-role', 'revoke', 'general-access'] as const);
  const r = resource(o.resource, `${path}.resource`);
  if (action === 'general-access') return { action, resource: r, from: level(o.from, `${path}.from`), level: level(o.level, `${path}.level`) };
  const s = subject(o.subject, `${path}.subject`);
  if (action === 'grant') return { action, resource: r, subject: s, role: role(o.role, `${path}.role`) };
  if (action === 'change-role') return { action, resource: r, subject: s, from: role(o.from, `${path}.from`), role: role(o.role, `${path}.role`) };
  return { action, resource: r, subject: s, from: role(o.from, `${path}.from`) };
}

export function accessPlanBody(value: Json): AccessPlanBody {
  const o = object(value, 'body');
  const body = {
    changes: array(o.changes, 'body.changes').map((c, i) => change(c, `body.changes[${i}]`)),
    state: array(o.state, 'body.state').map((s, i) => string(s, `body.state[${i}]`)),
    concurrency: wholeNumber(o.concurrency, 'body.concurrency', 1),
  };
  if (body.state.length !== body.changes.length) throw new ShapeError('body.state does not have one line per change');
  return body;
}

export async function applyAccessPlan(ctx: Context, plan: PlanFile, { path, client, baseUrl, org, run, wait, holdBack }: SavedPlanRun): Promise<number> {
  const body = checked(path, () => accessPlanBody(plan.body));
  const [{ readAccessState }, { withJournalOf }, { journaledGrants }] = await Promise.all([import('./state.js'), import('../journal/journal.js'), import('./userGrants.js')]);
  // User grants go out under the journal's lock, recorded first (`teamctl help access`).
  const lock = run.dryRun === true ? undefined : { wait, onWait: (m: string) => ctx.io.info(m), what: 'the access' };
  return withJournalOf(ctx.journalHome(), baseUrl, org, lock, async (journal) => {
    const { directory, grants } = await readAccessState(client, org, Math.min(body.concurrency, 64));
    const now = accessState(body.changes, grants, directory.resources);
    const moved = body.state.flatMap((was, i) => (now[i] === was ? [] : [`${was} is now ${now[i]?.split(' ').pop() ?? 'missing'}`]));
    if (moved.length > 0) throw new GuardError(`the access in ${org} changed since the plan was made: ${moved.join('; ')}; nothing was sent`, { hint: remakePlan });
    const changes = body.changes;
    const hold = holdBackOf(ctx, holdBack, 'grants');
    const domain = accessDomain({
      client,
      baseUrl,
      org,
      command: plan.command,
      resources: directory.resources,
      grants,
      plan: { changes, unchanged: 0, inherited: 0, kept: [], problems: [] },
      scope: { named: [], all: true },
      caller: undefined,
      // The guards ran when the plan was made; its review is the confirmation.
      maxRevocations: '100%',
      force: true,
      concurrency: body.concurrency,
      warn: (m) => ctx.io.warn(m),
      confirmed: true,
      journaled: await journaledGrants(journal, grants, hold.holdBackMs, hold.now),
      holdBack: hold,
    });
    return runChange(ctx, domain, run);
  });
}
