// A saved plan applies once (README, "Review, then apply"): `teamctl apply` records each plan it
// applies in the state folder beside the journal (README, "Settings"), one file per plan id,
// created exclusively before the first change is sent — so a second apply, also one running at the
// same moment or from another config folder, is refused with nothing sent (exit 3), unless --force
// says to apply it again (the state check still holds). A record an earlier version kept in the
// config folder still counts.
import { constants } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { GuardError, UsageError } from '../errors.js';
import { whyNotWritable } from '../files/atomic.js';
import { FileKindError, openRegular, readRegularText } from '../files/regular.js';
import { homeOf, prepareStateFolder, type JournalHome } from '../journal/stateFolder.js';
import { oneLine } from '../output/terminal.js';

interface Applied {
  plan: string;
  appliedAt: string;
  pid: number;
  host: string;
}

const recordPath = (folder: string, id: string): string => join(folder, 'applied-plans', `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);

/** The record of the plan `id` in the state folder, else the one an earlier version kept in the config folder. */
async function recorded(home: JournalHome, id: string): Promise<Applied | 'unreadable' | undefined> {
  await prepareStateFolder(home.state, false);
  const record = await earlier(recordPath(home.state.dir, id));
  return record !== undefined || home.config === home.state.dir ? record : earlier(recordPath(home.config, id));
}

/**
 * The record of an earlier apply: undefined when there is none, `unreadable` when there is one
 * that cannot be read or is not a record (it still says the plan was applied).
 */
async function earlier(path: string): Promise<Applied | 'unreadable' | undefined> {
  let text: string;
  try {
    text = await readRegularText(path, { own: true, maxBytes: maxRecordBytes });
  } catch (err) {
    if (err instanceof FileKindError) throw notARecord(err);
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : 'unreadable';
  }
  try {
    const record = JSON.parse(text) as Partial<Applied> | null;
    const valid = typeof record?.appliedAt === 'string' && typeof record.pid === 'number' && typeof record.host === 'string';
    return valid ? (record as Applied) : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** A record is a line of JSON: anything much larger is not one teamctl wrote. */
const maxRecordBytes = 64 * 1024;

/**
 * A record that is a link, a FIFO or anything but a regular file is not one teamctl wrote, and
 * cannot be read without risk (a FIFO would block the run): a usage error naming it, nothing sent.
 */
function notARecord(err: FileKindError): UsageError {
  return new UsageError(`the applied-plan record ${err.path} ${err.message}; nothing was sent`, {
    hint: 'teamctl writes a regular file there when it applies a plan: remove what is there, then run again',
  });
}

function alreadyApplied(planPath: string, record: Applied | 'unreadable' | undefined): GuardError {
  const when = record !== undefined && record !== 'unreadable' ? ` at ${record.appliedAt} (process ${record.pid} on ${record.host})` : '';
  // The record's fields and the file name come from outside: one line (`teamctl help reliability`, "Reliability").
  return new GuardError(oneLine(`${planPath} was already applied${when}; a plan applies once, and nothing was sent`), {
    hint: 'make a new plan (--plan-out) for what is left to do, or apply this one again with --force',
  });
}

/**
 * When and where the plan `id` was applied on this machine, if it was; `unreadable` when its record
 * cannot be read (the plan was applied, as apply itself takes it).
 */
export async function appliedRecord(home: string | JournalHome, id: string): Promise<{ appliedAt: string; pid: number; host: string } | 'unreadable' | undefined> {
  const record = await recorded(homeOf(home), id);
  return record === undefined || record === 'unreadable' ? record : { appliedAt: record.appliedAt, pid: record.pid, host: record.host };
}

/** Refuses a plan already applied on this machine (a dry run's question, too). */
export async function checkNotApplied(home: string | JournalHome, id: string, planPath: string): Promise<void> {
  const record = await recorded(homeOf(home), id);
  if (record !== undefined) throw alreadyApplied(planPath, record);
}

/**
 * Records that the plan `id` is being applied, before anything is sent. Refused when it was
 * (or is being) applied already, unless `force`, which records it again and says so.
 */
export async function claimPlan(home: string | JournalHome, id: string, planPath: string, force: boolean, warn: (message: string) => void): Promise<void> {
  const { state, config } = homeOf(home);
  await prepareStateFolder(state, true);
  // One an earlier version recorded in the config folder counts (never rewritten: --force records anew here).
  const old = config === state.dir ? undefined : await earlier(recordPath(config, id));
  if (old !== undefined && !force) throw alreadyApplied(planPath, old);
  const dir = join(state.dir, 'applied-plans');
  const path = recordPath(state.dir, id);
  const record: Applied = { plan: planPath, appliedAt: new Date().toISOString(), pid: process.pid, host: hostname() };
  let created = false;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // --force rewrites the record: never through a link, never into a FIFO (files/regular.ts).
    const flags = constants.O_WRONLY | constants.O_CREAT | (force ? constants.O_TRUNC : constants.O_EXCL);
    const handle = await openRegular(path, flags, { own: true, mode: 0o600 });
    created = true;
    try {
      await handle.writeFile(JSON.stringify(record) + '\n');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof FileKindError) throw notARecord(err);
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyApplied(planPath, await earlier(path));
    // A new record cut short (a full disk) would read as "applied": it is removed, as nothing is sent.
    if (created && !force) await unlink(path).catch(() => {});
    throw new UsageError(`cannot record that ${planPath} is applied in ${path}: ${await whyNotWritable(err, dir)}; nothing was sent`);
  }
  if (force) warn(`--force: applying ${planPath} whatever earlier applies of it did`);
}
