// `access review` (`teamctl help access`, "Review"): one row per person per resource with the role
// the service gives them there and where it comes from, each resource's general access and each
// invite link, and the findings on them. Who reaches a resource is read from its aggregate listing
// one resource at a time, within --concurrency, and turned into rows at once: what is kept is the
// rows, never the listings.
import type { ApiClient } from '../api/client.js';
import type { AccessResource, GrantRole } from '../api/access.js';
import type { Reach, ReviewMember } from '../api/review.js';
import { boundHeapGrowth } from '../heap.js';
import { runPool } from '../members/pool.js';
import type { Progress } from '../output/progress.js';
import { levelName, resourceKey } from '../model/access.js';
import { resourceName, type Directory } from './directory.js';
import { readBasis, readReviewGrants, readTeamMembership } from './reviewRead.js';
import { finding, type Finding } from './reviewReasons.js';
import { generalAccessFindings, linkInviteFindings, personFindings, type FindingKind, type Person } from './reviewRules.js';
import { contentSources, explain, siteSource, sourceText, type Lookup, type ResourceNode } from './reviewSources.js';
import { narrowing, type Narrowing } from './reviewNarrow.js';

export interface ReviewRow {
  /** `space:Onboarding` (its id when the title names several), `link-invite:<id>`. */
  resource: string;
  resourceId: string;
  /** The person's e-mail (their id when the service gives none); `*` on a general access or invite link row. */
  user: string;
  userId: string;
  /** A role, `guest`, or (general access) `inherit`. */
  role: string;
  source: string;
  findings: readonly FindingKind[];
}

export interface Review {
  organization: string;
  /** When the reading started (ISO 8601). */
  readAt: string;
  staleDays: number;
  rows: ReviewRow[];
  findings: Finding[];
}

export interface ReviewOptions {
  teams: string[];
  users: string[];
  spaces: string[];
  staleDays: number;
  concurrency: number;
  now: () => number;
  /** A bar started once the resources to read are known, moved after each one. */
  progress?: (total: number) => Promise<Progress>;
}

const none: readonly FindingKind[] = [];

function person(member: ReviewMember | undefined, reach: Reach): Person {
  return {
    ...(member === undefined ? {} : { orgRole: member.role, joinedAt: member.joinedAt }),
    ...(reach.disabled ?? member?.disabled) === undefined ? {} : { disabled: reach.disabled ?? member?.disabled },
    ...((reach.lastSeenAt ?? member?.lastSeenAt) === undefined ? {} : { lastSeenAt: reach.lastSeenAt ?? member?.lastSeenAt }),
  };
}

/** The review's nodes (resources with their grants) and lookups. */
function lookups(directory: Directory, grants: Awaited<ReturnType<typeof readReviewGrants>>, teamsOf: Map<string, Set<string>>): { node: (r: AccessResource) => ResourceNode; lookup: Lookup } {
  const nodes = new Map<string, ResourceNode & { teams: { id: string; title: string; role: GrantRole }[]; users: Map<string, GrantRole> }>();
  const node = (r: AccessResource) => {
    let n = nodes.get(resourceKey(r));
    if (n === undefined) nodes.set(resourceKey(r), (n = { resource: r, name: `${r.kind}:${resourceName(directory, r)}`, teams: [], users: new Map() }));
    return n;
  };
  const titles = new Map(directory.teams.map((t) => [t.id, t.title]));
  for (const g of grants) {
    if (g.subject.kind === 'team') node(g.resource).teams.push({ id: g.subject.id, title: titles.get(g.subject.id) ?? g.subject.name, role: g.role });
    else node(g.resource).users.set(g.subject.id, g.role);
  }
  const collections = new Map(directory.resources.filter((r) => r.kind === 'collection').map((r) => [r.id, r]));
  const empty = new Set<string>();
  const lookup: Lookup = {
    collection: (id) => (collections.has(id) ? node(collections.get(id) as AccessResource) : undefined),
    teamsOf: (userId) => teamsOf.get(userId) ?? empty,
    teamTitle: (id) => titles.get(id) ?? id,
  };
  return { node, lookup };
}

