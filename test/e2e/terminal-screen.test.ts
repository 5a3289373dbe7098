// One writer owns the terminal (README, "Settings"): the built teamctl in a real 80×40
// pseudo-terminal, its bytes drawn by a terminal emulator. Warnings and --debug lines printed
// while the progress bar is shown land whole above it, in order; the bar never turns auto-wrap
// off, never moves the cursor back over earlier output, and is gone before the summary; Ctrl-C
// leaves a clean screen with the cursor shown. The sandbox runs in this process; its faults are
// hooks (write faults, a held batch), so nothing waits on a clock of its own.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bin, newConfigDir, sandboxWithEnv, type SandboxEnv } from './harness.js';
import { runOnScreen, writtenLines, type ScreenRun } from '../helpers/screen.js';
import type { SandboxOptions } from '../../src/sandbox/server.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-screen-'));

async function onScreen(args: string[], options: SandboxOptions, extra: { interruptAfter?: string; onOutput?: (text: string) => void } = {}): Promise<ScreenRun> {
  s ??= await sandboxWithEnv(options);
  const config = newConfigDir();
  const env = { PATH: process.env.PATH ?? '', HOME: config, TEAMCTL_CONFIG_DIR: config, TEAMCTL_STATE_DIR: config, TERM: 'xterm-256color', NO_COLOR: '1', ...s.env };
  return runOnScreen([process.execPath, bin, ...args], { env, ...extra });
}

/** The bar's cells; no line of the screen may hold one once the run is over. */
const barCells = /[\u2588\u2591]/;

/** Lines of the screen that match `pattern`, in order. */
const matching = (run: ScreenRun, pattern: RegExp): string[] => run.lines.filter((l) => pattern.test(l));

