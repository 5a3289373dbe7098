#!/usr/bin/env node
// The floor of teamctl's own libraries (`npm run bench`, test/bench/README.md): what `members list`
// or `glossary get <id>` costs with nothing but commander and undici. It loads commander (as
// teamctl does, its ES module), builds a command tree of teamctl's size from the shape given in
// TEAMCTL_FLOOR_TREE (every noun, verb and option of teamctl's tree, read by the bench), parses
// the same argv, sends the same one-page request through undici loaded the narrow way (as
// src/api/transport.ts loads it) and prints the same TSV. teamctl's time over this one is what
// its own modules cost.
import Module, { createRequire } from 'node:module';

Module.enableCompileCache?.();
const require = createRequire(import.meta.url);
const { Command } = await import('commander');

/** @typedef {{ name: string, args: string[], options: { flags: string, description: string }[], commands: Shape[] }} Shape */
/** @type {Shape} */
const shape = JSON.parse(process.env.TEAMCTL_FLOOR_TREE ?? '');

/** The request and the TSV of each command the bench times. */
const actions = {
  'members list': async (request) => {
    const body = await request(`/orgs/${process.env.TEAMCTL_ORG}/teams/${process.env.TEAMCTL_TEAM}/members?limit=1000`);
    const rows = body.items.map((m) => [m.organization.user?.id ?? m.organization.id, m.organization.user?.email, m.organization.user?.displayName, m.team.role, m.organization.role]);
    return [['id', 'email', 'displayName', 'role', 'orgRole'], ...rows];
  },
  'glossary get': async (request, id) => {
    const entry = await request(`/orgs/${process.env.TEAMCTL_ORG}/translations-glossary/${encodeURIComponent(id)}`);
    const order = (a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a < b ? -1 : 1); // English first, as teamctl shows it
    return [['language', 'translation'], ...Object.keys(entry.translations).sort(order).map((l) => [l, entry.translations[l]])];
  },
};

function narrowUndici() {
  const h2 = require.resolve('undici/lib/dispatcher/client-h2.js');
  const standIn = new Module(h2);
  standIn.filename = h2;
  standIn.loaded = true;
  standIn.exports = function () {
    throw new Error('no HTTP/2');
  };
  require.cache[h2] = standIn;
  if (process.versions.node.startsWith('20.')) require('node:v8').setFlagsFromString('--liftoff-only');
  const Agent = require('undici/lib/dispatcher/agent.js');
  const request = require('undici/lib/api/api-request.js');
  return { Agent, request };
}

async function act(path, ...args) {
  const { Agent, request } = narrowUndici();
  const agent = new Agent({ keepAliveTimeout: 10000, connections: 64 });
  const base = new URL(`${process.env.TEAMCTL_BASE_URL}/v1`);
  const get = async (p) => {
    const res = await request.call(agent, {
      origin: base.origin,
      path: base.pathname + p,
      method: 'GET',
      headers: { authorization: `Bearer ${process.env.TEAMCTL_TOKEN}`, accept: 'application/json' },
    });
    return res.body.json();
  };
  const rows = await actions[path](get, ...args);
  const cell = (v) => String(v ?? '').replace(/[\t\n\r\\]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' })[c]);
  process.stdout.write(rows.map((r) => r.map(cell).join('\t') + '\n').join(''), () => process.exit(0));
}

/** The tree of `shape` under `parent`, every option declared, the timed commands wired. */
function build(parent, node, path) {
  for (const o of node.options) parent.option(o.flags, o.description);
  for (const child of node.commands) {
    const sub = parent.command([child.name, ...child.args].join(' '));
    const full = [...path, child.name].join(' ');
    if (actions[full]) sub.action((...args) => act(full, ...args.slice(0, child.args.length)));
    build(sub, child, [...path, child.name]);
  }
}

const program = new Command(shape.name);
build(program, shape, []);
await program.parseAsync(process.argv.slice(2), { from: 'user' });
