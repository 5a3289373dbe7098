#!/usr/bin/env node
// Start-up benchmark (run: `npm run bench` after `npm ci`). Prints, in one run, the median time of
// each command and its ratio to the floor `node -e 0`, plus `members list` and `glossary get`
// against a bare node:http script doing the same single request, against the floor of teamctl's
// own libraries (floor.js: commander with a tree of teamctl's size, and undici, doing the same),
// and the peak RSS of those (a separate pass under /usr/bin/time, so the timings are not
// disturbed). Runs are interleaved so machine noise hits all alike. teamctl runs with its compile
// cache warm (a cache folder of the bench's, filled before the timed runs) and, for `--help` and
// `members list`, cold (an empty cache folder for each run); Node 20 has no compile cache.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProgram } from '../../dist/cli.js';
import { startSandbox } from '../../dist/sandbox-server.js';

const runs = Number(process.env.BENCH_RUNS ?? 15);
const bin = fileURLToPath(new URL('../../bin/teamctl.js', import.meta.url));

const sandbox = await startSandbox({ port: 0, seed: 'demo' });

// The shape of teamctl's whole command tree (nouns, verbs, arguments, options) for floor.js.
const sink = { write: () => true };
const shapeOf = (c) => ({
  name: c.name(),
  args: c.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`)),
  options: c.options.map((o) => ({ flags: o.flags, description: o.description })),
  commands: c.commands.map(shapeOf),
});
const tree = shapeOf(await buildProgram({ streams: { stdin: process.stdin, stdout: sink, stderr: sink }, env: {} }, { exitCode: 0 }));
const floorScript = fileURLToPath(new URL('./floor.js', import.meta.url));
// NODE_EXTRA_CA_CERTS alone adds ~40 ms to every Node 20 process on some machines: left out.
const env = {
  PATH: process.env.PATH,
  TEAMCTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'teamctl-bench-')),
  TEAMCTL_BASE_URL: sandbox.url,
  TEAMCTL_TOKEN: sandbox.token,
  TEAMCTL_ORG: 'acme',
  TEAMCTL_TEAM: 'design',
  TEAMCTL_FLOOR_TREE: JSON.stringify(tree),
};
const bareRequest = `
  const http = require('node:http');
  http.get(${JSON.stringify(`${sandbox.url}/v1/orgs/acme/teams/design/members?limit=1000`)},
    { headers: { authorization: 'Bearer ${sandbox.token}', accept: 'application/json' } },
    (res) => { let b = ''; res.on('data', (d) => (b += d)); res.on('end', () => { for (const m of JSON.parse(b).items) process.stdout.write(m.organization.id + '\\n'); }); });`;

// The same request through the npm undici package (what teamctl uses), as an ES module.
const undiciRequest = `
  const { Agent } = await import(${JSON.stringify(new URL('../../node_modules/undici/index.js', import.meta.url).href)});
  const agent = new Agent();
  const url = new URL(${JSON.stringify(`${sandbox.url}/v1/orgs/acme/teams/design/members?limit=1000`)});
  const res = await agent.request({ origin: url.origin, path: url.pathname + url.search, method: 'GET',
    headers: { authorization: 'Bearer ${sandbox.token}', accept: 'application/json' } });
  const items = (await res.body.json()).items;
  process.stdout.write(items.map((m) => m.organization.id + '\\n').join(''), () => process.exit(0));`;

// The same request through undici loaded the narrow way teamctl loads it (test/bench/README.md):
// its Agent and request API only, the HTTP/2 client answered by a stand-in, Liftoff only on
// Node 20, the compile cache on where Node has one — the floor of teamctl's own transport.
const undiciFile = (path) => JSON.stringify(fileURLToPath(new URL(`../../node_modules/undici/${path}`, import.meta.url)));
const narrowUndiciRequest = `
  const Module = require('node:module');
  if (Module.enableCompileCache) Module.enableCompileCache();
  const h2 = ${undiciFile('lib/dispatcher/client-h2.js')};
  const standIn = new Module(h2); standIn.filename = h2; standIn.loaded = true;
  standIn.exports = function () { throw new Error('no HTTP/2'); };
  require.cache[h2] = standIn;
  if (process.versions.node.startsWith('20.')) require('node:v8').setFlagsFromString('--liftoff-only');
  const Agent = require(${undiciFile('lib/dispatcher/agent.js')});
  const request = require(${undiciFile('lib/api/api-request.js')});
  const agent = new Agent({ keepAliveTimeout: 10000, connections: 64 });
  const url = new URL(${JSON.stringify(`${sandbox.url}/v1/orgs/acme/teams/design/members?limit=1000`)});
  request.call(agent, { origin: url.origin, path: url.pathname + url.search, method: 'GET',
    headers: { authorization: 'Bearer ${sandbox.token}', accept: 'application/json' } })
    .then((res) => res.body.json())
    .then((body) => process.stdout.write(body.items.map((m) => m.organization.id + '\\n').join(''), () => process.exit(0)));`;

// The compile cache (`teamctl help environment`): a warm folder for the whole run, and an empty one
// for each cold run (XDG_CACHE_HOME, the cache folder's parent on Linux).
const warmCache = mkdtempSync(join(tmpdir(), 'teamctl-bench-cache-'));
const cold = (c) => [...c, 'cold'];

const cases = {
  'node -e 0 (floor)': [process.execPath, ['-e', '0']],
  'node:http one request': [process.execPath, ['-e', bareRequest]],
  'undici one request': [process.execPath, ['--input-type=module', '-e', undiciRequest]],
  'narrow undici one request': [process.execPath, ['-e', narrowUndiciRequest]],
  'commander+undici members list': [process.execPath, [floorScript, 'members', 'list']],
  'commander+undici glossary get': [process.execPath, [floorScript, 'glossary', 'get', sandbox.store.glossaryEntries('acme')[0].id]],
  'teamctl --version': [process.execPath, [bin, '--version']],
  'teamctl --help': [process.execPath, [bin, '--help']],
  'teamctl members sync --help': [process.execPath, [bin, 'members', 'sync', '--help']],
  'teamctl members list (1 page)': [process.execPath, [bin, 'members', 'list']],
  'teamctl glossary get': [process.execPath, [bin, 'glossary', 'get', sandbox.store.glossaryEntries('acme')[0].id]],
  'teamctl --help, cold cache': cold([process.execPath, [bin, '--help']]),
  'teamctl members list, cold cache': cold([process.execPath, [bin, 'members', 'list']]),
};

// spawnSync would block the in-process sandbox; run it in a child instead for requests.
const { spawn } = await import('node:child_process');
function time([cmd, args, cache]) {
  return new Promise((resolve, reject) => {
    const folder = cache === 'cold' ? mkdtempSync(join(tmpdir(), 'teamctl-bench-cold-')) : warmCache;
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { env: { ...env, XDG_CACHE_HOME: folder }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (folder !== warmCache) rmSync(folder, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      else resolve(ms);
    });
  });
}

spawnSync(process.execPath, ['-e', '0']); // warm the file cache
for (const c of Object.values(cases)) if (c[2] !== 'cold') await time(c); // and the compile caches
const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let i = 0; i < runs; i++) {
  for (const [name, c] of Object.entries(cases)) samples[name].push(await time(c));
}

// Peak RSS of the request-making commands: a few runs each under /usr/bin/time, the largest kept.
function peakRss([cmd, args]) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'RSS %M', cmd, ...args], { env: { ...env, XDG_CACHE_HOME: warmCache }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const m = /RSS (\d+)\s*$/.exec(err);
      if (code !== 0 || !m) reject(new Error(`${args.join(' ')} exited ${code}: ${err}`));
      else resolve(Number(m[1]) / 1024);
    });
  });
}
const rss = {};
for (const name of ['node:http one request', 'narrow undici one request', 'teamctl members list (1 page)', 'teamctl glossary get']) {
  const runsOf = [];
  for (let i = 0; i < 3; i++) runsOf.push(await peakRss(cases[name]));
  rss[name] = Math.max(...runsOf);
}
await sandbox.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const floor = median(samples['node -e 0 (floor)']);
const bare = median(samples['node:http one request']);
console.log(`Node ${process.versions.node}: ${runs} runs each, interleaved; median ms and ratio to node -e 0 (peak RSS where measured)`);
for (const [name, xs] of Object.entries(samples)) {
  const m = median(xs);
  const memory = rss[name] === undefined ? '' : `  ${rss[name].toFixed(0).padStart(4)} MB`;
  console.log(`${name.padEnd(32)} ${m.toFixed(1).padStart(7)} ms  ${(m / floor).toFixed(2)}×${memory}`);
}
const list = median(samples['teamctl members list (1 page)']);
const get = median(samples['teamctl glossary get']);
const undici = median(samples['undici one request']);
const narrow = median(samples['narrow undici one request']);
for (const [name, m] of [['members list', list], ['glossary get', get]]) {
  console.log(`${name} vs bare node:http request: ${(m / bare).toFixed(2)}×, vs narrow undici request: ${(m / narrow).toFixed(2)}×, vs package-index undici request: ${(m / undici).toFixed(2)}×`);
}
// The targets (test/bench/README.md), as ratios within this run: the floor of teamctl's own
// libraries (commander with a tree of teamctl's size and the narrow undici, doing the same
// command), `node -e 0`, and the peak RSS of before the bundle.
const target = (value, limit) => `${value.toFixed(2)}× (target ≤ ${limit}×: ${value <= limit ? 'met' : 'not met'})`;
for (const [name, m] of [['members list', list], ['glossary get', get]]) {
  console.log(`${name} vs commander+undici doing the same: ${target(m / median(samples[`commander+undici ${name}`]), 1.0)}`);
}
console.log(`--help vs node -e 0: ${target(median(samples['teamctl --help']) / floor, 1.5)}`);
console.log(`--version vs node -e 0: ${target(median(samples['teamctl --version']) / floor, 1.1)}`);
for (const name of ['teamctl members list (1 page)', 'teamctl glossary get']) {
  console.log(`peak RSS of ${name.slice(8)}: ${rss[name].toFixed(1)} MB (target ≤ 56 MB: ${rss[name] <= 56 ? 'met' : 'not met'})`);
}
rmSync(warmCache, { recursive: true, force: true });
