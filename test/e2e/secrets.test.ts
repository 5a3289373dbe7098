// The token never reaches a file teamctl writes (`teamctl help environment`, "Talking to the service"): a service
// that echoes it in an error message, or data that happens to contain it, is redacted in the
// --report CSV, the JSON report and exports exactly as on stdout and stderr.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, sandboxWithEnv, type SandboxEnv } from './harness.js';

let s: SandboxEnv;
beforeEach(async () => {
  s = await sandboxWithEnv({ seed: 'empty' });
  s.sandbox.store.addUsers('acme', 5);
  s.sandbox.store.createTeam('acme', 't');
  s.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
  s.env.TEAMCTL_TEAM = 't';
});
afterEach(async () => {
  await s.sandbox.close();
});

const dir = mkdtempSync(join(tmpdir(), 'teamctl-secrets-'));

describe('the token in files', () => {
  it('is redacted in --report and --json when the service quotes it in an error', async () => {
    const token = s.sandbox.token;
    s.sandbox.intercept((req) =>
      req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: `bad request from Bearer ${token}` } } } : undefined,
    );
    const report = join(dir, 'add-report.csv');
    const r = await runCli(['members', 'add', 'u00002', '--report', report, '--json', '--debug'], { env: s.env });
    expect(r.code).toBe(1);
    const csv = readFileSync(report, 'utf8');
    // The service's message is in the file, with the token replaced.
    expect(csv).toContain('bad request from Bearer ***');
    expect(csv).not.toContain(token);
    expect(r.stdout).toContain('Bearer ***');
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId)).toEqual(['u00001']);
  });

  it('is redacted in exports', async () => {
    const token = s.sandbox.token;
    s.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: `key ${token}`, fr: 'clé' } }], new Date().toISOString());
    for (const format of ['csv', 'json', 'tbx']) {
      const out = join(dir, `export.${format}`);
      const r = await runCli(['glossary', 'export', '--format', format, '-f', out], { env: s.env });
      expect(r.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('key ***');
      expect(text).not.toContain(token);
    }
  });
});

describe('the token split across lines by the service', () => {
  const withheld = '(message withheld: it quoted the token)';
  // The token's letters and digits, however they were cut apart.
  const joined = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '');
  it.each([
    ['a line break', (t: string) => `refused Bearer ${t.slice(0, 9)}\n${t.slice(9)}`, 400, 'json'],
    ['CR LF and an indent', (t: string) => `refused Bearer ${t.slice(0, 5)}\r\n    ${t.slice(5)}`, 400, 'json'],
    ['a line separator', (t: string) => `refused ${t.slice(0, 12)}\u2028${t.slice(12)}`, 400, 'json'],
    ['an HTML page', (t: string) => `<html><body><p>proxy error for\n${t.slice(0, 7)}<br>${t.slice(7)}</p></body></html>`, 502, 'html'],
    ['an ANSI reset', (t: string) => `refused ${t.slice(0, 10)}\u001b[0m${t.slice(10)}`, 400, 'json'],
    ['an ANSI reset spelled \\e[0m', (t: string) => `refused ${t.slice(0, 10)}\\e[0m${t.slice(10)}`, 400, 'json'],
    ['a literal backslash-n', (t: string) => `refused ${t.slice(0, 10)}\\n${t.slice(10)}`, 400, 'json'],
    ['a backslash, %0A and n', (t: string) => `refused ${t.slice(0, 10)}\\%0An${t.slice(10)}`, 400, 'json'],
  ] as const)('%s: withheld in the summary, the error, --report, --json, ndjson, Markdown and the step summary', async (_what, message, status, kind) => {
    const token = s.sandbox.token;
    s.sandbox.intercept((req) =>
      req.method === 'PUT'
        ? kind === 'json'
          ? { kind: 'respond', status, body: { error: { code: status, message: message(token) } } }
          : { kind: 'respond', status, body: message(token), headers: { 'content-type': 'text/html' } }
        : undefined,
    );
    const summary = join(dir, `split-summary-${kind}-${status}-${message.length}.md`);
    const outputs: string[] = [];
    for (const format of ['json', 'ndjson', 'markdown', 'table']) {
      const report = join(dir, `split-report-${format}.csv`);
      const r = await runCli(['members', 'add', 'u00002', '--report', report, '-o', format], { env: { ...s.env, GITHUB_STEP_SUMMARY: summary } });
      expect(r.code, r.stderr).toBe(1);
      outputs.push(r.stdout, r.stderr, readFileSync(report, 'utf8'));
      for (const text of [r.stdout === '' ? r.stderr : r.stdout, r.stderr, readFileSync(report, 'utf8')]) expect(text).toContain(withheld);
    }
    outputs.push(readFileSync(summary, 'utf8'));
    expect(readFileSync(summary, 'utf8')).toContain(withheld);
    for (const text of outputs) {
      expect(joined(text)).not.toContain(joined(token));
      for (const half of [token.slice(0, 10), token.slice(12)]) expect(text).not.toContain(half);
    }
    expect(s.sandbox.store.teamMembers('acme', 't').map((m) => m.userId)).toEqual(['u00001']);
  });
});

