#!/usr/bin/env node
// Big jobs (test/bench/README.md): from one run on the running Node, each measured under
// /usr/bin/time (wall, CLI CPU = user + sys, peak RSS of the CLI alone: the sandbox answers from
// this process, so its own work is not counted):
// - `members list -o ndjson` of a 100,000-member team against a floor: a script that fetches the
//   same pages with the global fetch and discards them (median of 3 by default, interleaved);
// - `glossary import` of 10,000 and of 100,000 rows into an empty glossary (linear: ≈ 10× CPU),
//   and `glossary sync --prune` of 100,000 rows against a glossary of 100,000 entries (10% of the
//   rows changed, 5% new, 5% of the entries pruned): the 100k runs' peak RSS against the target of
//   250 MB (run the bench under Node 20 and under Node 24 for both);
// - `members list --jq` of a 10,000-member team against `members list --json` (median of 3,
//   interleaved): what jq adds, and its peak RSS against the big list's target (100 MB);
// - `members sync --roster … --prune --dry-run` planning 10,000 and 100,000 members;
// - 1,000 role changes over a link of 50 ms latency, at the default --concurrency and at 64,
//   against the floor ceil(1000 / concurrency) × 50 ms (sequential: 50 s);
// - a CSV roster of 300,000 and of 1,000,000 rows (9 and 30 MB, under the 100 MB bound), and the
//   1,000,000 rows as TSV, read whole by `members sync --roster … --dry-run`: every row read, the
//   run refused (exit 3) for users the organization does not hold, nothing sent.
// Run: `npm run bench` (after `npm ci`), or `node test/bench/scale.js`; `BENCH_ONLY=jq` runs one
// part alone (list, jq, import, sync, plan, roles, rows), `BENCH_SCALE_RUNS=5` takes medians of 5 instead of 3.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../dist/sandbox-server.js';

const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'teamctl-bench-scale-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** `BENCH_ONLY=jq,list` runs those parts alone (list, jq, import, sync, plan, roles, rows); all by default. */
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part) => only === undefined || only.includes(part);
/** Runs of each measure taken by the median (`BENCH_SCALE_RUNS`, default 3). */
const runs = Number(process.env.BENCH_SCALE_RUNS ?? 3);

/** Runs a command under /usr/bin/time: { wallS, cpuS, rssMb, stderr }. stdout is drained, not kept. */
function timed(args, env, expectedCode = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %U %S %M', ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('close', (code) => {
      const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(err);
      if (code !== expectedCode || !m) return reject(new Error(`${args.join(' ')} exited ${code}:\n${err.slice(-2000)}`));
      resolve({ wallS: Number(m[1]), cpuS: Number(m[2]) + Number(m[3]), rssMb: Number(m[4]) / 1024, stderr: err });
    });
  });
}

function envFor(sandbox, team) {
  return { TEAMCTL_CONFIG_DIR: mkdtempSync(join(dir, 'config-')), TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: team };
}

const rows = [];
/** A peak RSS against its target (test/bench/README.md). */
const target = (mb, max) => `peak ${(mb / max).toFixed(2)}× the ${max} MB target (${mb <= max ? 'met' : 'NOT met'})`;
const row = (what, r, extra = '') =>
  rows.push(`${what.padEnd(52)} ${r.wallS.toFixed(2).padStart(7)} s wall ${r.cpuS.toFixed(2).padStart(6)} s CPU ${r.rssMb.toFixed(0).padStart(5)} MB${extra}`);

// 1. 100k members as ndjson, against a fetch floor.
if (wanted('list')) {
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  const users = sandbox.store.addUsers('acme', 100_000);
  sandbox.store.createTeam('acme', 'big');
  sandbox.store.setTeamMembers('acme', 'big', users.map((u) => ({ userId: u.id })));
  const env = envFor(sandbox, 'big');
  const floor = `
    let page;
    do {
      const url = new URL(${JSON.stringify(`${sandbox.url}/v1/orgs/acme/teams/big/members`)});
      url.searchParams.set('limit', '1000');
      if (page) url.searchParams.set('page', page);
      const body = await (await fetch(url, { headers: { authorization: 'Bearer ${sandbox.token}', accept: 'application/json' } })).json();
      page = body.next?.page;
    } while (page);`;
  const cli = [];
  const bare = [];
  for (let i = 0; i < runs; i++) {
    cli.push(await timed([process.execPath, bin, 'members', 'list', '-o', 'ndjson'], env));
    bare.push(await timed([process.execPath, '--input-type=module', '-e', floor], env));
  }
  const pick = (xs) => xs.find((r) => r.wallS === median(xs.map((x) => x.wallS)));
  const c = pick(cli);
  const f = pick(bare);
  row('members list -o ndjson, 100,000 members', c, `  ${(c.wallS / f.wallS).toFixed(2)}× the floor; ${target(c.rssMb, 100)}`);
  row('  floor: fetch the same 100 pages, discard', f);
  await sandbox.close();
}

