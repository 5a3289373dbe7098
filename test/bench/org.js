#!/usr/bin/env node
// Organization roster at scale (README, "Many teams from one roster"): 50 teams × 400 members
// (20,000 rows) planned in one run — all teams read concurrently (at most 8 at a time) — with the
// wall time and the peak RSS of the CLI (/usr/bin/time). Run: `npm run bench` (after `npm ci`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../dist/sandbox/server.js';

const teams = 50;
const perTeam = 400;
const users = 5000;
const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-org-'));

const sandbox = await startSandbox({ port: 0, seed: 'empty' });
sandbox.store.addUsers('acme', users);
const uid = (n) => `u${String(n).padStart(5, '0')}`;
const rows = ['team,id,role'];
for (let t = 0; t < teams; t++) {
  const team = `team-${t}`;
  sandbox.store.createTeam('acme', team);
  const members = Array.from({ length: perTeam }, (_, i) => ({ userId: uid(((t * 97 + i * 13) % users) + 1), role: i % 40 === 0 ? 'owner' : 'member' }));
  const unique = [...new Map(members.map((m) => [m.userId, m])).values()];
  sandbox.store.setTeamMembers('acme', team, unique);
  // The roster: the team as it is, with one member fewer and one more (a plan of 2 changes a team).
  for (const m of unique.slice(1)) rows.push(`${team},${m.userId},${m.role}`);
  rows.push(`${team},${uid(((t * 97 + perTeam * 13) % users) + 1)},member`);
}
const roster = join(dir, 'org.csv');
writeFileSync(roster, rows.join('\n') + '\n');

const env = { PATH: process.env.PATH, TEAMCTL_CONFIG_DIR: dir, TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' };
const run = () =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // spawn, not spawnSync: the sandbox answers from this process.
    import('node:child_process').then(({ spawn }) => {
      const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, 'members', 'sync', '--roster', roster, '--prune', '--dry-run', '--quiet', '--max-removals', '10%'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`exit ${code}: ${err}`));
        resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, rssMb: Number(err.trim().split('\n').pop()) / 1024 });
      });
    });
  });

spawnSync(process.execPath, ['-e', '0']);
const results = [];
for (let i = 0; i < 5; i++) results.push(await run());
await sandbox.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`organization roster: ${teams} teams × ${perTeam} members (${rows.length - 1} rows), members sync --prune --dry-run, 5 runs`);
console.log(`  median ${median(results.map((r) => r.ms)).toFixed(0)} ms, peak RSS ${Math.max(...results.map((r) => r.rssMb)).toFixed(0)} MB`);
