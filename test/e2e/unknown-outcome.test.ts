// Unknown is unknown, everywhere (`teamctl help reliability`, "Reliability: requests whose outcome is unknown"): a
// write the service cannot take twice — a removal request, an invitation, a team's creation, a
// glossary batch — whose answer is lost (the connection reset, a 500 or 503 after applying it, a
// 503 whose request lands later) is `unknown` with exit 6 in the summary, the JSON report, the
// --report CSV, -o markdown and the step summary; never `failed`, never "nothing was changed". The
// one rule behind it is src/api/outcome.ts. The sandbox's request log and state are the reference.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFault, type WriteFault, type WriteName } from '../../src/sandbox/write-faults.js';
import { newConfigDir, runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv | undefined;
afterEach(async () => {
  await s?.sandbox.close();
  s = undefined;
});
const sb = (): SandboxEnv => s as SandboxEnv;
const dir = mkdtempSync(join(tmpdir(), 'teamctl-unknown-'));

/** Organization lab, 10 members, u1 admin, team t; removals are requests to the admins (202) when `requests`. */
async function start(requests: boolean): Promise<Record<string, string | undefined>> {
  s = await sandboxWithEnv({ seed: 'empty', removalNeedsApproval: requests });
  const store = s.sandbox.store;
  store.createOrganization('lab');
  store.addUsers('lab', 10);
  store.members.setRole('lab', 'u00001', 'admin');
  store.createTeam('lab', 't');
  return { ...s.env, TEAMCTL_ORG: 'lab', TEAMCTL_TEAM: 't' };
}

interface Write {
  name: WriteName;
  args: (glossary: string) => string[];
  /** The write's requests in the sandbox's log. */
  sent: () => number;
  /** The rows of the JSON report said unknown, and those said failed. */
  json: (report: Record<string, unknown>) => { unknown: number; failed: number };
}
const requests = (method: string, path: RegExp): number => sb().sandbox.requests.filter((q) => q.method === method && path.test(q.path)).length;
const listed = (report: Record<string, unknown>, key: string): number => (report[key] as unknown[] | undefined)?.length ?? 0;
const lists = (report: Record<string, unknown>) => ({ unknown: listed(report, 'unknown'), failed: listed(report, 'failed') });
const writes: Write[] = [
  { name: 'member-removal', args: () => ['members', 'offboard', 'u00005', '--from-organization', '--yes'], sent: () => requests('DELETE', /^\/v1\/orgs\/lab\/members\/u00005$/), json: lists },
  { name: 'invite', args: () => ['members', 'add', 'kx@example.com', '--invite', '--yes'], sent: () => requests('POST', /^\/v1\/orgs\/lab\/invites$/), json: lists },
  {
    name: 'team-create',
    args: () => ['teams', 'create', 'Kteam', '--no-settle'],
    sent: () => requests('PUT', /^\/v1\/orgs\/lab\/teams$/),
    json: (report) => {
      const rows = report.teams as { outcome: string }[];
      return { unknown: rows.filter((r) => r.outcome === 'unknown').length, failed: rows.filter((r) => r.outcome === 'failed').length };
    },
  },
  { name: 'glossary', args: (g) => ['glossary', 'import', g, '--no-settle'], sent: () => requests('PUT', /^\/v1\/orgs\/lab\/translations-glossary$/), json: lists },
];

/** Runs the write under `fault`; the sandbox lets a late request land once the run is over. */
async function run(write: Write, fault: WriteFault | 'late', requestsToAdmins = true) {
  const env = await start(requestsToAdmins);
  let land = (): void => {};
  const landed = new Promise<void>((resolve) => (land = resolve));
  sb().sandbox.intercept(writeFault({ write: write.name, fault: fault === 'late' ? { kind: 'late', until: landed } : fault }));
  const name = `${write.name}-${fault === 'late' ? 'late' : fault.kind}-${Math.random().toString(36).slice(2)}`;
  const glossary = join(dir, `${name}.csv`);
  writeFileSync(glossary, 'en,fr\nhello,bonjour\n');
  const report = join(dir, `${name}-report.csv`);
  const summary = join(dir, `${name}.md`);
  const r = await runCli([...write.args(glossary), '--json', '--report', report], { env: { ...env, GITHUB_STEP_SUMMARY: summary }, configDir: newConfigDir() });
  land();
  await sb().sandbox.settled();
  const csv = parse(readFileSync(report, 'utf8'), { columns: true }) as { outcome: string }[];
  return { ...r, json: write.json(JSON.parse(r.stdout) as Record<string, unknown>), csv: csv.map((row) => row.outcome), markdown: readFileSync(summary, 'utf8') };
}

/** Said unknown in every view, failed in none; exit 6; sent once. */
function saidUnknown(write: Write, r: Awaited<ReturnType<typeof run>>): void {
  expect(r.code, r.stderr).toBe(6);
  expect(write.sent()).toBe(1);
  expect(r.json.unknown, r.stdout).toBeGreaterThan(0);
  expect(r.json.failed, r.stdout).toBe(0);
  expect(r.csv).toContain('unknown');
  expect(r.csv).not.toContain('failed');
  expect(r.markdown).toMatch(/\| unknown \|/);
  expect(r.markdown).not.toMatch(/\| failed \|/);
  expect(r.stderr).toMatch(/^ *unknown: /m);
  expect(r.stderr).not.toMatch(/^ *failed: /m);
  expect(r.stderr).toMatch(/^error: .*of unknown outcome \(sent, the answer lost: the service may have applied/m);
  expect(r.stderr).not.toContain('nothing was changed');
  expect(r.stderr).not.toMatch(/(^|[\s,(])[1-9]\d* failed/m);
}

describe('a write whose answer is lost is unknown, exit 6, never failed', () => {
  for (const write of writes) {
    it(`${write.name}: answered 503 and applied once the run is over`, async () => {
      const r = await run(write, 'late');
      saidUnknown(write, r);
    });
  }

  for (const answer of ['reset', 500, 503] as const) {
    it(`a removal request to the admins, applied then answered ${answer}: still a member, so unknown; the service holds the request`, async () => {
      const removal = writes[0] as Write;
      const r = await run(removal, { kind: 'lost', answer });
      saidUnknown(removal, r);
      expect(sb().sandbox.store.getUser('lab', 'u00005')).toBeDefined();
      expect(r.stderr).toContain('still a member when read again: outcome unknown');
    });

    it(`an invitation applied then answered ${answer}: unknown, recorded as sent`, async () => {
      const invite = writes[1] as Write;
      const r = await run(invite, { kind: 'lost', answer });
      saidUnknown(invite, r);
      expect(r.stderr).toContain('recorded as sent, not invited again before --reinvite-after');
    });
  }

  it('what the read-back proves is no longer unknown: a removal, a creation and a batch whose answer was lost but that landed are applied (exit 0)', async () => {
    for (const [write, requestsToAdmins] of [[writes[0], false], [writes[2], true], [writes[3], true]] as [Write, boolean][]) {
      const r = await run(write, { kind: 'lost', answer: 'reset' }, requestsToAdmins);
      expect(r.code, `${write.name}: ${r.stderr}`).toBe(0);
      expect(write.sent()).toBe(1);
      expect(r.json).toEqual({ unknown: 0, failed: 0 });
      await sb().sandbox.close();
      s = undefined;
    }
  });
});
