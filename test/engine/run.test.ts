// The change engine's order of work (README, "Review, then apply"; `teamctl help guards`, "Safety guards"; `teamctl help formatting`, "Reports",
// "Interruptions", "Exit codes"), with a scripted domain: what is printed, written and sent at
// each step, and what is not. The end-to-end tests drive the same code with the real domains.
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Context } from '../../src/context.js';
import { ExitCode, GuardError, InterruptedError, PartialError, ServiceError, TeamctlError, UsageError } from '../../src/errors.js';
import type { Tally } from '../../src/engine/exit.js';
import { parsePlanFile, type PlanFile } from '../../src/engine/planFile.js';
import { checkOutputs, confirmPrune, runChange, runOptions, type AppliedView, type ChangeDomain, type Refusal, type RunOptions } from '../../src/engine/run.js';
import { fakeStreams, type CapturedStreams } from '../helpers/streams.js';

interface Row {
  user: string;
  result: string;
}

const tally = (t: Partial<Tally> = {}): Tally => ({ total: 2, applied: 2, failed: 0, unknown: 0, unexplained: 0, unverifiable: false, ...t });

const planFile: PlanFile = {
  format: 'teamctl-plan',
  version: 1,
  id: 'abcdef0123456789',
  createdAt: '2026-11-25T00:00:00.000Z',
  command: 'members sync',
  baseUrl: 'https://api.example.test/v1',
  organization: 'acme',
  kind: 'members',
  body: { team: 't' },
};

interface Script {
  empty?: boolean;
  refusals?: Refusal[];
  confirm?: () => Promise<void>;
  /** What execute does before it answers (e.g. a signal arrives). */
  during?: (interrupted: () => boolean) => void;
  done?: Partial<AppliedView<Row>>;
}

/** A domain that records what the engine asked of it. */
function scripted(script: Script = {}) {
  const calls: string[] = [];
  let sawInterrupted: boolean | undefined;
  const view = (name: string, rows: Row[]) => ({ rows, json: { view: name, rows }, doc: { title: `${name} title`, sections: [{ heading: name, columns: ['User', 'Result'], rows: rows.map((r) => [r.user, r.result]) }] } });
  const domain: ChangeDomain<Row> = {
    planText: async (color) => {
      calls.push(`planText(${color})`);
      return 'Plan: add 2 members';
    },
    isEmpty: () => script.empty === true,
    refusals: () => {
      calls.push('refusals');
      return script.refusals ?? [];
    },
    confirm: async () => {
      calls.push('confirm');
      await script.confirm?.();
    },
    planned: () => {
      calls.push('planned');
      return view('planned', [{ user: 'a@example.com', result: 'to add' }]);
    },
    nothingToDo: () => {
      calls.push('nothingToDo');
      return { ...view('nothing', []), summary: () => 'nothing summary', tally: tally({ total: 0, applied: 0 }) };
    },
    work: () => {
      calls.push('work');
      return { label: 'Adding', units: 2, requests: 1 };
    },
    execute: async (progress, interrupted) => {
      calls.push('execute');
      progress.increment(1);
      script.during?.(interrupted);
      sawInterrupted = interrupted();
      return { ...view('done', [{ user: 'a@example.com', result: 'added' }, { user: '=b@example.com', result: 'added' }]), summary: (report) => `Added 2 members.${report === undefined ? '' : ` (each in ${report})`}`, tally: tally(), ...script.done };
    },
    planFile: () => {
      calls.push('planFile');
      return planFile;
    },
    csv: { header: ['user', 'result'], record: (r) => [r.user, r.result] },
    words: {
      nothingApplied: (t) => `none of the ${t.total} changes was applied`,
      partial: (t) => `${t.failed} of ${t.total} changes failed`,
      hint: (report) => (report === undefined ? 'run again' : `see ${report}`),
    },
    nothingToDoLine: 'Nothing to do: the team matches the roster.',
  };
  return { domain, calls, sawInterrupted: () => sawInterrupted };
}

