// What every command module is built with (src/README.md): a command module exports
// `command(f)`, which declares the command — name, arguments, flags, help, examples — and wires
// its action through `f.action(run, toOpts, needs)`; `run(opts, ctx)` never sees commander.
// Command modules are loaded to build the tree, so they import only commander, this module,
// choices.js and errors.js at their top; everything else inside `run` (npm run lint checks it).
import type { Command } from 'commander';
import type { Context, ContextDeps } from '../context.js';
import type { GlobalFlags, SettingName } from '../settings.js';

export interface RunState {
  exitCode: number;
  context?: Context;
}

/** A command's behaviour: its options in, its exit code out (undefined is 0). */
export type Run<O> = (opts: O, ctx: Context) => Promise<number | void>;

/** What a command module is handed (gh's Factory): the one way to wire an action. */
export interface Factory {
  readonly deps: ContextDeps;
  readonly state: RunState;
  /** The whole command tree, every module loaded (what `completion` describes). */
  wholeTree(): Promise<Command>;
  /**
   * An action for commander: merge the global flags, build the context, check the settings the
   * command cannot run without (`needs`, all named at once, before anything else) and run it.
   */
  action<A extends unknown[], O>(run: Run<O>, toOpts: (cmd: Command, ...args: A) => O, needs?: readonly SettingName[], prints?: Prints): (...received: unknown[]) => Promise<void>;
}

/**
 * What a command prints on stdout: 'json' with --json (a list, a report, a status), or 'no-json'
 * (a value, a path, a script, nothing), which --jq refuses (`teamctl help formatting`, "Filtering JSON with --jq").
 */
export type Prints = 'json' | 'no-json';

/** The module shape the program assembles: one command, declared by `command(f)`. */
export type CommandModule = (f: Factory) => Command;

export function factory(deps: ContextDeps, state: RunState, wholeTree: () => Promise<Command>): Factory {
  return {
    deps,
    state,
    wholeTree,
    action<A extends unknown[], O>(run: Run<O>, toOpts: (cmd: Command, ...args: A) => O, needs: readonly SettingName[] = [], prints: Prints = 'json') {
      return async (...received: unknown[]): Promise<void> => {
        const cmd = received[received.length - 1] as Command;
        const args = received.slice(0, received.length - 2) as A;
        const flags = cmd.optsWithGlobals<GlobalFlags>();
        // Loaded here, not at the top: --help and --version never need settings or the disk.
        const { Context } = await import('../context.js');
        const ctx = new Context(deps, flags);
        state.context = ctx;
        ctx.requireSettings(needs);
        const go = async (): Promise<number> => {
          const code = await run(toOpts(cmd, ...args), ctx);
          return typeof code === 'number' ? code : 0;
        };
        state.exitCode = flags.jq === undefined ? await go() : await withJq(ctx, flags.jq, prints === 'json' ? undefined : commandName(cmd), go);
      };
    },
  };
}