// 1b. --jq over a 10,000-member listing, against the same listing as --json.
if (wanted('jq')) {
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  const users = sandbox.store.addUsers('acme', 10_000);
  sandbox.store.createTeam('acme', 'ten');
  sandbox.store.setTeamMembers('acme', 'ten', users.map((u) => ({ userId: u.id })));
  const env = envFor(sandbox, 'ten');
  const jq = [];
  const json = [];
  for (let i = 0; i < runs; i++) {
    jq.push(await timed([process.execPath, bin, 'members', 'list', '--jq', '.[].organization.user.email'], env));
    json.push(await timed([process.execPath, bin, 'members', 'list', '--json'], env));
  }
  const pick = (xs) => xs.find((r) => r.wallS === median(xs.map((x) => x.wallS)));
  const q = pick(jq);
  const j = pick(json);
  row(`members list --jq '.[]…email', 10,000 members`, q, `  +${(q.cpuS - j.cpuS).toFixed(2)} s CPU, +${(q.rssMb - j.rssMb).toFixed(0)} MB over --json; ${target(q.rssMb, 100)}`);
  row('  members list --json, the same', j);
  await sandbox.close();
}

// 2. glossary import, 10k and 100k rows, into an empty glossary.
if (wanted('import')) {
  const cpu = {};
  for (const n of [10_000, 100_000]) {
    const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
    const file = join(dir, `terms-${n}.csv`);
    const lines = ['en,fr,de'];
    for (let i = 0; i < n; i++) lines.push(`term ${i},terme ${i},Begriff ${i}`);
    writeFileSync(file, lines.join('\n') + '\n');
    const r = await timed([process.execPath, bin, 'glossary', 'import', file, '--quiet'], envFor(sandbox, 'any'));
    if (sandbox.store.glossaryEntries('acme').length !== n) throw new Error(`import of ${n} rows left ${sandbox.store.glossaryEntries('acme').length} entries`);
    cpu[n] = r.cpuS;
    row(`glossary import, ${n.toLocaleString('en')} rows`, r, `  ${Math.round(n / r.wallS).toLocaleString('en')} rows/s${n === 100_000 ? `; ${target(r.rssMb, 250)}` : ''}`);
    await sandbox.close();
  }
  rows.push(`  CPU 100k / 10k: ${(cpu[100_000] / cpu[10_000]).toFixed(1)}× (linear: 10×)`);
}

// 2b. glossary sync --prune, 100k rows against 100k entries: 10% of the rows changed, 5% new, 5%
// of the entries not in the file (pruned).
if (wanted('sync')) {
  const n = 100_000;
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  const at = '2025-01-01T00:00:00.000Z';
  for (let i = 0; i < n; i++) {
    sandbox.store.addGlossaryEntry('acme', { id: `g${String(i).padStart(6, '0')}`, translations: { en: `term ${i}`, fr: `terme ${i}`, de: `Begriff ${i}` }, createdAt: at, updatedAt: at });
  }
  const file = join(dir, `sync-${n}.csv`);
  const lines = ['en,fr,de'];
  for (let i = n / 20; i < n + n / 20; i++) lines.push(i % 10 === 0 ? `term ${i},terme ${i} (neu),Begriff ${i} neu` : `term ${i},terme ${i},Begriff ${i}`);
  writeFileSync(file, lines.join('\n') + '\n');
  const r = await timed([process.execPath, bin, 'glossary', 'sync', file, '--prune', '--max-deletions', '10%', '--yes', '--quiet'], envFor(sandbox, 'any'));
  const entries = sandbox.store.glossaryEntries('acme');
  const changed = entries.filter((e) => e.translations.fr.endsWith('(neu)')).length;
  if (entries.length !== n || changed !== n / 10) throw new Error(`sync left ${entries.length} entries, ${changed} changed`);
  row(`glossary sync --prune, ${n.toLocaleString('en')} rows`, r, `  ${target(r.rssMb, 250)}`);
  await sandbox.close();
}

