#!/usr/bin/env node
// An access review at scale (`teamctl help access`, "Review"; test/bench/README.md), from one run
// on the running Node, the CLI under /usr/bin/time (the sandbox answers from this process): 2,000
// members in 200 teams over 500 resources (100 collections, 300 spaces, 100 sites), each granted
// to 10 teams and 10 users, 20 of them open to every member. `access review -o csv` at the default
// --concurrency against a floor that sends the very requests the review sent (the sandbox's
// request log, pages included), 8 at a time, with fetch, parsing each answer and keeping nothing —
// wall time and peak RSS of each, interleaved, median of 3, the ratio of the medians, and the
// review's peak RSS against its target (200 MB).
// Run: `node test/bench/review.js` (after `npm ci && npm run build`).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { startSandbox } from '../../dist/sandbox-server.js';
import { median, timed } from './timed.js';

const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-review-'));
const uid = (n) => `u${String(n).padStart(5, '0')}`;
const roles = ['admin', 'create', 'edit', 'review', 'comment', 'read'];

const run = timed;

const org = 'acme';
const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 1_000_000 });
const members = 2000;
const teams = 200;
sandbox.store.addUsers(org, members);
for (let t = 0; t < teams; t++) {
  sandbox.store.createTeam(org, `team-${t}`);
  sandbox.store.setTeamMembers(org, `team-${t}`, Array.from({ length: members / teams }, (_, j) => ({ userId: uid(t * (members / teams) + j + 1), role: j === 0 ? 'owner' : 'member' })));
}
// A few disabled and a few guests, so the findings are read too.
for (let i = 1; i <= members; i += 97) sandbox.store.getUser(org, uid(i)).disabled = true;
for (let i = 5; i <= members; i += 89) sandbox.store.getUser(org, uid(i)).role = null;
let n = 0;
for (const [kind, count] of [['collection', 100], ['space', 300], ['site', 100]]) {
  for (let i = 0; i < count; i++, n++) {
    const parent = kind === 'space' && i % 2 === 0 ? { parent: `collection-${i % 100}` } : {};
    sandbox.store.access.add(org, {
      kind,
      id: `${kind}-${i}`,
      title: `${kind} ${i}`,
      ...parent,
      defaultLevel: kind === 'space' && i % 2 === 0 ? 'inherit' : n % 25 === 0 ? 'read' : null,
      teams: Array.from({ length: 10 }, (_, j) => ({ teamId: `team-${(n * 7 + j) % teams}`, role: roles[(n + j) % roles.length] })),
      users: Array.from({ length: 10 }, (_, j) => ({ userId: uid(((n * 13 + j) % members) + 1), role: roles[(n + j + 1) % roles.length] })),
    });
  }
}
const env = { TEAMCTL_CONFIG_DIR: mkdtempSync(join(dir, 'config-')), TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: org };

// The floor: the same GETs, 8 at a time, each answer parsed and dropped.
const floorScript = join(dir, 'floor.mjs');
writeFileSync(
  floorScript,
  `import { readFileSync } from 'node:fs';
const paths = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const headers = { authorization: 'Bearer ' + process.env.TEAMCTL_TOKEN, accept: 'application/json' };
let next = 0, items = 0;
const lane = async () => { while (next < paths.length) { const body = await (await fetch(process.env.TEAMCTL_BASE_URL + paths[next++], { headers })).json(); items += body.items?.length ?? 0; } };
await Promise.all(Array.from({ length: 8 }, lane));
console.log(items);
`,
);
const requestsFile = join(dir, 'requests.json');

const review = [];
const floor = [];
let rows = 0;
let requests = 0;
for (let i = 0; i < 3; i++) {
  const before = sandbox.requests.length;
  const r = await run([bin, 'access', 'review', '-o', 'csv', '--quiet'], env);
  if (r.code !== 0) throw new Error(`access review: exit ${r.code}: ${r.stderr}`);
  const sent = sandbox.requests.slice(before);
  if (sent.some((q) => q.method !== 'GET')) throw new Error('access review sent a write');
  rows = r.stdout.trim().split('\n').length - 1;
  requests = sent.length;
  writeFileSync(requestsFile, JSON.stringify(sent.map((q) => q.path + (Object.keys(q.query).length === 0 ? '' : '?' + new URLSearchParams(q.query)))));
  review.push(r);
  const f = await run([floorScript, requestsFile], env);
  if (f.code !== 0) throw new Error(`floor: exit ${f.code}: ${f.stderr}`);
  floor.push(f);
}
await sandbox.close();
const [ms, floorMs] = [median(review.map((r) => r.ms)), median(floor.map((r) => r.ms))];
const [rss, floorRss] = [Math.max(...review.map((r) => r.rssMb)), Math.max(...floor.map((r) => r.rssMb))];
console.log(`access review: 2,000 members, 500 resources (${rows.toLocaleString('en-US')} rows, ${requests.toLocaleString('en-US')} requests), -o csv, 3 runs interleaved with the floor (the same requests with fetch, 8 at a time)`);
console.log(`  median ${ms.toFixed(0)} ms = ${(ms / floorMs).toFixed(2)}× the floor's ${floorMs.toFixed(0)} ms; peak RSS ${rss.toFixed(0)} MB = ${(rss / floorRss).toFixed(2)}× the floor's ${floorRss.toFixed(0)} MB (target 200 MB: ${rss <= 200 ? 'met' : 'NOT met'})`);