/** `members sync`: the words that name a command on the command line. */
function commandName(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * Runs a command under --jq (`teamctl help formatting`, "Filtering JSON with --jq"): refused, before anything is read or
 * sent, by a command that prints no JSON (`noJson` names it), with an -o that is not JSON, or with a
 * filter that does not compile; else what the command prints is kept and filtered once it is done.
 */
async function withJq(ctx: Context, filter: string, noJson: string | undefined, go: () => Promise<number>): Promise<number> {
  const { UsageError } = await import('../errors.js');
  if (noJson !== undefined) throw new UsageError(`--jq filters JSON output, and teamctl ${noJson} prints none`);
  ctx.outputFormat();
  const { compileJq, printFiltered } = await import('../output/jq.js');
  const jq = await compileJq(filter);
  ctx.io.capture();
  let code: number;
  try {
    code = await go();
  } catch (err) {
    await printFiltered(ctx.io, jq, 0, true);
    throw err;
  }
  return printFiltered(ctx.io, jq, code);
}

/** The "Examples:" block after a command's help. */
export function examples(...lines: string[]): string {
  // At 80 columns: when one example and its comment would pass them, every comment of the block
  // goes on its own line below its example, so the block stays aligned.
  const wide = lines.some((l) => `  $ ${l}`.length > 80);
  return `\nExamples:\n${lines.map((l) => exampleLines(l, wide)).join('\n')}\n`;
}

function exampleLines(line: string, commentsBelow: boolean): string {
  const m = /^(.*?)\s+# (.*)$/.exec(line);
  return m === null || !commentsBelow ? `  $ ${line}` : `  $ ${m[1]}\n    # ${m[2]}`;
}

/** The collector of a repeatable flag (`--add-file a --add-file b`). */
/** What journalOptions' flags give a command's options. */
export interface JournalFlags {
  /** false with --no-wait. */
  wait?: boolean;
  /** --hold-back <seconds> (checked in run). */
  holdBack?: string;
  /** false with --no-settle. */
  settle?: boolean;
}

/**
 * The flags of a command that may send a write the service cannot take twice (`teamctl help
 * reliability`): --no-wait always; --hold-back and --no-settle where it may create teams;
 * --rerequest-after where it may remove members from the organization.
 */
export function journalOptions(cmd: Command, which: { holdBack?: boolean; rerequest?: boolean } = {}): Command {
  cmd.option('--no-wait', 'when another teamctl holds the journal of this service and organization: refuse (exit 3) instead of waiting for it');
  if (which.holdBack) {
    cmd.option('--hold-back <seconds>', 'how long a team creation or user grant whose outcome is unknown is left alone before a listing settles it (default 60)');
    cmd.option('--no-settle', 'at the end, leave writes still held back in the journal (exit 6) instead of waiting to settle them');
  }
  if (which.rerequest) cmd.option('--rerequest-after <days>', 'a removal from the organization its admins were asked to approve (202): ask again only after this many days (default 7)');
  return cmd;
}

/** --rerequest-after <days>: whole days from 0 to 3650 (default 7); exit 2 otherwise. */
export async function rerequestAfter(value: string | undefined): Promise<number | undefined> {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) > 3650) throw new (await import('../errors.js')).UsageError(`--rerequest-after takes a whole number of days from 0 to 3650, not ${JSON.stringify(value)}`);
  return Number(text);
}

export function repeated(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** --invite and its flags (members add, members sync): checked, nothing read yet (`teamctl help organization`, "Joiners"). */
export async function inviteOptions(opts: { invite?: boolean; inviteRole?: string; sso?: boolean; reinviteAfter?: string; skipUnknown?: boolean }): Promise<
  { role: string | null; sso: boolean; reinviteAfterDays: number } | undefined
> {
  const { UsageError } = await import('../errors.js');
  if (!opts.invite) {
    for (const [flag, given] of [['--invite-role', opts.inviteRole], ['--sso', opts.sso], ['--reinvite-after', opts.reinviteAfter]] as const) {
      if (given !== undefined) throw new UsageError(`${flag} only works with --invite`);
    }
    return undefined;
  }
  if (opts.skipUnknown) throw new UsageError('--invite and --skip-unknown say opposite things of the users outside the organization: give one');
  const { organizationRoles } = await import('../choices.js');
  const name = (opts.inviteRole ?? 'read').trim().toLowerCase();
  if (name !== 'guest' && !(organizationRoles as readonly string[]).includes(name)) {
    throw new UsageError(`--invite-role takes ${organizationRoles.join(', ')} or guest, not ${JSON.stringify(opts.inviteRole)}`);
  }
  const days = opts.reinviteAfter === undefined ? 7 : Number(opts.reinviteAfter);
  if (!Number.isFinite(days) || days < 0 || days > 3650 || opts.reinviteAfter?.trim() === '') throw new UsageError(`--reinvite-after takes a number of days from 0 to 3650, not ${JSON.stringify(opts.reinviteAfter)}`);
  return { role: name === 'guest' ? null : name, sso: opts.sso === true, reinviteAfterDays: days };
}