// 3. members sync planning, 10k and 100k members (a roster shifted by 5%: adds, removals, roles).
if (wanted('plan')) {
  const cpu = {};
  for (const n of [10_000, 100_000]) {
    const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
    const users = sandbox.store.addUsers('acme', n + n / 10);
    sandbox.store.createTeam('acme', 't');
    sandbox.store.setTeamMembers('acme', 't', users.slice(0, n).map((u, i) => ({ userId: u.id, role: i % 50 ? 'member' : 'owner' })));
    const roster = join(dir, `roster-${n}.csv`);
    writeFileSync(roster, ['id,role', ...users.slice(n / 20, n + n / 20).map((u, i) => `${u.id},${i % 40 ? 'member' : 'owner'}`)].join('\n') + '\n');
    const r = await timed([process.execPath, bin, 'members', 'sync', '--roster', roster, '--prune', '--dry-run', '--quiet', '--force'], envFor(sandbox, 't'));
    cpu[n] = r.cpuS;
    row(`members sync --dry-run, ${n.toLocaleString('en')} members`, r);
    await sandbox.close();
  }
  rows.push(`  CPU 100k / 10k: ${(cpu[100_000] / cpu[10_000]).toFixed(1)}× (linear: 10×; start-up weighs on 10k)`);
}

// 4. 1,000 role changes over 50 ms latency.
if (wanted('roles')) {
  const latencyMs = 50;
  const sandbox = await startSandbox({ port: 0, seed: 'empty', latencyMs, requestLogLimit: 10 });
  const users = sandbox.store.addUsers('acme', 1000);
  sandbox.store.createTeam('acme', 'roles');
  const roster = join(dir, 'owners.csv');
  writeFileSync(roster, ['id,role', ...users.map((u) => `${u.id},owner`)].join('\n') + '\n');
  for (const concurrency of [undefined, 64]) {
    sandbox.store.setTeamMembers('acme', 'roles', users.map((u) => ({ userId: u.id, role: 'member' })));
    const args = [process.execPath, bin, 'members', 'sync', '--roster', roster, '--yes', '--quiet', ...(concurrency ? ['--concurrency', String(concurrency)] : [])];
    const r = await timed(args, envFor(sandbox, 'roles'));
    const owners = sandbox.store.teamMembers('acme', 'roles').filter((m) => m.role === 'owner').length;
    if (owners !== 1000) throw new Error(`role changes left ${owners} owners`);
    const c = concurrency ?? 8;
    row(`1,000 role changes, 50 ms latency, --concurrency ${c}${concurrency ? '' : ' (default)'}`, r, `  floor ${((Math.ceil(1000 / c) * latencyMs) / 1000).toFixed(2)} s`);
  }
  rows.push(`  sequential floor: ${((1000 * latencyMs) / 1000).toFixed(0)} s`);
  await sandbox.close();
}

// 5. Rosters of 300,000 and 1,000,000 rows, read whole (users the organization does not hold).
if (wanted('rows')) {
  const sandbox = await startSandbox({ port: 0, seed: 'empty', requestLogLimit: 10 });
  sandbox.store.addUsers('acme', 10);
  sandbox.store.createTeam('acme', 't');
  for (const [n, ext] of [[300_000, 'csv'], [1_000_000, 'csv'], [1_000_000, 'tsv']]) {
    const roster = join(dir, `rows-${n}.${ext}`);
    const sep = ext === 'csv' ? ',' : '\t';
    const lines = [`email${sep}role`];
    for (let i = 0; i < n; i++) lines.push(`person${i}@example.com${sep}member`);
    writeFileSync(roster, lines.join('\n') + '\n');
    const r = await timed([process.execPath, bin, 'members', 'sync', '--roster', roster, '--dry-run', '--quiet'], envFor(sandbox, 't'), 3);
    if (!r.stderr.includes(`error: ${n} users to add are not in organization acme`)) throw new Error(`the ${n}-row roster was not read whole:\n${r.stderr.slice(0, 2000)}`);
    row(`roster of ${n.toLocaleString('en')} rows (.${ext}), read`, r);
  }
  await sandbox.close();
}

console.log(`big jobs on Node ${process.versions.node} (wall, CLI CPU, CLI peak RSS)`);
for (const line of rows) console.log(line);
