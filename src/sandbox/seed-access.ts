// The seeds' spaces, collections and sites (README, sandbox: "Access"). `demo`: two collections
// (one with a nested collection), six spaces (some in collections and inheriting their access, one
// private inside a collection, two at the top level), two sites, team and user grants on each and
// every kind of general access (a role, none, `inherit`), and three invite links (one above
// read). `empty`: the same resources and general access, no grants and no links. Fixed ids, titles and dates: a rehearsal reads the same every time.
import type { DefaultLevel, GrantRole, ResourceData } from './access-store.js';
import type { LinkInviteData } from './link-invites.js';
import type { SandboxStore, SandboxUser } from './store.js';

type Grants = { teams?: [string, GrantRole][]; users?: [number, GrantRole][] };
type Seeded = Omit<ResourceData, 'teams' | 'users' | 'defaultLevel'> & { defaultLevel: DefaultLevel; grants: Grants };

/** Parents before their children. Users are the seed's people by index (seed.ts). */
const resources: Seeded[] = [
  { kind: 'collection', id: 'col-handbook', title: 'Engineering Handbook', description: 'How we build and run things', defaultLevel: 'read', grants: { teams: [['engineering', 'edit']], users: [[0, 'admin']] } },
  { kind: 'collection', id: 'col-design', title: 'Design System', defaultLevel: null, grants: { teams: [['design', 'admin']] } },
  { kind: 'collection', id: 'col-brand', title: 'Brand', parent: 'col-design', defaultLevel: 'inherit', grants: {} },
  { kind: 'space', id: 'space-api', title: 'API Reference', emoji: '📘', parent: 'col-handbook', defaultLevel: 'inherit', grants: { users: [[2, 'comment']] } },
  { kind: 'space', id: 'space-runbooks', title: 'Runbooks', emoji: '🚨', parent: 'col-handbook', visibility: 'private', defaultLevel: null, grants: { teams: [['engineering', 'edit']], users: [[5, 'admin']] } },
  { kind: 'space', id: 'space-components', title: 'Component Library', emoji: '🧩', parent: 'col-design', defaultLevel: 'inherit', grants: { users: [[7, 'edit']] } },
  { kind: 'space', id: 'space-guidelines', title: 'Brand Guidelines', emoji: '🎨', parent: 'col-brand', defaultLevel: 'inherit', grants: {} },
  { kind: 'space', id: 'space-onboarding', title: 'Onboarding', emoji: '👋', defaultLevel: 'read', grants: { teams: [['engineering', 'comment'], ['design', 'comment']], users: [[0, 'admin']] } },
  { kind: 'space', id: 'space-changelog', title: 'Release Notes', emoji: '📣', defaultLevel: 'inherit', grants: {} },
  { kind: 'site', id: 'site-docs', title: 'Developer Docs', visibility: 'public', published: true, defaultLevel: 'inherit', grants: { teams: [['engineering', 'admin']], users: [[13, 'read']] } },
  { kind: 'site', id: 'site-design', title: 'Design Portal', visibility: 'visitor-auth', published: false, defaultLevel: null, grants: { teams: [['design', 'edit']], users: [[0, 'admin']] } },
];

/** `demo`'s invite links: one to read, one for guests, one that lets anyone join to edit. */
const linkInvites: LinkInviteData[] = [
  { id: 'link-readers', role: 'read' },
  { id: 'link-guests', role: null },
  { id: 'link-editors', role: 'edit' },
];

/** Adds the seed's resources to `orgId`; with `grants`, their team and user grants and the invite links too. */
export function seedAccess(store: SandboxStore, orgId: string, users: SandboxUser[], grants: boolean): void {
  if (grants) for (const link of linkInvites) store.access.linkInvites.add(orgId, link);
  resources.forEach(({ grants: given, ...resource }, i) => {
    const at = new Date(Date.UTC(2024, 2, 1, 9, 0, 0) + i * 86_400_000).toISOString();
    const data: ResourceData = { ...resource, createdAt: at, updatedAt: at };
    if (grants) {
      data.teams = (given.teams ?? []).map(([teamId, role]) => ({ teamId, role }));
      data.users = (given.users ?? []).map(([index, role]) => ({ userId: (users[index] as SandboxUser).id, role }));
    }
    store.access.add(orgId, data);
  });
}
