// The fault matrix (`teamctl help reliability`, "Reliability"): for ten fault seeds of the sandbox — resets, 503, 429
// with Retry-After, applied-then-dropped answers and requests answered 502 or 503 (a gateway's page
// or the service's own error JSON) that the service applies late — a 300-user roster sync and a
// 400-row glossary import end with exactly the intended state and zero duplicates, or with exit 6
// and a report exact row by row (each unknown outcome listed as such, every other failure absent
// from the glossary); re-running converges to the exact state. teamctl cannot tell --fail-rate's
// 503 (nothing processed) from --late-rate's (applied later): for the glossary PUT both are an
// unknown outcome, held back in the journal and settled by listing — so between two runs the
// journal is aged past its hold-back time, as the next run an hour later would find it. Then two imports that meet — two profiles of one config folder,
// one through `localhost`, the other through `127.0.0.1` — converge without a duplicate either,
// and so does an import stopped by SIGTERM in the middle of a batch, then run again.
// The sandbox's state is the reference.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { bin, newConfigDir, runCli, sandboxWithEnv } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'teamctl-faults-'));
const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const faults = { resetRate: 0.08, failRate: 0.08, ambiguousRate: 0.08, lateRate: 0.08, rateLimit: 400 };

// 250 members now (every 25th an owner); the roster keeps 1–200 (roles shuffled), adds 251–350.
const rosterText = [
  'id,role',
  ...Array.from({ length: 200 }, (_, i) => `${uid(i + 1)},${(i + 1) % 20 === 1 ? 'owner' : 'member'}`),
  ...Array.from({ length: 100 }, (_, i) => `${uid(i + 251)},${i % 10 === 0 ? 'owner' : 'member'}`),
].join('\n');
const wanted = (): Record<string, string> => Object.fromEntries(rosterText.split('\n').slice(1).map((l) => l.split(',') as [string, string]));
const termsText = ['en,fr', ...Array.from({ length: 400 }, (_, i) => `term ${i},terme ${i}`)].join('\n');

/** Moves every batch of a config folder's journals an hour into the past. */
function ageJournals(config: string): void {
  const folder = join(config, 'journal');
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const data = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { batches: { sentAt: string }[] };
    for (const batch of data.batches) batch.sentAt = new Date(Date.now() - 3_600_000).toISOString();
    writeFileSync(join(folder, name), JSON.stringify(data));
  }
}

/**
 * A glossary run's report, checked row by row against the glossary once every late request has
 * landed: each of the file's 400 rows once; inserted and present rows in the glossary; a row
 * whose outcome is unknown either way (that is what unknown means: a 503 too, applied or not),
 * and said `unknown`, never `failed` (one held back for an earlier run's request too); every
 * failed row (not sent, refused unprocessed) absent; the summary's counts those of the rows; exit 0 exactly when no row
 * failed or is unknown.
 */
