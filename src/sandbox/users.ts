// The sandbox's users (organization member records, as the store keeps them) and the
// deterministic users tests and benches add by the thousand (SandboxStore.addUsers).

/** A user of an organization: the organization member record without URLs and team count. */
export interface SandboxUser {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
  /** Organization-level role (admin/create/edit/review/comment/read), null for a guest. */
  role: string | null;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  spaces: number;
  sites: number;
}

export interface AddUsersOptions {
  /** Organization role of every new user (default `read`). */
  role?: string | null;
  /** E-mail domain (default `example.com`). */
  domain?: string;
}

/** E-mails are compared trimmed and case-insensitively. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * `n` deterministic users: ids `u00001`, `u00002`, … and e-mails `user00001@example.com`,
 * numbered after the highest such id in `existingIds`, so repeated calls never collide.
 */
export function numberedUsers(existingIds: Iterable<string>, n: number, options: AddUsersOptions = {}): SandboxUser[] {
  let highest = 0;
  for (const id of existingIds) {
    const m = /^u(\d+)$/.exec(id);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  const domain = options.domain ?? 'example.com';
  const users: SandboxUser[] = [];
  for (let i = 1; i <= n; i++) {
    const number = highest + i;
    const digits = String(number).padStart(5, '0');
    const id = `u${digits}`;
    users.push({
      id,
      displayName: `User ${digits}`,
      email: `user${digits}@${domain}`,
      photoURL: `https://avatars.example.com/${id}.png`,
      role: options.role === undefined ? 'read' : options.role,
      disabled: false,
      // Fixed dates keep generated state deterministic.
      joinedAt: new Date(Date.UTC(2024, 0, 1) + number * 60_000).toISOString(),
      lastSeenAt: new Date(Date.UTC(2025, 0, 1) + number * 60_000).toISOString(),
      sso: false,
      spaces: 0,
      sites: 0,
    });
  }
  return users;
}
