// users list on a terminal (`teamctl help formatting`): the table shows the day someone was last
// seen, and names wrap between their words; tsv, csv and json keep the service's timestamps.
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

async function usersList(args: string[], columns?: number): Promise<string> {
  const streams = fakeStreams({ stdoutIsTTY: columns !== undefined });
  if (columns !== undefined) Object.assign(streams.stdout, { columns });
  const env = { NO_COLOR: '1', TEAMCTL_BASE_URL: sandbox.url, TEAMCTL_TOKEN: sandbox.token, TEAMCTL_ORG: 'acme', TEAMCTL_CONFIG_DIR: '/nonexistent' };
  expect(await main(['users', 'list', ...args], { streams, env })).toBe(0);
  return streams.out();
}

describe('users list at a terminal', () => {
  it('at 100 columns: a name wraps between its words, the day last seen is one line, no line is wider', async () => {
    const table = await usersList(['--search', 'nikolai'], 100);
    const lines = table.trimEnd().split('\n');
    expect(lines.every((l) => [...l].length <= 100)).toBe(true);
    expect(table).toMatch(/│ Nikolai +│ Nikolai\.Ivanov@example\.com +│ \w+ +│ \d{4}-\d{2}-\d{2} +│ false +│\n│ +│ Ivanov +│/);
    expect(table).not.toMatch(/T\d{2}:\d{2}/);
  });

  it('tsv, csv and json keep the timestamp as the service sent it', async () => {
    const json = JSON.parse(await usersList(['--search', 'nikolai', '--json'])) as { lastSeenAt: string }[];
    const at = json[0]?.lastSeenAt ?? '';
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await usersList(['--search', 'nikolai', '-o', 'tsv'])).toContain(`\t${at}\t`);
    expect(await usersList(['--search', 'nikolai', '-o', 'csv'])).toContain(`,${at},`);
  });
});
