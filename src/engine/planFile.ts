// Saved plans (README, "Review, then apply"): `--plan-out` writes the plan a dry run made, with
// the state it was made from, and `teamctl apply` sends exactly that plan — or refuses it when
// the state moved. The file is versioned JSON; it never holds the token (files are redacted).
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';

export const planFormat = 'teamctl-plan';
export const planVersion = 1;
/** A plan file larger than this is not a plan teamctl wrote for any sane run. */
const maxPlanBytes = 256 * 1024 * 1024;

/** What every plan file holds, whatever its domain. */
export interface PlanFileHeader {
  format: typeof planFormat;
  version: number;
  /** The plan's identity: a plan applies once (src/engine/appliedPlans.ts). */
  id: string;
  createdAt: string;
  /** The command that made it, for people reading the file ("members sync", "glossary import"). */
  command: string;
  /** The base URL and organization it was made against: apply refuses any other. */
  baseUrl: string;
  organization: string;
}

export interface PlanFile<Body = unknown> extends PlanFileHeader {
  kind: 'members' | 'glossary';
  body: Body;
}

/** A new plan file of `kind`, made now, for `target` (the command, base URL and organization). */
export function newPlanFile<Body>(kind: PlanFile['kind'], target: { command: string; baseUrl: string; organization: string }, body: Body): PlanFile<Body> {
  return { format: planFormat, version: planVersion, id: randomBytes(12).toString('hex'), createdAt: new Date().toISOString(), ...target, kind, body };
}

/** A stable digest of state rows (each row a list of strings), independent of their order. */
export function stateDigest(rows: readonly (readonly string[])[]): string {
  const lines = rows.map((r) => JSON.stringify(r)).sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line + '\n');
  return `sha256:${hash.digest('hex')}`;
}

/** Serialises a plan file (the caller writes it atomically, so it is redacted too). */
export function planFileText(plan: PlanFile): string {
  return JSON.stringify(plan, null, 1) + '\n';
}

/** Reads and checks a plan file: exit 2 with a clear message for anything that is not one. */
export async function readPlanFile(path: string, cwd?: string): Promise<PlanFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(cwd === undefined ? path : resolve(cwd, path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${path}: cannot read the plan: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
  }
  return parsePlanFile(bytes, path);
}

export function parsePlanFile(bytes: Buffer, path: string): PlanFile {
  const notAPlan = (why: string): UsageError =>
    new UsageError(`${path} is not a teamctl plan: ${why}`, { hint: 'make one with --dry-run --plan-out <file> (members add|remove|sync, glossary import)' });
  if (bytes.length > maxPlanBytes) throw notAPlan(`it is larger than ${maxPlanBytes / 1024 / 1024} MB`);
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notAPlan(bytes.length === 0 ? 'the file is empty' : 'it is not complete JSON (truncated?)');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw notAPlan('it is not a JSON object');
  const plan = data as Partial<PlanFile>;
  if (plan.format !== planFormat) throw notAPlan(`its "format" is not "${planFormat}"`);
  if (typeof plan.version !== 'number' || !Number.isInteger(plan.version)) throw notAPlan('it has no format version');
  if (plan.version > planVersion) {
    throw new UsageError(`${path} is a plan of format version ${plan.version}; this teamctl reads version ${planVersion}`, {
      hint: 'apply it with the teamctl version that made it, or make the plan again',
    });
  }
  if (plan.version < 1) throw notAPlan(`unknown format version ${plan.version}`);
  for (const field of ['baseUrl', 'organization', 'command', 'createdAt'] as const) {
    if (typeof plan[field] !== 'string' || plan[field] === '') throw notAPlan(`"${field}" is missing`);
  }
  if (plan.kind !== 'members' && plan.kind !== 'glossary') throw notAPlan('"kind" is neither members nor glossary');
  if (typeof plan.body !== 'object' || plan.body === null) throw notAPlan('it has no plan body');
  // Plans written before plans had ids are known by their bytes.
  if (typeof plan.id !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(plan.id)) plan.id = `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
  return plan as PlanFile;
}