function glossaryFile(terms: number): string {
  const path = join(dir, `terms-${terms}.csv`);
  const lines = ['en,fr'];
  for (let i = 0; i < terms; i++) lines.push(`Term number ${i},Terme numéro ${i}`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

describe('one writer of the terminal', () => {
  it('glossary import of 3,000 terms with lost answers and --debug: every warning and debug line whole and in order above the bar, the summary intact, no bar left', async () => {
    // Every third batch of ten is applied and its answer lost: three warnings of an unknown
    // outcome, each settled by a listing, while the bar is shown.
    const run = await onScreen(['glossary', 'import', glossaryFile(3000), '--batch-size', '300', '--hold-back', '0', '--yes', '--debug'], {
      seed: 'empty',
      writeFaults: [{ write: 'glossary', fault: { kind: 'lost', answer: 'reset' }, every: 3 }],
    });
    expect(run.code, run.lines.join('\n')).toBe(0);
    expect(s!.sandbox.store.glossaryEntries('acme')).toHaveLength(3000);
    expect(run.autoWrap).toBe(true);
    expect(run.cursorVisible).toBe(true);
    expect(run.bytes).not.toContain('\u001b7'); // no cursor saved to come back to
    expect(run.bytes).not.toContain('\u001b[?7l');
    expect(run.lines.filter((l) => barCells.test(l))).toEqual([]);

    // Every warning and debug line the run wrote is on the screen, whole, in the order written.
    const written = writtenLines(run).filter((l) => /^(warning|debug): /.test(l));
    expect(written.length).toBeGreaterThan(20);
    expect(run.lines.filter((l) => /^(warning|debug): /.test(l))).toEqual(written);
    const warnings = matching(run, /^warning: /);
    expect(warnings.filter((w) => /^warning: 300 operations sent, outcome unknown: .*listing the glossary to see what landed$/.test(w))).toHaveLength(3);
    expect(warnings.filter((w) => w === 'warning: 300 of 300 had landed')).toHaveLength(3);
    // One debug line per exchange: the 10 batches, 3 with their answer lost.
    const debug = matching(run, /^debug: /);
    expect(debug.filter((l) => /^debug: PUT \S+\/translations-glossary 204 \d+ms attempt 1$/.test(l))).toHaveLength(7);
    expect(debug.filter((l) => /^debug: PUT \S+\/translations-glossary UND_ERR_SOCKET \d+ms attempt 1$/.test(l))).toHaveLength(3);
    // A long line (a warning of more than 80 columns) wrapped by the terminal, not cut.
    expect(warnings.some((w) => w.length > 80)).toBe(true);
    // The plan, then the lines of the run, then the summary last: nothing drawn over earlier output.
    const plan = run.lines.findIndex((l) => l.startsWith('3000 to insert'));
    const summary = run.lines.indexOf('glossary import: 3000 inserted, 0 updated, 0 unchanged, 0 conflicts, 0 failed');
    expect(plan).toBeGreaterThan(0);
    expect(summary, run.lines.join('\n')).toBeGreaterThan(run.lines.lastIndexOf(warnings.at(-1)!));
    expect(summary).toBe(run.lines.length - 1);
    expect(run.lines.slice(plan + 1, summary).every((l) => /^(warning|debug): /.test(l))).toBe(true);
  });

  it('members sync in batches of 5: its --debug lines and retried batches above the bar, the summary after them', async () => {
    s = await sandboxWithEnv({ seed: 'empty' });
    s.sandbox.store.addUsers('acme', 60);
    s.sandbox.store.createTeam('acme', 't');
    const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
    s.sandbox.store.setTeamMembers('acme', 't', Array.from({ length: 30 }, (_, i) => ({ userId: uid(i + 1), role: 'member' as const })));
    // Every fourth change of the team is answered 503, to be sent again at once (Retry-After: 0).
    let puts = 0;
    s.sandbox.intercept((req) => (req.method === 'PUT' && ++puts % 4 === 0 ? { kind: 'respond', status: 503, headers: { 'retry-after': '0' }, body: { error: { code: 503, message: 'busy' } } } : undefined));
    const roster = join(dir, 'roster.csv');
    writeFileSync(roster, ['email,role', ...Array.from({ length: 30 }, (_, i) => `user${String(i + 31).padStart(5, '0')}@example.com,member`)].join('\n') + '\n');
    const run = await onScreen(['members', 'sync', '--team', 't', '--roster', roster, '--prune', '--yes', '--debug', '--batch-size', '5', '--max-removals', '100%'], {});
    expect(run.code, run.lines.join('\n')).toBe(0);
    expect(s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId).sort()).toEqual(Array.from({ length: 30 }, (_, i) => uid(i + 31)));
    expect(run.autoWrap).toBe(true);
    expect(run.cursorVisible).toBe(true);
    expect(run.bytes).not.toContain('\u001b7');
    expect(run.lines.filter((l) => barCells.test(l))).toEqual([]);
    // The bar was drawn, and the debug lines written while it was are on the screen, whole, in order.
    expect(run.bytes).toMatch(/members sync \[[\u2588\u2591]+\] \d+\/60/);
    const written = writtenLines(run).filter((l) => l.startsWith('debug: '));
    const debug = matching(run, /^debug: /);
    expect(debug).toEqual(written);
    expect(debug.filter((l) => / PUT \S+ 503 \d+ms attempt 1, retrying in 0ms$/.test(l)).length).toBeGreaterThan(1);
    expect(debug.filter((l) => / PUT \S+ 204 \d+ms attempt 2$/.test(l)).length).toBeGreaterThan(1);
    const summary = run.lines.indexOf('Done: 30 added, 30 removed, 0 roles changed, 0 unchanged, 0 not a member, 0 failed');
    expect(summary, run.lines.join('\n')).toBeGreaterThan(run.lines.lastIndexOf(debug.filter((l) => l.includes(' PUT ')).at(-1)!));
  });

  it('Ctrl-C while the bar is shown: the interruption line whole, no bar left, the cursor shown, exit 130', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const run = await onScreen(
      ['glossary', 'import', glossaryFile(3000), '--batch-size', '300', '--hold-back', '0', '--yes'],
      { seed: 'empty', writeFaults: [{ write: 'glossary', fault: { kind: 'hold', until: held }, every: 3, first: 1 }] },
      {
        // The third batch is held: Ctrl-C once the bar shows the second one done, and the held
        // batch is let go once teamctl has said it is stopping.
        interruptAfter: '] 600/3000',
        onOutput: (text) => {
          if (text.includes('interrupted: sending nothing more')) release();
        },
      },
    );
    release();
    expect(run.code, run.lines.join('\n')).toBe(130);
    expect(run.autoWrap).toBe(true);
    expect(run.cursorVisible).toBe(true);
    expect(run.lines.filter((l) => barCells.test(l))).toEqual([]);
    expect(run.lines).toContain('interrupted: sending nothing more; requests in flight get 2s to finish (press Ctrl-C again to quit at once)');
    const last = run.lines.at(-1) ?? '';
    expect(last).toMatch(/^error: interrupted after [\d,]+ of 3,000 changes were applied/);
  });
});
