#!/usr/bin/env node
// The sandbox at rehearsal scale (README, sandbox: "Rehearsing at scale"), run after `npm run
// build`: `node test/sandbox/rehearsal-bench.js [--data]`. 100 glossary PUTs of 1,000 inserts,
// then every page (limit 1000) by id and by `en`, against an in-process sandbox; prints the
// wall time of each phase and the process CPU (sandbox and client share it).
/* global fetch */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../dist/sandbox-server.js';

const withData = process.argv.includes('--data');
const dir = mkdtempSync(join(tmpdir(), 'teamctl-rehearsal-'));
const sandbox = await startSandbox({ port: 0, seed: 'empty', dataFile: withData ? join(dir, 'sandbox.json') : undefined });
const headers = { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' };
const glossary = `${sandbox.url}/v1/orgs/acme/translations-glossary`;

const cpuStart = process.cpuUsage();
const start = performance.now();
for (let batch = 0; batch < 100; batch++) {
  const operations = Array.from({ length: 1000 }, (_, i) => ({ type: 'insert', translations: { en: `term ${batch}-${i}`, fr: `terme ${i}-${batch}` } }));
  const res = await fetch(glossary, { method: 'PUT', headers, body: JSON.stringify({ operations }) });
  if (res.status !== 204) throw new Error(`PUT answered ${res.status}`);
}
const imported = performance.now();
let listed = 0;
for (const orderBy of [undefined, 'en']) {
  let page;
  do {
    const url = new URL(glossary);
    url.searchParams.set('limit', '1000');
    if (orderBy) url.searchParams.set('orderBy', orderBy);
    if (page) url.searchParams.set('page', page);
    const body = await (await fetch(url, { headers })).json();
    listed += body.items.length;
    page = body.next?.page;
  } while (page);
}
const done = performance.now();
await sandbox.close();
const cpu = process.cpuUsage(cpuStart);
rmSync(dir, { recursive: true, force: true });
console.log(
  `100k inserts: ${Math.round(imported - start)} ms; ${listed} entries listed (by id, by en): ${Math.round(done - imported)} ms; ` +
    `CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms${withData ? ' (with --data)' : ''}`,
);
