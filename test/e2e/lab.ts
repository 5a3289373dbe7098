// An organization of the tests' own, `lab`, in a sandbox of the empty seed (whose `acme` has
// admins and members of its own): numbered users, the teams a test gives, one config folder for
// a test's runs, and roster files. For the tests of the organization's lifecycle (`teamctl help
// organization`, "Organization roles and leavers", "Joiners", "Who is in the organization").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxOptions } from '../../src/sandbox/server.js';
import { newConfigDir, runCli, sandboxWithEnv, type CliResult, type SandboxEnv } from './harness.js';

export const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
export const email = (n: number): string => `user${String(n).padStart(5, '0')}@example.com`;

export interface Lab extends SandboxEnv {
  env: Record<string, string>;
  configDir: string;
  /** Runs teamctl against the lab (its config folder kept across the test's runs). */
  run: (args: string[]) => Promise<CliResult>;
  /** The team's members and roles, from the sandbox. */
  team: (id: string) => Record<string, string>;
  /** The requests that change something, from the `from`-th on. */
  writes: (from?: number) => string[];
}

/** The lab organization: `users` numbered users, u1 an admin, and each team with its members (the first its owner). */
export async function startLab(users: number, teams: Record<string, number[]>, options: SandboxOptions = {}, env: Record<string, string> = {}): Promise<Lab> {
  const s = await sandboxWithEnv({ seed: 'empty', ...options });
  const store = s.sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', users);
  store.members.setRole('lab', uid(1), 'admin');
  for (const [id, members] of Object.entries(teams)) {
    store.createTeam('lab', id);
    store.setTeamMembers('lab', id, members.map((n, i) => ({ userId: uid(n), role: i === 0 ? ('owner' as const) : ('member' as const) })));
  }
  const labEnv: Record<string, string> = { ...s.env, TEAMCTL_ORG: 'lab', ...env };
  if (env.TEAMCTL_TEAM === undefined) delete labEnv.TEAMCTL_TEAM;
  const configDir = newConfigDir();
  return {
    ...s,
    env: labEnv,
    configDir,
    run: (args) => runCli(args, { env: labEnv, configDir }),
    team: (id) => Object.fromEntries(store.teamMembers('lab', id).map((m) => [m.userId, m.role])),
    writes: (from = 0) => s.sandbox.requests.slice(from).filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`),
  };
}

/** Writes roster files (one line per element) in a folder of the test file's own. */
export function rosterFiles(prefix: string): (lines: readonly string[]) => string {
  const dir = mkdtempSync(join(tmpdir(), `teamctl-${prefix}-`));
  let n = 0;
  return (lines) => {
    const path = join(dir, `roster${++n}.csv`);
    writeFileSync(path, lines.join('\n') + '\n');
    return path;
  };
}
