// Every listing at a terminal of 60, 80 and 120 columns, in colour (`teamctl help formatting`): the
// headers are painted (bold, as the terminal shows it) and no escape code is ever spelled out as
// text, whether the table fits, is narrowed, or leaves a column out and says so under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { fakeStreams } from '../helpers/streams.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'demo' });
});
afterAll(async () => {
  await sandbox.close();
});

const listings = [
  ['users', 'list'],
  ['members', 'list'],
  ['glossary', 'list'],
  ['teams', 'list'],
  ['users', 'teams', 'kenji.sato@example.com'],
];

describe.each([60, 80, 120])('listings at a %i-column terminal, in colour', (columns) => {
  it.each(listings.map((argv) => [argv.join(' '), argv] as const))('%s: headers painted, no escape code spelled out', async (_name, argv) => {
    const streams = fakeStreams({ stdoutIsTTY: true });
    Object.assign(streams.stdout, { columns });
    const env = { TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme', TEAMCTL_TEAM: 'engineering', TEAMCTL_CONFIG_DIR: '/nonexistent' };
    expect(await main(argv, { streams, env })).toBe(0);
    const out = streams.out();
    expect(out).not.toMatch(/\\e|\\u001b/);
    // Every header cell bold: ESC [1m … ESC [22m.
    const header = out.split('\n').find((l) => l.startsWith('│')) ?? '';
    const cells = header.slice(1, -1).split('│').map((c) => c.trim());
    expect(cells.length).toBeGreaterThan(1);
    // eslint-disable-next-line no-control-regex
    for (const cell of cells) expect(cell).toMatch(/^\u001b\[1m\S+\u001b\[22m$/);
  });
});