function context(options: { env?: NodeJS.ProcessEnv; flags?: Record<string, unknown>; streams?: CapturedStreams } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'teamctl-run-'));
  const streams = options.streams ?? fakeStreams();
  const env = { TEAMCTL_CONFIG_DIR: join(dir, 'config'), TEAMCTL_STATE_DIR: join(dir, 'config'), ...options.env };
  const ctx = new Context({ streams, env, cwd: dir }, { color: false, ...options.flags });
  return { ctx, dir, streams };
}

async function failure(promise: Promise<unknown>): Promise<TeamctlError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TeamctlError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const run = (ctx: Context, domain: ChangeDomain<Row>, options: Partial<RunOptions> = {}) => runChange(ctx, domain, { dryRun: false, ...options });

describe('the plan and the guards', () => {
  it('prints the plan for people first, without colour when stderr has none; not at all with --quiet', async () => {
    const { ctx, streams } = context();
    const { domain, calls } = scripted();
    await run(ctx, domain, { dryRun: true });
    expect(calls[0]).toBe('planText(false)');
    expect(streams.err()).toBe('Plan: add 2 members\nDry run: nothing was sent.\n');

    const quiet = context({ flags: { quiet: true } });
    const q = scripted();
    await run(quiet.ctx, q.domain, { dryRun: true });
    expect(q.calls).not.toContain('planText(false)');
    expect(quiet.streams.err()).toBe('');
  });

  it('refuses with every guard joined, each with its hint, and sends nothing', async () => {
    const { ctx } = context();
    const { domain, calls } = scripted({
      refusals: [
        { what: 'the plan removes 4 members', hint: 'pass --force' },
        { what: 'the plan leaves no owner', hint: 'keep an owner' },
      ],
    });
    const err = await failure(run(ctx, domain));
    expect(err).toBeInstanceOf(GuardError);
    expect(err.message).toBe('the plan removes 4 members; and the plan leaves no owner; nothing was sent');
    expect(err.hint).toBe('pass --force; keep an owner');
    expect(calls).not.toContain('confirm');
    expect(calls).not.toContain('execute');
  });

  it('a refused dry run writes its reports, not its plan, then fails as the run would', async () => {
    const { ctx, dir, streams } = context({ flags: { output: 'json' } });
    const { domain, calls } = scripted({ refusals: [{ what: 'the plan removes 4 members', hint: 'pass --force' }] });
    const err = await failure(run(ctx, domain, { planOut: 'plan.json', report: 'report.csv' }));
    expect(err).toBeInstanceOf(GuardError);
    expect(existsSync(join(dir, 'plan.json'))).toBe(false);
    expect(calls).not.toContain('planFile');
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toBe('user,result\na@example.com,to add\n');
    expect(JSON.parse(streams.out())).toEqual({ view: 'planned', rows: [{ user: 'a@example.com', result: 'to add' }] });
    expect(calls).not.toContain('execute');
  });
});

describe('a dry run', () => {
  it('sends nothing; with --exit-code, a plan that is not empty exits 8 and says so', async () => {
    const { ctx, streams } = context();
    const { domain, calls } = scripted();
    expect(await run(ctx, domain, { dryRun: true, exitCode: true })).toBe(ExitCode.pending);
    expect(streams.err()).toBe('Plan: add 2 members\nDry run: nothing was sent; changes are pending (exit 8).\n');
    expect(calls).not.toContain('execute');
    expect(calls).not.toContain('confirm');

    const empty = context();
    expect(await run(empty.ctx, scripted({ empty: true }).domain, { dryRun: true, exitCode: true })).toBe(ExitCode.ok);
    expect(empty.streams.err()).toBe('Plan: add 2 members\nDry run: nothing was sent.\n');
    const noFlag = context();
    expect(await run(noFlag.ctx, scripted().domain, { dryRun: true, exitCode: false })).toBe(ExitCode.ok);
  });

  it('--plan-out is a dry run that writes the plan, and says where it is', async () => {
    const { ctx, dir, streams } = context();
    const { domain, calls } = scripted();
    expect(await run(ctx, domain, { planOut: 'plan.json' })).toBe(ExitCode.ok);
    expect(calls).not.toContain('execute');
    expect(parsePlanFile(readFileSync(join(dir, 'plan.json'), 'utf8'), 'plan.json')).toEqual(planFile);
    expect(streams.err()).toBe('Plan: add 2 members\nDry run: nothing was sent; the plan is in plan.json.\n');
  });

  it('prints the planned view as JSON, NDJSON or Markdown on stdout, and nothing in table form', async () => {
    const json = context({ flags: { output: 'json' } });
    await run(json.ctx, scripted().domain, { dryRun: true });
    expect(json.streams.out()).toBe(JSON.stringify({ view: 'planned', rows: [{ user: 'a@example.com', result: 'to add' }] }, null, 2) + '\n');
    const ndjson = context({ flags: { output: 'ndjson' } });
    await run(ndjson.ctx, scripted().domain, { dryRun: true });
    expect(ndjson.streams.out()).toBe(JSON.stringify({ view: 'planned', rows: [{ user: 'a@example.com', result: 'to add' }] }) + '\n');
    const markdown = context({ flags: { output: 'markdown' } });
    await run(markdown.ctx, scripted().domain, { dryRun: true });
    expect(markdown.streams.out()).toBe('### planned title\n\n#### planned (1)\n\n| User | Result |\n| --- | --- |\n| `a@example.com` | to add |\n');
    const table = context({ flags: { output: 'table' } });
    await run(table.ctx, scripted().domain, { dryRun: true });
    expect(table.streams.out()).toBe('');
  });
});

