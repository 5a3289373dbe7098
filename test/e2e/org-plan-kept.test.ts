// The plan of an organization roster on stderr lists, per team, the members the roster leaves out
// and a sync without --prune keeps, as the single-team plan and the JSON report do (`teamctl help
// rosters`, "Many teams from one roster").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv } from './harness.js';

describe('an organization roster without --prune', () => {
  it('names the kept members of a team with nothing else to change, and sends nothing', async () => {
    const s = await sandboxWithEnv({ seed: 'demo' });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'teamctl-org-kept-'));
      const listed = await runCli(['members', 'list', '--team', 'engineering,design', '-o', 'csv'], { env: s.env });
      const rows = listed.stdout.split('\n').filter((l) => !/thomas\.muller@example\.com/i.test(l));
      expect(rows.length).toBeLessThan(listed.stdout.split('\n').length);
      writeFileSync(join(dir, 'org.csv'), rows.join('\n'));
      const before = JSON.stringify(s.sandbox.store.teamMembers('acme', 'engineering'));

      const r = await runCli(['members', 'sync', '--roster', 'org.csv', '--dry-run'], { env: s.env, cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('Plan for team "Platform Engineering" (engineering) (20 members now):\n  nothing to change\nNot in the roster (kept; --prune removes them):\n  thomas.muller@example.com\n');
      expect(r.stderr).toContain('1 not in the roster (kept)');
      expect(r.stderr).toContain('No changes for 1 team: "Product Design" (design)');
      const json = JSON.parse((await runCli(['members', 'sync', '--roster', 'org.csv', '--dry-run', '--json'], { env: s.env, cwd: dir })).stdout) as { teams: { team: string; notInRoster: { email: string }[] }[] };
      expect(json.teams.find((t) => t.team === 'engineering')?.notInRoster.map((u) => u.email)).toEqual(['thomas.muller@example.com']);
      expect(JSON.stringify(s.sandbox.store.teamMembers('acme', 'engineering'))).toBe(before);
    } finally {
      await s.sandbox.close();
    }
  });
});
