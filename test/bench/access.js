#!/usr/bin/env node
// Access at scale (README, "Access"; test/bench/README.md), from one run on the running Node, the
// CLI under /usr/bin/time (the sandbox answers from this process): 500 resources (300 spaces, 100
// collections, 100 sites) with 20 grants each (10 teams, 10 users), `access list -o csv` into a
// file, then `access sync <file> --prune --all-resources --dry-run --exit-code` planned from it —
// median wall time of 3 runs and the CLI's peak RSS against the targets of 3 s and 150 MB — and a
// check that the plan is empty (exit 0) and that nothing but reads was sent.
// Run: `node test/bench/access.js` (after `npm ci && npm run build`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../dist/sandbox-server.js';
import { median, timed } from './timed.js';

const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-access-'));
const uid = (n) => `u${String(n).padStart(5, '0')}`;
const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read'];

const run = (args, env) => timed([bin, ...args], env);

const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 100_000 });
const users = 2000;
const teams = 200;
sandbox.store.addUsers('acme', users);
for (let t = 0; t < teams; t++) sandbox.store.createTeam('acme', `team-${t}`);
const teamIds = sandbox.store.teamIds('acme');
let n = 0;
for (const [kind, count] of [['collection', 100], ['space', 300], ['site', 100]]) {
  for (let i = 0; i < count; i++, n++) {
    const parent = kind === 'space' && i % 2 === 0 ? { parent: `collection-${i % 100}` } : {};
    sandbox.store.access.add('acme', {
      kind,
      id: `${kind}-${i}`,
      title: `${kind} ${i}`,
      ...parent,
      defaultLevel: kind === 'space' && i % 2 === 0 ? 'inherit' : 'read',
      teams: Array.from({ length: 10 }, (_, j) => ({ teamId: teamIds[(n * 7 + j) % teams], role: j === 0 ? 'admin' : roles[(n + j) % roles.length] })),
      users: Array.from({ length: 10 }, (_, j) => ({ userId: uid(((n * 13 + j) % users) + 1), role: roles[(n + j + 1) % roles.length] })),
    });
  }
}
const env = { TEAMCTL_CONFIG_DIR: mkdtempSync(join(dir, 'config-')), TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme' };
const list = await run(['access', 'list', '-o', 'csv', '--concurrency', '16'], env);
if (list.code !== 0) throw new Error(`access list: exit ${list.code}: ${list.stderr}`);
const file = join(dir, 'access.csv');
writeFileSync(file, list.stdout);
const rows = list.stdout.trim().split('\n').length - 1;
const results = [];
for (let i = 0; i < 3; i++) {
  const before = sandbox.requests.length;
  const r = await run(['access', 'sync', file, '--prune', '--all-resources', '--dry-run', '--exit-code', '--quiet', '--concurrency', '16'], env);
  if (r.code !== 0) throw new Error(`access sync: exit ${r.code} (0: nothing to change): ${r.stderr}`);
  if (sandbox.requests.slice(before).some((q) => q.method !== 'GET')) throw new Error('access sync sent a write');
  results.push(r);
}
await sandbox.close();
const ms = median(results.map((r) => r.ms));
const rss = Math.max(...results.map((r) => r.rssMb));
console.log(`access: 500 resources × 20 grants (${rows} rows), access list ${list.ms.toFixed(0)} ms; access sync --prune --all-resources --dry-run, 3 runs, nothing to change, nothing sent`);
console.log(`  median ${ms.toFixed(0)} ms (target 3000: ${ms <= 3000 ? 'met' : 'NOT met'}), peak RSS ${rss.toFixed(0)} MB (target 150: ${rss <= 150 ? 'met' : 'NOT met'})`);