function checkImportReport(report: string, code: number, stderr: string, terms: ReadonlySet<string>): void {
  const rows = (parse(readFileSync(report, 'utf8'), { columns: true }) as { line: string; key: string; outcome: string; message: string }[]).filter((row) => row.line !== '0');
  expect(rows.map((row) => Number(row.line)).sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 2));
  const of = (outcome: string): typeof rows => rows.filter((row) => row.outcome === outcome);
  expect(of('inserted').length + of('present').length + of('failed').length + of('unknown').length).toBe(400);
  for (const row of [...of('inserted'), ...of('present')]) expect(terms.has(row.key), `line ${row.line} ${row.outcome}`).toBe(true);
  for (const row of of('unknown')) expect(row.message, `line ${row.line}`).toMatch(/^(outcome unknown|not sent: an earlier run's request)/);
  for (const row of of('failed')) expect(terms.has(row.key), `line ${row.line} failed (${row.message}) but landed`).toBe(false);
  const unknown = of('unknown').length;
  expect(stderr).toContain(`glossary import: ${of('inserted').length} inserted, 0 updated, ${of('present').length} unchanged, 0 conflicts, ${of('failed').length} failed${unknown > 0 ? `, ${unknown} of unknown outcome` : ''}\n`);
  expect(code === 0).toBe(of('failed').length + unknown === 0);
}

describe('fault matrix', () => {
  for (const seed of seeds) {
    it(`seed ${seed}: roster sync and glossary import converge exactly, nothing doubled`, async () => {
      const s = await sandboxWithEnv({ seed: 'empty', ...faults, faultSeed: seed });
      try {
        const store = s.sandbox.store;
        store.addUsers('acme', 400);
        store.createTeam('acme', 't');
        store.setTeamMembers('acme', 't', Array.from({ length: 250 }, (_, i) => ({ userId: uid(i + 1), role: i % 25 === 0 ? ('owner' as const) : ('member' as const) })));
        const env = { ...s.env, TEAMCTL_TEAM: 't' };
        const roster = join(dir, `roster-${seed}.csv`);
        writeFileSync(roster, rosterText);
        const terms = join(dir, `terms-${seed}.csv`);
        writeFileSync(terms, termsText);

        for (const [args, check] of [
          [['members', 'sync', '--roster', roster, '--prune', '--yes', '--force', '--batch-size', '50'], () => {
            const team = Object.fromEntries(store.teamMembers('acme', 't').map((m) => [m.userId, m.role]));
            expect(team).toEqual(wanted());
          }],
          [['glossary', 'import', terms, '--batch-size', '50'], () => {
            const ens = store.glossaryEntries('acme').map((e) => e.translations.en);
            expect(new Set(ens).size).toBe(ens.length); // never a duplicate
            expect(ens).toHaveLength(400);
          }],
        ] as [string[], () => void][]) {
          let code = -1;
          const config = newConfigDir();
          for (let run = 1; run <= 8 && code !== 0; run++) {
            const report = join(dir, `report-${seed}-${args[0]}-${run}.csv`);
            const r = await runCli(['--timeout', '2', ...args, '--report', report], { env, configDir: config });
            expect([0, 1, 6], r.stderr).toContain(r.code);
            code = r.code;
            await s.sandbox.settled(); // late requests land, as a real service's would
            ageJournals(config); // what is still held back (a 503 that applied nothing) is then sent again
            if (args[0] === 'glossary') {
              // Whatever a run left unknown, it never doubled anything, and its report is exact.
              const ens = store.glossaryEntries('acme').map((e) => e.translations.en as string);
              expect(new Set(ens).size).toBe(ens.length);
              checkImportReport(report, r.code, r.stderr, new Set(ens));
            }
          }
          expect(code).toBe(0);
          check();
        }

        // Two runs that meet, under the same faults: one journal, one writer at a time.
        const meet = join(dir, `meet-${seed}.csv`);
        writeFileSync(meet, ['en,fr', ...Array.from({ length: 120 }, (_, i) => `meet ${i},rencontre ${i}`)].join('\n'));
        const config = newConfigDir();
        const viaLocalhost = { ...env, TEAMCTL_BASE_URL: s.sandbox.url.replace('127.0.0.1', 'localhost'), TEAMCTL_PROFILE: 'staging' };
        const meetEns = (): string[] => store.glossaryEntries('acme').map((e) => e.translations.en as string).filter((en) => en.startsWith('meet '));
        let codes = [-1, -1];
        for (let round = 1; round <= 8 && codes.some((c) => c !== 0); round++) {
          const runs = await Promise.all([
            runCli(['--timeout', '2', 'glossary', 'import', meet, '--batch-size', '20'], { env, configDir: config }),
            runCli(['--timeout', '2', 'glossary', 'import', meet, '--batch-size', '20'], { env: viaLocalhost, configDir: config }),
          ]);
          codes = runs.map((r) => r.code);
          for (const r of runs) expect([0, 1, 6], r.stderr).toContain(r.code);
          await s.sandbox.settled();
          expect(new Set(meetEns()).size).toBe(meetEns().length);
          // Every late request has landed now: let the journal's window pass (what it still holds
          // back was lost), as the next run an hour later would find it.
          ageJournals(config);
        }
        expect(codes).toEqual([0, 0]);
        expect(meetEns()).toHaveLength(120);
      } finally {
        await s.sandbox.close();
      }
    });
  }
});

describe('fault matrix: SIGTERM mid-batch', () => {
  for (const seed of [1, 4, 7]) {
    it(`seed ${seed}: an import stopped by SIGTERM in the middle of its batches, then run again, converges with nothing doubled`, async () => {
      const s = await sandboxWithEnv({ seed: 'empty', ...faults, faultSeed: seed });
      try {
        const store = s.sandbox.store;
        const terms = join(dir, `sigterm-${seed}.csv`);
        writeFileSync(terms, ['en,fr', ...Array.from({ length: 200 }, (_, i) => `stop ${i},arrêt ${i}`)].join('\n'));
        const config = newConfigDir();
        const puts = (): number => s.sandbox.requests.filter((r) => r.method === 'PUT').length;
        // Every PUT is held a moment by the service, so the signal lands while one is in flight.
        s.sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'delay', ms: 40 } : undefined));
        const child = spawn(process.execPath, [bin, '--timeout', '2', 'glossary', 'import', terms, '--batch-size', '20'], {
          env: { PATH: process.env.PATH ?? '', HOME: config, CI: 'true', TEAMCTL_CONFIG_DIR: config, TEAMCTL_STATE_DIR: config, ...s.env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        const done = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
        await vi.waitFor(() => expect(puts()).toBeGreaterThanOrEqual(3), { timeout: 20_000, interval: 10 });
        child.kill('SIGTERM');
        expect(await done).toBe(143);
        s.sandbox.clearIntercepts();
        const ens = (): string[] => store.glossaryEntries('acme').map((e) => e.translations.en as string);
        let code = -1;
        for (let round = 1; round <= 8 && code !== 0; round++) {
          await s.sandbox.settled();
          expect(new Set(ens()).size).toBe(ens().length);
          ageJournals(config);
          code = (await runCli(['--timeout', '2', 'glossary', 'import', terms, '--batch-size', '20'], { env: s.env, configDir: config })).code;
          expect([0, 1, 6]).toContain(code);
        }
        await s.sandbox.settled();
        expect(code).toBe(0);
        expect(new Set(ens()).size).toBe(200);
        expect(ens()).toHaveLength(200);
      } finally {
        await s.sandbox.close();
      }
    });
  }
});