describe('a value that is the token', () => {
  it('a roster cell that is the token is not echoed in the refusal of its line: exit 2, nothing sent', async () => {
    const token = s.sandbox.token;
    const roster = join(dir, 'token-cell.csv');
    writeFileSync(roster, `email\n${token}\n`);
    const before = s.sandbox.requests.length;
    const r = await runCli(['members', 'sync', '--roster', roster], { env: s.env });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('token-cell.csv:2: invalid e-mail address "***"');
    expect(r.stdout + r.stderr).not.toContain(token);
    expect(s.sandbox.requests.length).toBe(before);
  });

  it('a command that sends nothing (apply --show) does not echo a file named by the token either', async () => {
    const token = s.sandbox.token;
    writeFileSync(join(dir, `${token}.json`), '{}\n');
    const r = await runCli(['apply', '--show', `${token}.json`], { env: s.env, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: ***.json is not a teamctl plan');
    expect(r.stdout + r.stderr).not.toContain(token);
  });
});

// A token with every character that an escaper rewrites (Markdown, CSV, JSON, XML): escaping must
// never split it past redaction. Its letters and digits alone are searched for, so no spelling of
// it (`sekrit\_`, `&amp;`, `""`) can hide in what is written.
describe('a token full of escapable characters', () => {
  const token = 'sekrit_*-.~|\\TOKEN_9f3Kq7Zp';
  const skeleton = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '');
  const leaks = (text: string): boolean => skeleton(text).includes(skeleton(token));
  let t: SandboxEnv;
  beforeEach(async () => {
    t = await sandboxWithEnv({ seed: 'empty', token });
    t.sandbox.store.addUsers('acme', 3);
    t.sandbox.store.createTeam('acme', 't');
    t.sandbox.store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }]);
    t.sandbox.store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: `key ${token}`, fr: `clé ${token}` } }], new Date().toISOString());
    t.env.TEAMCTL_TEAM = 't';
  });
  afterEach(async () => {
    await t.sandbox.close();
  });

  it('appears in no output format, no file and no step summary', async () => {
    expect(skeleton(token)).toBe('sekritTOKEN9f3Kq7Zp');
    const written: string[] = [];
    const run = async (args: string[], env: Record<string, string> = {}): Promise<void> => {
      const r = await runCli([...args, '--debug'], { env: { ...t.env, ...env } });
      written.push(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
    };
    const [entry] = t.sandbox.store.glossaryEntries('acme');
    for (const format of ['table', 'tsv', 'csv', 'json', 'ndjson', 'markdown']) {
      await run(['glossary', 'list', '-o', format]);
      await run(['glossary', 'get', entry!.id, '-o', format]);
    }
    const files: string[] = [];
    for (const format of ['csv', 'json', 'ndjson', 'tbx']) {
      const out = join(dir, `escapable.${format}`);
      files.push(out);
      await run(['glossary', 'export', '--format', format, '-f', out]);
      await run(['glossary', 'export', '--format', format]);
    }
    await run(['glossary', 'export', '--excel', '-f', join(dir, 'escapable-excel.csv')]);
    files.push(join(dir, 'escapable-excel.csv'));

    // A plan whose rows hold the token (the file has it), in Markdown and as a plan file.
    const terms = join(dir, 'escapable-terms.csv');
    writeFileSync(terms, `en,de\n"other ${token.replace(/"/g, '""')}",anders\n`);
    const summary = join(dir, 'escapable-summary.md');
    const plan = join(dir, 'escapable-plan.json');
    files.push(summary, plan);
    await run(['glossary', 'import', terms, '--dry-run', '-o', 'markdown'], { GITHUB_STEP_SUMMARY: summary });
    await run(['glossary', 'import', terms, '--plan-out', plan]);

    // The service quotes the token in its error: reports, JSON, Markdown and the summary.
    t.sandbox.intercept((req) => (req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: `refused Bearer ${token}` } } } : undefined));
    for (const format of ['json', 'markdown', 'table']) {
      const report = join(dir, `escapable-report-${format}.csv`);
      files.push(report);
      await run(['members', 'add', 'u00002', '--report', report, '-o', format], { GITHUB_STEP_SUMMARY: summary });
    }
    await run(['glossary', 'import', terms, '-o', 'markdown', '--report', join(dir, 'escapable-import.csv')], { GITHUB_STEP_SUMMARY: summary });
    files.push(join(dir, 'escapable-import.csv'));

    for (const text of written) expect(leaks(text), text).toBe(false);
    for (const file of files) expect(leaks(readFileSync(file, 'utf8')), file).toBe(false);
    // The places the token stood now say so, in every kind of output checked above.
    expect(written.join('\n')).toContain('***');
    expect(readFileSync(summary, 'utf8')).toMatch(/refused Bearer `?\*\*\*/);
  });
});

// A token of every visible ASCII character TEAMCTL_TOKEN accepts (src/token.ts), which every
// writer escapes one way or another: TSV doubles its backslash, CSV its quote, JSON both, XML its
// `<&>"'`, Markdown its markup, percent-encoding all but `-_.!~*'()`, a shell line its `'`. A
// hostile service echoes it in every field it answers with and in its errors, raw, JSON-quoted
// and percent-encoded in either case of hex digit. Whatever the escaping, a spelling keeps the
// token's runs of letters and digits: none of them may appear anywhere.
describe('a token of every visible ASCII character, echoed by a hostile service', () => {
  const token = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
  const runs = ['0123456789', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'];
  const leaked = (text: string): string[] => runs.filter((run) => text.includes(run));
  const lowerPercent = [...token].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `%${c.charCodeAt(0).toString(16)}`)).join('');
  const echoes = `raw ${token} json ${JSON.stringify(token)} percent ${encodeURIComponent(token)} lower ${lowerPercent}`;
  let t: SandboxEnv;
  beforeEach(async () => {
    t = await sandboxWithEnv({ seed: 'empty', token });
    const store = t.sandbox.store;
    store.addUsers('acme', 3);
    store.addUser('acme', { id: 'u-echo', displayName: `name ${token}`, email: 'echo@example.com', role: 'read', disabled: false, joinedAt: '2024-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 });
    store.addUser('acme', { id: 'u-pct', displayName: `pct ${encodeURIComponent(token)}`, email: 'pct@example.com', role: 'read', disabled: false, joinedAt: '2024-01-01T00:00:00.000Z', sso: false, spaces: 0, sites: 0 });
    store.createTeam('acme', 't');
    store.createTeam('acme', `team ${token}`);
    store.setTeamMembers('acme', 't', [{ userId: 'u00001', role: 'owner' }, { userId: 'u-echo', role: 'member' }, { userId: 'u-pct', role: 'member' }]);
    store.applyGlossaryOperations('acme', [{ type: 'insert', translations: { en: `key ${token}`, fr: `clé ${lowerPercent}` } }], new Date().toISOString());
    t.env.TEAMCTL_TEAM = 't';
    // Whose token it is: a user record made of the token; every change refused quoting it.
    t.sandbox.intercept((req) => {
      if (req.method === 'GET' && req.path === '/v1/user') {
        return { kind: 'respond', status: 200, body: { object: 'user', id: 'u-echo', displayName: `me ${token}`, email: `${encodeURIComponent(token)}@example.com`, urls: { location: '' } } };
      }
      return req.method === 'PUT' ? { kind: 'respond', status: 400, body: { error: { code: 400, message: `refused: ${echoes}` } } } : undefined;
    });
  });
  afterEach(async () => {
    await t.sandbox.close();
  });

  it('appears in no output format, report, step summary, error or hint', async () => {
    expect(token).toHaveLength(94);
    const written: string[] = [];
    const run = async (args: string[], env: Record<string, string> = {}): Promise<string> => {
      const r = await runCli([...args, '--debug'], { env: { ...t.env, ...env } });
      const text = `${args.join(' ')} (exit ${r.code})\n${r.stdout}\n${r.stderr}`;
      written.push(text);
      return text;
    };
    const [entry] = t.sandbox.store.glossaryEntries('acme');
    for (const format of ['table', 'tsv', 'csv', 'json', 'ndjson', 'markdown']) {
      for (const list of [['teams', 'list'], ['users', 'list'], ['members', 'list'], ['glossary', 'list'], ['glossary', 'get', entry!.id], ['whoami'], ['auth', 'status']]) {
        await run([...list, '-o', format]);
      }
    }
    // TSV on a pipe, the default: the backslash doubled (teams list | cat).
    const tsv = await run(['teams', 'list']);
    expect(tsv).toContain('team ***');

    const files: string[] = [];
    const summary = join(dir, 'ascii-summary.md');
    const terms = join(dir, 'ascii-terms.csv');
    writeFileSync(terms, `en,de\n"other ${token.replace(/"/g, '""')}",anders\n`);
    for (const format of ['json', 'markdown', 'table', 'tsv', 'csv', 'ndjson']) {
      const report = join(dir, `ascii-report-${format}.csv`);
      files.push(report);
      const text = await run(['members', 'add', 'u00002', '--report', report, '-o', format], { GITHUB_STEP_SUMMARY: summary });
      expect(text).toContain('(exit 1)');
    }
    const importReport = join(dir, 'ascii-import.csv');
    const plan = join(dir, 'ascii-plan.json');
    files.push(summary, importReport, plan);
    await run(['glossary', 'import', terms, '--plan-out', plan]);
    await run(['glossary', 'import', terms, '-o', 'markdown', '--report', importReport], { GITHUB_STEP_SUMMARY: summary });
    for (const format of ['csv', 'json', 'ndjson', 'tbx']) {
      const out = join(dir, `ascii-export.${format}`);
      files.push(out);
      await run(['glossary', 'export', '--format', format, '-f', out]);
    }

    // Errors and their hints: a refused token, a page that is not JSON, a message cut at 500
    // characters in the middle of the token.
    t.sandbox.clearIntercepts();
    t.sandbox.intercept(() => ({ kind: 'respond', status: 401, body: { error: { code: 401, message: `token ${echoes} is unknown` } } }));
    const refused = await run(['teams', 'list']);
    expect(refused).toContain('(exit 4)');
    t.sandbox.clearIntercepts();
    t.sandbox.intercept(() => ({ kind: 'respond', status: 404, headers: { 'content-type': 'text/html' }, body: `<html><body><h1>no ${lowerPercent} here</h1></body></html>` }));
    await run(['glossary', 'get', 'ge_1']);
    t.sandbox.clearIntercepts();
    t.sandbox.intercept(() => ({ kind: 'respond', status: 400, body: { error: { code: 400, message: `${'x'.repeat(450)} ${token} ${encodeURIComponent(token)}` } } }));
    const cut = await run(['glossary', 'get', 'ge_1']);
    expect(cut).toMatch(/x{450} \*\*\*/);

    for (const text of written) expect(leaked(text), text).toEqual([]);
    for (const file of files) expect(leaked(readFileSync(file, 'utf8')), file).toEqual([]);
    expect(written.join('\n')).toContain('***');
    expect(readFileSync(summary, 'utf8')).toMatch(/refused: raw \*\*\* json "?\*\*\*"? percent \*\*\* lower \*\*\*/);
    expect(readFileSync(importReport, 'utf8')).toContain('***');
  });
});