describe('outputs that cannot be written', () => {
  it('are named by their flag, in a dry run, with --plan-out and with nothing to do', async () => {
    for (const [options, script, flag] of [
      [{ dryRun: true, report: 'out.csv' }, {}, '--report out.csv'],
      [{ planOut: 'out.json' }, {}, '--plan-out out.json'],
      [{ report: 'out.csv' }, { empty: true }, '--report out.csv'],
    ] as const) {
      const { ctx, dir } = context();
      mkdirSync(join(dir, options.report ?? options.planOut ?? ''));
      const err = await failure(run(ctx, scripted(script).domain, options));
      expect(err.message.startsWith(flag)).toBe(true);
    }
  });
});

describe('the step summary', () => {
  it('appends the Markdown view to GITHUB_STEP_SUMMARY, unless TEAMCTL_NO_STEP_SUMMARY=1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-summary-'));
    const file = join(dir, 'summary.md');
    writeFileSync(file, 'before\n');
    const { ctx } = context({ env: { GITHUB_STEP_SUMMARY: file } });
    await run(ctx, scripted().domain);
    expect(readFileSync(file, 'utf8')).toBe('before\n### done title\n\n#### done (2)\n\n| User | Result |\n| --- | --- |\n| `a@example.com` | added |\n| `=b@example.com` | added |\n\n');

    const off = join(dir, 'off.md');
    const quiet = context({ env: { GITHUB_STEP_SUMMARY: off, TEAMCTL_NO_STEP_SUMMARY: '1' } });
    await run(quiet.ctx, scripted().domain);
    expect(existsSync(off)).toBe(false);
    const other = context({ env: { GITHUB_STEP_SUMMARY: off, TEAMCTL_NO_STEP_SUMMARY: '0' } });
    await run(other.ctx, scripted().domain);
    expect(readFileSync(off, 'utf8')).toContain('done title');
  });

  it('resolves a relative GITHUB_STEP_SUMMARY against the working folder; one that cannot be written is a warning', async () => {
    const { ctx, dir } = context({ env: { GITHUB_STEP_SUMMARY: 'summary.md' } });
    expect(await run(ctx, scripted().domain)).toBe(0);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('done title');

    const broken = context({ env: { GITHUB_STEP_SUMMARY: 'missing/summary.md' } });
    expect(await run(broken.ctx, scripted().domain)).toBe(0);
    expect(broken.streams.err()).toMatch(/warning: cannot write GITHUB_STEP_SUMMARY \(.*missing\/summary\.md\): the folder .*missing does not exist; the summary was not written\n/);
  });
});

