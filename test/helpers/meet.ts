// Runs that meet, in-process (`teamctl help reliability`, "The journal"): a write the sandbox holds
// until the test lets it go, the event loop turned until a state comes (no real time waited on),
// and a run whose stderr can be watched while it runs.
import type { SandboxStore } from '../../src/sandbox/store.js';
import { runCli } from '../e2e/harness.js';

/** A promise and its resolver: a write held by the sandbox until the test lets it go. */
export function gate(): { until: Promise<void>; open: () => void } {
  let open = (): void => {};
  const until = new Promise<void>((resolve) => (open = resolve));
  return { until, open };
}

/**
 * Turns of the event loop until `done` holds: no real time is waited on, and however slow the
 * machine (instrumented by Stryker, loaded, a first run loading every module on its way), the
 * order a test sets up is the order it gets. Past `max` turns the test fails, never goes on in
 * another order.
 */
export async function turns(done: () => boolean, max = 5_000_000): Promise<void> {
  for (let i = 0; i < max && !done(); i++) await new Promise((r) => setImmediate(r));
  if (!done()) throw new Error(`the state the test waits for never came (${max} turns)`);
}

/** A run started now, and a look at what it has said on stderr so far. */
export function started(args: string[], options: Parameters<typeof runCli>[1]): { run: ReturnType<typeof runCli>; said: () => string } {
  const watch: { stderr?: () => string } = {};
  const run = runCli(args, { ...options, watch });
  return { run, said: () => watch.stderr?.() ?? '' };
}

/** Organization lab, 10 members, u1 admin; team t: u1 owner, u2. */
export function labWithTeam(store: SandboxStore): void {
  store.createOrganization('lab');
  store.addUsers('lab', 10);
  store.members.setRole('lab', 'u00001', 'admin');
  store.createTeam('lab', 't');
  store.setTeamMembers('lab', 't', [{ userId: 'u00001', role: 'owner' }, { userId: 'u00002' }]);
}
