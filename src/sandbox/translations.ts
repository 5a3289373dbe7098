// The service's translations (`teamctl help translations`, "The sandbox"): GET /orgs/{organizationId}/translations
// (pages of `Translation`) and POST …/translations/{translationId}/run (204, "Translation run
// triggered"; 404 for an unknown translation). Statuses and times: translation-store.ts.
import { HttpError, json, noContent } from './http.js';
import type { Incoming, Reply } from './http.js';
import { pageOf } from './organization.js';
import { requireOrganization } from './service-context.js';
import type { ServiceContext } from './service-context.js';
import type { StoredTranslation } from './translation-store.js';

/** A translation as the published document's `Translation` renders it. */
function translation(ctx: ServiceContext, orgId: string, t: StoredTranslation): unknown {
  const status = ctx.store.translations.status(t);
  const done = t.runs > 0 && status === 'completed';
  // Stats of completed runs (sandbox's choice: a run under way counts its words once it completes).
  const completedRuns = done ? t.runs : Math.max(0, t.runs - 1);
  const duration = 65; // seconds: runTimes' pending and running (sandbox's choice)
  return {
    object: 'translation',
    id: t.id,
    status,
    source: { ...t.source },
    language: t.language,
    instructions: { object: 'document', data: {}, nodes: [] },
    ...(completedRuns > 0 ? { result: { space: `${t.source.space}-${t.language}`, revision: `rev-${t.id}-${completedRuns}`, language: t.language } } : {}),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    stats: {
      runs: t.runs,
      totalWords: completedRuns * t.words,
      totalPages: completedRuns > 0 ? t.pages : 0,
      totalDuration: completedRuns * duration,
      latestRunDuration: done ? duration : 0,
      latestPages: done ? t.pages : 0,
      latestWords: done ? t.words : 0,
    },
    permissions: { view: true, edit: true },
    urls: { location: `${ctx.baseUrl()}/v1/orgs/${encodeURIComponent(orgId)}/translations/${encodeURIComponent(t.id)}` },
  };
}

export function listTranslations(ctx: ServiceContext, orgId: string, inc: Incoming): Reply {
  requireOrganization(ctx, orgId);
  const all = ctx.store.translations.list(orgId);
  return json(200, pageOf(all, `translations:${orgId}`, inc, ctx, (t) => translation(ctx, orgId, t)));
}

export function runTranslation(ctx: ServiceContext, orgId: string, id: string): Reply {
  requireOrganization(ctx, orgId);
  if (!ctx.store.translations.run(orgId, id)) throw new HttpError(404, `translation ${id} not found in organization ${orgId}`);
  return noContent(204);
}