describe('nothing to do', () => {
  it('sends nothing, asks nothing, reports the read it planned from and says so', async () => {
    const { ctx, dir, streams } = context({ flags: { output: 'json' } });
    const { domain, calls } = scripted({ empty: true, confirm: () => Promise.reject(new Error('no confirmation expected')) });
    expect(await run(ctx, domain, { report: 'report.csv' })).toBe(ExitCode.ok);
    expect(calls).toEqual(['planText(false)', 'refusals', 'nothingToDo']);
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toBe('user,result\n');
    expect(JSON.parse(streams.out())).toEqual({ view: 'nothing', rows: [] });
    expect(streams.err()).toBe('Plan: add 2 members\nNothing to do: the team matches the roster.\n');
  });
});

describe('a run that sends', () => {
  it('confirms, counts the work, executes, then writes the report (formula cells neutralised) and the summary', async () => {
    const { ctx, dir, streams } = context();
    const { domain, calls, sawInterrupted } = scripted();
    expect(await run(ctx, domain, { report: 'report.csv' })).toBe(ExitCode.ok);
    expect(calls).toEqual(['planText(false)', 'refusals', 'confirm', 'work', 'execute']);
    expect(sawInterrupted()).toBe(false);
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toBe("user,result\na@example.com,added\n'=b@example.com,added\n");
    expect(streams.err()).toBe('Plan: add 2 members\nAdded 2 members. (each in report.csv)\n');
  });

  it('a refused confirmation stops before anything is sent', async () => {
    const { ctx } = context();
    const { domain, calls } = scripted({ confirm: () => Promise.reject(new GuardError('not confirmed; nothing was sent')) });
    expect((await failure(run(ctx, domain))).message).toBe('not confirmed; nothing was sent');
    expect(calls).not.toContain('work');
    expect(calls).not.toContain('execute');
  });

  it('ends with the exit rule: a partial run exits 6 with the domain words and the report as hint', async () => {
    const { ctx } = context();
    const err = await failure(run(ctx, scripted({ done: { tally: tally({ applied: 1, failed: 1 }) } }).domain, { report: 'r.csv' }));
    expect(err).toBeInstanceOf(PartialError);
    expect(err.message).toBe('1 of 2 changes failed');
    expect(err.hint).toBe('see r.csv');
    const none = context();
    const nothing = await failure(run(none.ctx, scripted({ done: { tally: tally({ applied: 0, failed: 2 }) } }).domain));
    expect(nothing).toBeInstanceOf(ServiceError);
    expect(nothing.message).toBe('none of the 2 changes was applied');
  });
});

describe('a report that cannot be written after changes were applied', () => {
  const unwritable = (dir: string) => {
    // A folder where the report file should be: writing it fails (a TeamctlError, not a crash).
    mkdirSync(join(dir, 'report.csv'));
    return 'report.csv';
  };

  it('is a partial run (exit 6) naming how many applied; the summary and JSON still go out', async () => {
    const { ctx, dir, streams } = context({ flags: { output: 'json' } });
    const err = await failure(run(ctx, scripted().domain, { report: unwritable(dir) }));
    expect(err).toBeInstanceOf(PartialError);
    expect(err.message).toMatch(/^2 of 2 changes were applied \(see the summary above\), but the report could not be written: .*report\.csv/);
    expect(err.hint).toBe('the summary above, and --json, give the outcome of each change');
    expect(JSON.parse(streams.out()).view).toBe('done');
    expect(streams.err()).toContain('Added 2 members.\n');
  });

  it('with nothing applied, is an error line, and the exit rule decides the code', async () => {
    const { ctx, dir, streams } = context();
    const err = await failure(run(ctx, scripted({ done: { tally: tally({ applied: 0, failed: 2 }) } }).domain, { report: unwritable(dir) }));
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.hint).toBe('see report.csv');
    expect(streams.err()).toMatch(/\nerror: the report could not be written: .*report\.csv/);
  });

  it('a fault that is not teamctl\'s own is not swallowed', async () => {
    const { ctx } = context();
    const { domain } = scripted();
    const bad = { ...domain, csv: { header: ['user'], record: () => { throw new RangeError('bug'); } } };
    await expect(run(ctx, bad, { report: 'report.csv' })).rejects.toThrow(RangeError);
  });
});

