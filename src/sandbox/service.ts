// The service itself, as the sandbox plays it: bearer auth, routing of the seven operations (and
// the discovery ones: GET /user, the organization's teams and members, a member's teams; a team's
// creation, reading, renaming and deletion; an organization member's reading, role change,
// removal and SSO membership, invitations, and the SAML providers (saml.ts); translations and their runs: translations.ts; spaces, collections,
// sites and their grants: access-routes.ts) under /v1, and the service's error body for anything that goes wrong. Handlers live in members.ts,
// glossary.ts, organization.ts, org-members.ts, invites.ts, teams.ts, user.ts and access-*.ts;
// faults, hooks and the request log are the server's (server.ts).
import { timingSafeEqual } from 'node:crypto';
import { accessRoutes } from './access-routes.js';
import { auditRoutes } from './audit-routes.js';
import { auditWrite } from './audit-writes.js';
import { getGlossaryEntry, listGlossary, updateGlossary } from './glossary.js';
import { error, HttpError, maxBodyBytes } from './http.js';
import type { Incoming, Reply } from './http.js';
import { inviteUsers } from './invites.js';
import { deleteTeamMember, listTeamMembers, putTeamMember, updateTeamMembers } from './members.js';
import { getMember, removeMember, setSsoMember, updateMember } from './organization-members.js';
import { listSamlProviders } from './saml.js';
import type { Route } from './route.js';
import type { ServiceContext } from './service-context.js';
import { getAuthenticatedUser } from './user.js';
import { listMemberTeams, listOrganizationMembers, listTeams } from './organization.js';
import { createTeam, deleteTeam, getTeam, renameTeam } from './teams.js';
import { controlRoutes } from './controls.js';
import { listTranslations, runTranslation } from './translations.js';


const routes: Route[] = [
  {
    pattern: ['user'],
    methods: { GET: (ctx) => getAuthenticatedUser(ctx) },
  },
  {
    pattern: ['orgs', ':', 'teams'],
    methods: {
      GET: (ctx, [org], inc) => listTeams(ctx, org!, inc),
      PUT: (ctx, [org], inc) => createTeam(ctx, org!, inc),
    },
  },
  {
    pattern: ['orgs', ':', 'teams', ':'],
    methods: {
      GET: (ctx, [org, team]) => getTeam(ctx, org!, team!),
      PATCH: (ctx, [org, team], inc) => renameTeam(ctx, org!, team!, inc),
      DELETE: (ctx, [org, team]) => deleteTeam(ctx, org!, team!),
    },
  },
  {
    pattern: ['orgs', ':', 'members'],
    methods: { GET: (ctx, [org], inc) => listOrganizationMembers(ctx, org!, inc) },
  },
  {
    pattern: ['orgs', ':', 'members', ':'],
    methods: {
      GET: (ctx, [org, user]) => getMember(ctx, org!, user!),
      PATCH: (ctx, [org, user], inc) => updateMember(ctx, org!, user!, inc),
      DELETE: (ctx, [org, user]) => removeMember(ctx, org!, user!),
    },
  },
  {
    pattern: ['orgs', ':', 'members', ':', 'sso'],
    methods: { POST: (ctx, [org, user]) => setSsoMember(ctx, org!, user!) },
  },
  {
    pattern: ['orgs', ':', 'saml'],
    methods: { GET: (ctx, [org], inc) => listSamlProviders(ctx, org!, inc) },
  },
  {
    pattern: ['orgs', ':', 'invites'],
    methods: { POST: (ctx, [org], inc) => inviteUsers(ctx, org!, inc) },
  },
  {
    pattern: ['orgs', ':', 'members', ':', 'teams'],
    methods: { GET: (ctx, [org, user], inc) => listMemberTeams(ctx, org!, user!, inc) },
  },
  {
    pattern: ['orgs', ':', 'teams', ':', 'members'],
    methods: {
      GET: (ctx, [org, team], inc) => listTeamMembers(ctx, org!, team!, inc),
      PUT: (ctx, [org, team], inc) => updateTeamMembers(ctx, org!, team!, inc),
    },
  },
  {
    pattern: ['orgs', ':', 'teams', ':', 'members', ':'],
    methods: {
      PUT: (ctx, [org, team, user], inc) => putTeamMember(ctx, org!, team!, user!, inc),
      DELETE: (ctx, [org, team, user]) => deleteTeamMember(ctx, org!, team!, user!),
    },
  },
  {
    pattern: ['orgs', ':', 'translations-glossary'],
    methods: {
      GET: (ctx, [org], inc) => listGlossary(ctx, org!, inc),
      PUT: (ctx, [org], inc) => updateGlossary(ctx, org!, inc),
    },
  },
  {
    pattern: ['orgs', ':', 'translations-glossary', ':'],
    methods: { GET: (ctx, [org, id]) => getGlossaryEntry(ctx, org!, id!) },
  },
  {
    pattern: ['orgs', ':', 'translations'],
    methods: { GET: (ctx, [org], inc) => listTranslations(ctx, org!, inc) },
  },
  {
    pattern: ['orgs', ':', 'translations', ':', 'run'],
    methods: { POST: (ctx, [org, id]) => runTranslation(ctx, org!, id!) },
  },
  ...accessRoutes,
  ...auditRoutes,
  // The sandbox's own controls, not the service's (controls.ts).
  ...controlRoutes,
];

function route(path: string): { route: Route; params: string[] } | undefined {
  if (!path.startsWith('/v1/')) return undefined;
  let segments: string[];
  try {
    segments = path.slice('/v1/'.length).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  for (const candidate of routes) {
    if (candidate.pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = candidate.pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (part !== ':') return part === segment;
      params.push(segment);
      return segment !== '';
    });
    if (matches) return { route: candidate, params };
  }
  return undefined;
}

export class SandboxService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly token: string,
  ) {}

  /** Processes one request (auth, routing, handling) and returns the answer it deserves. */
  handle(inc: Incoming): Reply {
    try {
      if (inc.bodyTooLarge) throw new HttpError(413, `request body larger than ${maxBodyBytes} bytes`);
      if (!this.authorized(inc.headers.authorization)) {
        throw new HttpError(401, 'missing or invalid access token: send Authorization: Bearer <token>', {
          'www-authenticate': 'Bearer',
        });
      }
      const match = route(inc.path);
      if (!match) throw new HttpError(404, `no such endpoint: ${inc.method} ${inc.path}`);
      const handler = match.route.methods[inc.method];
      if (!handler) {
        const allow = Object.keys(match.route.methods).join(', ');
        throw new HttpError(405, `method ${inc.method} not allowed on ${inc.path}; allowed: ${allow}`, { allow });
      }
      // Every write taken records its audit events (audit-writes.ts).
      const audited = auditWrite(this.ctx, match.route.pattern, match.params, inc);
      const reply = handler(this.ctx, match.params, inc);
      audited?.(reply);
      return reply;
    } catch (err) {
      if (err instanceof HttpError) return error(err.status, err.message, err.headers);
      return error(500, `sandbox internal error: ${(err as Error).message}`);
    }
  }

  private authorized(header: string | undefined): boolean {
    const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
    if (!m) return false;
    const given = Buffer.from(m[1] as string);
    const expected = Buffer.from(this.token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