/** One person's row on a resource: the role, where it comes from, and the findings on it. */
function personRow(n: ResourceNode, reach: Reach, member: ReviewMember | undefined, lookup: Lookup, now: number, staleDays: number): { row: ReviewRow; found: Finding[] } {
  const { resource } = n;
  const userId = reach.user.id;
  const sources = resource.kind === 'site' ? [] : contentSources(n, userId, member?.role, lookup);
  const source = reach.origin === undefined ? explain(sources, reach.permission) : explain([siteSource(reach.origin, reach.permission, lookup)], reach.permission);
  // A site's grants are its own alone; a space's or collection's teams include its collections' it inherits.
  const teams = resource.kind === 'site' ? n.teams.filter((t) => lookup.teamsOf(userId).has(t.id)).map((t) => `team ${t.title}`) : sources.filter((s) => s.from === 'team').map(sourceText);
  const kinds = personFindings(person(member, reach), { role: reach.permission, direct: n.users.has(userId), viaTeam: teams.length > 0 }, now, staleDays);
  const row: ReviewRow = { resource: n.name, resourceId: resource.id, user: reach.user.email ?? member?.user.email ?? userId, userId, role: levelName(reach.permission), source, findings: kinds.length === 0 ? none : kinds };
  return { row, found: kinds.map((kind) => finding(kind, row, staleDays, [...new Set(teams)].join('; '))) };
}

/** Reads the organization's access and makes the review's rows and findings. */
export async function readReview(client: ApiClient, org: string, options: ReviewOptions): Promise<Review> {
  // A big job: thousands of members over hundreds of resources (test/bench/README.md).
  boundHeapGrowth();
  const now = options.now();
  const readAt = new Date(now).toISOString();
  const basis = await readBasis(client, org);
  const { directory, members, links } = basis;
  const narrow: Narrowing = narrowing(directory, options);
  const [teamsOf, grants] = await Promise.all([
    readTeamMembership(client, org, directory.teams.map((t) => t.id), options.concurrency),
    readReviewGrants(client, org, directory, narrow.resources, options.concurrency),
  ]);
  const { node, lookup } = lookups(directory, grants, teamsOf);
  const { listReach } = await import('../api/review.js');
  const bar = await options.progress?.(narrow.resources.length);
  const settled = await runPool(narrow.resources, options.concurrency, async (resource) => {
    const n = node(resource);
    const rows: ReviewRow[] = [];
    if (narrow.resourceRows) rows.push({ resource: n.name, resourceId: resource.id, user: '*', userId: '', role: levelName(resource.defaultLevel), source: 'general access', findings: generalAccessFindings(resource.defaultLevel) });
    const reached: ReviewRow[] = [];
    const flagged = new Map<ReviewRow, Finding[]>();
    for await (const page of listReach(client, org, resource, 1000)) {
      for (const reach of page) {
        if (!narrow.person(reach.user.id, teamsOf)) continue;
        const { row, found } = personRow(n, reach, members.get(reach.user.id), lookup, now, options.staleDays);
        reached.push(row);
        if (found.length > 0) flagged.set(row, found);
      }
    }
    bar?.increment();
    const all = rows.concat(reached.sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0)));
    return { rows: all, findings: all.flatMap((row) => flagged.get(row) ?? row.findings.map((kind) => finding(kind, row, options.staleDays))) };
  });
  bar?.stop();
  const rows: ReviewRow[] = [];
  const findings: Finding[] = [];
  for (const s of settled) {
    if (!s.ok) throw s.error;
    for (const row of s.value.rows) rows.push(row);
    for (const f of s.value.findings) findings.push(f);
  }
  if (narrow.resourceRows && narrow.links) {
    for (const l of links) {
      const row: ReviewRow = { resource: `link-invite:${l.id}`, resourceId: l.id, user: '*', userId: '', role: levelName(l.role), source: 'invite link', findings: linkInviteFindings(l.role) };
      rows.push(row);
      for (const kind of row.findings) findings.push(finding(kind, row, options.staleDays));
    }
  }
  return { organization: org, readAt, staleDays: options.staleDays, rows, findings };
}