describe('an interruption while sending', () => {
  it('stops new requests, writes the report, and exits 130 naming what applied and where each change is listed', async () => {
    // Someone at a terminal pressed Ctrl-C: pressing it again is worth saying.
    const { ctx, dir, streams } = context({ streams: fakeStreams({ stdinIsTTY: true, stderrIsTTY: true }) });
    const listening = process.listenerCount('SIGINT');
    const { domain, sawInterrupted } = scripted({ during: () => process.emit('SIGINT', 'SIGINT'), done: { tally: tally({ total: 1_500, applied: 1_234, failed: 266 }) } });
    const err = await failure(run(ctx, domain, { report: 'report.csv' }));
    expect(sawInterrupted()).toBe(true);
    expect(err).toBeInstanceOf(InterruptedError);
    expect(err.exitCode).toBe(ExitCode.interrupted);
    expect(err.message).toBe('interrupted after 1,234 of 1,500 changes were applied; report.csv lists each change; run the same command again to finish');
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toContain('a@example.com,added');
    expect(streams.err()).toContain('interrupted: sending nothing more; requests in flight get 2s to finish (press Ctrl-C again to quit at once)\n');
    // The summary is told which report was written, to point there for what it does not list.
    expect(streams.err()).toContain('\nAdded 2 members. (each in report.csv)\n');
    expect(process.listenerCount('SIGINT')).toBe(listening);
  });

  it('no Ctrl-C hint after SIGTERM, nor when stdin or stderr is not a terminal', async () => {
    const cases: [NodeJS.Signals, { stdinIsTTY?: boolean; stderrIsTTY?: boolean }][] = [
      ['SIGTERM', { stdinIsTTY: true, stderrIsTTY: true }],
      ['SIGINT', {}],
      ['SIGINT', { stdinIsTTY: true }],
      ['SIGINT', { stderrIsTTY: true }],
    ];
    for (const [signal, tty] of cases) {
      const { ctx, streams } = context({ streams: fakeStreams(tty) });
      await failure(run(ctx, scripted({ during: () => process.emit(signal, signal) }).domain));
      expect(streams.err()).toContain('interrupted: sending nothing more; requests in flight get 2s to finish\n');
      expect(streams.err()).not.toContain('Ctrl-C');
    }
  });

  it('SIGTERM exits 143; without a report (or with one that failed) it points at the summary and --report', async () => {
    const { ctx } = context();
    const err = await failure(run(ctx, scripted({ during: () => process.emit('SIGTERM', 'SIGTERM') }).domain));
    expect(err.exitCode).toBe(ExitCode.terminated);
    expect(err.message).toBe('interrupted after 2 of 2 changes were applied; the summary above shows the first changes, and --report <file.csv> lists each change; run the same command again to finish');

    const failed = context();
    mkdirSync(join(failed.dir, 'report.csv'));
    const err2 = await failure(run(failed.ctx, scripted({ during: () => process.emit('SIGINT', 'SIGINT') }).domain, { report: 'report.csv' }));
    expect(err2).toBeInstanceOf(InterruptedError);
    // A report that could not be written is not pointed at.
    expect(failed.streams.err()).toContain('\nAdded 2 members.\n');
    expect(err2.message).toContain('; the summary above shows the first changes, and --report <file.csv> lists each change;');
  });

  it('stops listening for signals when execute fails', async () => {
    const { ctx } = context();
    const { domain } = scripted();
    const before = process.listenerCount('SIGTERM');
    await expect(run(ctx, { ...domain, execute: () => Promise.reject(new RangeError('bug')) })).rejects.toThrow(RangeError);
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});

describe('confirmPrune', () => {
  const ttyContext = (answer: string, yes = false) => context({ streams: fakeStreams({ stdin: answer + '\n', stdinIsTTY: true, stderrIsTTY: true }), flags: { yes } });

  it('--yes confirms without asking', async () => {
    const { ctx, streams } = context({ flags: { yes: true } });
    await confirmPrune(ctx, 'remove', '3 members');
    expect(streams.err()).toBe('');
  });

  it('asks on a terminal, naming what and where; anything but yes refuses', async () => {
    const yes = ttyContext('y');
    await confirmPrune(yes.ctx, 'remove', '3 members', ' from team t');
    expect(yes.streams.err()).toContain('Remove 3 members from team t? [y/N] ');
    const no = ttyContext('n');
    const err = await failure(confirmPrune(no.ctx, 'delete', '2 entries'));
    expect(no.streams.err()).toContain('Delete 2 entries? [y/N] ');
    expect(err).toBeInstanceOf(GuardError);
    expect(err.message).toBe('not confirmed; nothing was sent');
  });

  it('refuses without a terminal on both ends, naming the team and how to confirm', async () => {
    for (const tty of [{ stdinIsTTY: true }, { stderrIsTTY: true }, {}]) {
      const { ctx } = context({ streams: fakeStreams({ stdin: 'y\n', ...tty }) });
      const err = await failure(confirmPrune(ctx, 'remove', '3 members', ' of team t'));
      expect(err).toBeInstanceOf(GuardError);
      expect(err.message).toBe('--prune would remove 3 members of team t, which needs confirmation; nothing was sent');
      expect(err.hint).toBe('there is no terminal to ask on: pass --yes to confirm (check the plan with --dry-run first)');
    }
    const { ctx } = context();
    expect((await failure(confirmPrune(ctx, 'delete', '2 entries'))).message).toBe('--prune would delete 2 entries, which needs confirmation; nothing was sent');
  });
});

describe('runOptions', () => {
  it('keeps only the flags given', () => {
    expect(runOptions({})).toEqual({ dryRun: false });
    expect(runOptions({ dryRun: true, exitCode: false, report: 'r.csv', planOut: 'p.json' })).toEqual({ dryRun: true, exitCode: false, report: 'r.csv', planOut: 'p.json' });
    expect(runOptions({ dryRun: false, exitCode: true })).toEqual({ dryRun: false, exitCode: true });
    expect(Object.keys(runOptions({ report: 'r.csv' }))).toEqual(['dryRun', 'report']);
    expect(Object.keys(runOptions({ planOut: 'p.json' }))).toEqual(['dryRun', 'planOut']);
  });
});

describe('checkOutputs', () => {
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'teamctl-outputs-'));
    writeFileSync(join(dir, 'roster.csv'), 'user\n');
    return dir;
  };
  const roster = [{ path: 'roster.csv', what: 'the roster' }];

  it('passes outputs that are new files beside the inputs, and no outputs at all', async () => {
    const dir = folder();
    await checkOutputs({ report: 'report.csv', planOut: 'plan.json' }, dir, roster);
    await checkOutputs({}, dir, roster);
    expect(existsSync(join(dir, 'report.csv'))).toBe(false);
  });

  it('refuses an output that is an input, under any name, saying which', async () => {
    const dir = folder();
    linkSync(join(dir, 'roster.csv'), join(dir, 'hard.csv'));
    for (const [options, message] of [
      [{ report: 'roster.csv' }, '--report roster.csv is the same file as the roster (roster.csv): writing it would overwrite that; nothing was sent'],
      [{ planOut: './roster.csv' }, '--plan-out ./roster.csv is the same file as the roster (roster.csv): writing it would overwrite that; nothing was sent'],
      [{ report: 'hard.csv' }, '--report hard.csv is the same file as the roster (roster.csv): writing it would overwrite that; nothing was sent'],
    ] as const) {
      const err = await failure(checkOutputs(options, dir, roster));
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toBe(message);
      expect(err.hint).toBe('name another file for the output');
    }
  });

  it('refuses the two outputs naming one file, resolved against the working folder', async () => {
    const dir = folder();
    const err = await failure(checkOutputs({ report: 'same.json', planOut: join(dir, 'same.json') }, dir, roster));
    expect(err.message).toBe(`--plan-out ${join(dir, 'same.json')} is the same file as --report same.json: writing it would overwrite that; nothing was sent`);
  });

  it('refuses an output that cannot be written, naming its flag', async () => {
    const dir = folder();
    const err = await failure(checkOutputs({ report: 'missing/report.csv' }, dir, roster));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain('--report missing/report.csv');
    const err2 = await failure(checkOutputs({ planOut: 'nowhere/plan.json' }, dir, []));
    expect(err2.message).toContain('--plan-out nowhere/plan.json');
  });
});
