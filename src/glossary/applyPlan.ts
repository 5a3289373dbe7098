// Applying a saved glossary plan (README, "Review, then apply"): under the glossary's journal and
// lock, the glossary is read and settled again, the plan is refused with nothing sent when it
// moved, and otherwise its operations go through the change engine exactly as saved.
import type { Context } from '../context.js';
import { runChange, type SavedPlanRun } from '../engine/run.js';
import { remakePlan, type PlanFile } from '../engine/planFile.js';
import { checked } from '../engine/shape.js';
import { GuardError } from '../errors.js';
import { resolveTimeoutMs } from '../settings.js';
import { glossaryDomain, readGlossaryAndSettle } from './change.js';
import { keyTermOf } from './importView.js';
import { holdBack as holdBackWaiting } from '../journal/glossaryBatches.js';
import { withJournal } from './run.js';
import { holdBackWaiter } from '../journal/holdBack.js';
import { glossaryMoved, glossaryPlanBody } from './savedPlan.js';

export async function applyGlossaryPlan(ctx: Context, plan: PlanFile, { path, client, baseUrl, org, run, wait, holdBack }: SavedPlanRun): Promise<number> {
  const body = checked(path, () => glossaryPlanBody(plan.body));
  const requestTimeoutMs = resolveTimeoutMs(ctx.flags);
  return withJournal(ctx, client, org, { dryRun: run.dryRun, wait }, async (journal) => {
    const { existing, held: waiting } = await readGlossaryAndSettle(client, org, journal, holdBack.holdBackMs, (m) => ctx.io.warn(m), ctx.now);
    const moved = checked(path, () => glossaryMoved(body.state, existing));
    if (moved !== undefined) throw new GuardError(`the glossary of ${org} changed since the plan was made: ${moved}; nothing was sent`, { hint: remakePlan });
    const { send, held } = holdBackWaiting(body.plan.operations, waiting);
    body.plan.operations = send;
    const domain = glossaryDomain({
      journal,
      held,
      client,
      baseUrl,
      org,
      command: plan.command,
      file: body.file,
      key: body.key,
      rowCount: body.plan.operations.length + body.plan.present.length + body.plan.conflicts.length,
      existing,
      plan: body.plan,
      terms: new Map(body.terms),
      settings: { batchSize: body.options.batchSize, onConflict: body.options.onConflict, requestTimeoutMs, ...holdBack },
      holdBackWait: holdBackWaiter(ctx),
      screenRows: ctx.io.stderrRows,
      warn: (m) => ctx.io.warn(m),
      sleep: ctx.sleep,
      now: ctx.now,
      summaryName: plan.command,
      entryTerms: new Map(existing.map((e) => [e.id, keyTermOf(e.translations, body.key)])),
      ...(body.deletions
        ? { deletions: { ...(body.deletions.maxDeletions !== null ? { maxDeletions: body.deletions.maxDeletions } : {}), force: body.deletions.force, confirm: true, confirmed: true } }
        : {}),
    });
    return runChange(ctx, domain, run);
  });
}
