#!/usr/bin/env node
// Organization rosters (`teamctl help rosters`, "Many teams from one roster"; test/bench/README.md), from one run on the
// running Node, the CLI under /usr/bin/time (the sandbox answers from this process):
// - planning at scale: 50 teams × 400 members (20,000 rows), `members sync --prune --dry-run` —
//   all teams read concurrently — median wall time of 5 runs and the CLI's peak RSS;
// - applying across teams: 40 teams × 8 role changes (320 promotions) over a link of 50 ms
//   latency with `--concurrency 16`, against the target of 3 s (median of 3 runs; every run's
//   result checked in the sandbox's state);
// - the organization's lifecycle at scale: 5,000 members in 250 teams, a roster with org roles and
//   200 joiners, `members sync --prune --org-roles --invite --dry-run` against the target of 3 s
//   and 150 MB (median of 3 runs, zero latency);
// - `members add` of one user in an organization of 10,000: the requests it sends (the lookup of
//   who is in the organization among them).
// Run: `npm run bench` (after `npm ci`), or `node test/bench/org.js`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../dist/sandbox-server.js';

const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-org-'));
const uid = (n) => `u${String(n).padStart(5, '0')}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs teamctl under /usr/bin/time: { ms, rssMb } (wall time measured here). */
const run = (args, env) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // spawn, not spawnSync: the sandbox answers from this process.
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, bin, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`exit ${code}: ${err}`));
      resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, rssMb: Number(err.trim().split('\n').pop()) / 1024 });
    });
  });

const envFor = (sandbox) => ({ TEAMCTL_CONFIG_DIR: mkdtempSync(join(dir, 'config-')), TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' });
spawnSync(process.execPath, ['-e', '0']);
const lines = [];

// 1. Planning: 50 teams × 400 members.
{
  const teams = 50;
  const perTeam = 400;
  const users = 5000;
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  sandbox.store.addUsers('acme', users);
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
  const env = envFor(sandbox);
  const results = [];
  for (let i = 0; i < 5; i++) results.push(await run(['members', 'sync', '--roster', roster, '--prune', '--dry-run', '--quiet', '--max-removals', '10%'], env));
  await sandbox.close();
  lines.push(`planning: ${teams} teams × ${perTeam} members (${rows.length - 1} rows), members sync --prune --dry-run, 5 runs`);
  lines.push(`  median ${median(results.map((r) => r.ms)).toFixed(0)} ms, peak RSS ${Math.max(...results.map((r) => r.rssMb)).toFixed(0)} MB`);
}

// 2. Applying: 40 teams × 8 promotions at 50 ms latency, --concurrency 16.
{
  const teams = 40;
  const perTeam = 10;
  const changes = 8;
  const latencyMs = 50;
  const concurrency = 16;
  const targetMs = 3000;
  const sandbox = await startSandbox({ port: 0, seed: 'empty', latencyMs, requestLogLimit: 10 });
  sandbox.store.addUsers('acme', teams * perTeam);
  // Each team: an owner and 9 members; the roster makes 8 of the members owners.
  const rows = ['team,id,role'];
  const reset = () => {
    for (let t = 0; t < teams; t++) {
      sandbox.store.setTeamMembers('acme', `t${t}`, Array.from({ length: perTeam }, (_, i) => ({ userId: uid(t * perTeam + i + 1), role: i === 0 ? 'owner' : 'member' })));
    }
  };
  for (let t = 0; t < teams; t++) {
    sandbox.store.createTeam('acme', `t${t}`);
    for (let i = 0; i < perTeam; i++) rows.push(`t${t},${uid(t * perTeam + i + 1)},${i <= changes ? 'owner' : 'member'}`);
  }
  const roster = join(dir, 'roles.csv');
  writeFileSync(roster, rows.join('\n') + '\n');
  const env = envFor(sandbox);
  const results = [];
  for (let i = 0; i < 3; i++) {
    reset();
    results.push(await run(['members', 'sync', '--roster', roster, '--concurrency', String(concurrency), '--yes', '--quiet'], env));
    const owners = sandbox.store.teamIds('acme').reduce((n, t) => n + sandbox.store.teamMembers('acme', t).filter((m) => m.role === 'owner').length, 0);
    if (owners !== teams * (changes + 1)) throw new Error(`the role changes left ${owners} owners, not ${teams * (changes + 1)}`);
  }
  await sandbox.close();
  const ms = median(results.map((r) => r.ms));
  lines.push(`applying: ${teams} teams × ${changes} role changes at ${latencyMs} ms latency, --concurrency ${concurrency}, 3 runs`);
  lines.push(`  median ${(ms / 1000).toFixed(2)} s (target ≤ ${targetMs / 1000} s: ${(ms / targetMs).toFixed(2)}× the target, ${ms <= targetMs ? 'met' : 'NOT met'}), peak RSS ${Math.max(...results.map((r) => r.rssMb)).toFixed(0)} MB`);
}

// 3. The organization's lifecycle: 5,000 members in 250 teams, org roles, 200 joiners.
{
  const teams = 250;
  const perTeam = 20;
  const joiners = 200;
  const targetMs = 3000;
  const targetMb = 150;
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  sandbox.store.addUsers('acme', teams * perTeam);
  const rows = ['team,email,role,orgRole'];
  for (let t = 0; t < teams; t++) {
    sandbox.store.createTeam('acme', `t${t}`);
    const members = Array.from({ length: perTeam }, (_, i) => ({ userId: uid(t * perTeam + i + 1), role: i === 0 ? 'owner' : 'member' }));
    sandbox.store.setTeamMembers('acme', `t${t}`, members);
    // Every 25th member moves to edit; the rest keep their role (an empty cell).
    members.forEach((m, i) => rows.push(`t${t},user${m.userId.slice(1)}@example.com,${m.role},${(t * perTeam + i) % 25 === 0 ? 'edit' : ''}`));
  }
  for (let j = 0; j < joiners; j++) rows.push(`t${j % teams},joiner${j}@example.com,member,read`);
  const roster = join(dir, 'lifecycle.csv');
  writeFileSync(roster, rows.join('\n') + '\n');
  const env = envFor(sandbox);
  const results = [];
  for (let i = 0; i < 3; i++) results.push(await run(['members', 'sync', '--roster', roster, '--prune', '--org-roles', '--invite', '--dry-run', '--quiet'], env));
  await sandbox.close();
  const ms = median(results.map((r) => r.ms));
  const mb = Math.max(...results.map((r) => r.rssMb));
  lines.push(`lifecycle: ${teams * perTeam} members in ${teams} teams, org roles, ${joiners} joiners (${rows.length - 1} rows), members sync --prune --org-roles --invite --dry-run, 3 runs`);
  lines.push(`  median ${ms.toFixed(0)} ms (target ≤ ${targetMs} ms: ${ms <= targetMs ? 'met' : 'NOT met'}), peak RSS ${mb.toFixed(0)} MB (target ≤ ${targetMb} MB: ${mb <= targetMb ? 'met' : 'NOT met'})`);
}

// 4. members add of one user in an organization of 10,000: the requests it sends.
{
  const sandbox = await startSandbox({ port: 0, seed: 'empty' });
  sandbox.store.addUsers('acme', 10_000);
  sandbox.store.createTeam('acme', 't');
  sandbox.store.setTeamMembers('acme', 't', [{ userId: uid(1), role: 'owner' }]);
  const env = { ...envFor(sandbox), TEAMCTL_TEAM: 't' };
  const result = await run(['members', 'add', 'user09999@example.com', '--quiet'], env);
  const requests = sandbox.requests.map((q) => `${q.method} ${q.path.replace(/^\/v1\/orgs\/acme/, '')}${q.query.search ? '?search=…' : ''}`);
  await sandbox.close();
  if (!sandbox.store.teamMembers('acme', 't').some((m) => m.userId === uid(9999))) throw new Error('members add did not add the user');
  lines.push(`members add of one user in an organization of 10,000: ${requests.length} requests (${requests.join(', ')}), ${result.ms.toFixed(0)} ms`);
}

console.log(`organization rosters on Node ${process.versions.node}`);
for (const line of lines) console.log(line);
