// Saved plans (README, "Review, then apply"): `--plan-out` writes the plan a dry run made, with
// the state it was made from, and `teamctl apply` sends exactly that plan — or refuses it when
// the state moved. The file is versioned JSON; it never holds the token (files are redacted).
import { createHash, randomBytes } from 'node:crypto';
import { UsageError } from '../errors.js';
import { readTextFile } from '../files/textFile.js';
import { duplicateKey } from './duplicateKeys.js';

export const planFormat = 'teamctl-plan';
export const planVersion = 1;
/**
 * The largest plan file read (`teamctl help reliability`, "Bounded input"): a plan of 100,000 glossary rows updating
 * 100,000 entries in 5 languages weighs 48 MB; this leaves room for longer terms and more languages.
 */
export const maxPlanBytes = 128 * 1024 * 1024;

/** The hint of a plan refused because what it was made from moved. */
export const remakePlan = 'make a new plan (--plan-out) and have it reviewed again';

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

/** The members of a plan file's top object: any other is refused. */
const planFileKeys = ['format', 'version', 'id', 'createdAt', 'command', 'baseUrl', 'organization', 'kind', 'body'] as const;

export interface PlanFile<Body = unknown> extends PlanFileHeader {
  kind: 'members' | 'glossary' | 'teams' | 'organization' | 'access';
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

/**
 * Serialises a plan file (the caller writes it atomically, so it is redacted too); refuses one
 * apply could not read. `limit` is apply's (maxPlanBytes); tests pass a small one.
 */
export function planFileText(plan: PlanFile, limit = maxPlanBytes): string {
  const text = JSON.stringify(plan, null, 1) + '\n';
  if (Buffer.byteLength(text) > limit) {
    throw new UsageError(`the plan is larger than ${limit / 1024 / 1024} MB, more than \`teamctl apply\` reads; it was not written`, {
      hint: 'split the change into several smaller files',
    });
  }
  return text;
}

/** A plan file as read: its digest is that of the file's content, whatever its layout. */
export type ReadPlanFile = PlanFile & { readonly digest: string };

/** JSON with the keys of every object sorted and no whitespace between tokens. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The digest of a plan (`teamctl help plans`, "Digest"): the SHA-256 of its canonical JSON (the
 * keys of every object sorted, no whitespace), UTF-8 encoded — the same for a re-indented file or
 * one whose keys were reordered, another for any change of a value.
 */
export function planDigest(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex')}`;
}

/** Reads and checks a plan file: exit 2 with a clear message for anything that is not one. */
// Read as a bounded stream, as input files are (`teamctl help reliability`, "Bounded input"): a device, a pipe or
// anything over maxPlanBytes is refused (exit 2, naming the file) before it fills memory.
export async function readPlanFile(path: string, cwd?: string): Promise<ReadPlanFile> {
  const text = await readTextFile(path, cwd, { maxBytes: maxPlanBytes, regularOnly: true, what: 'the plan' });
  return parsePlanFile(text, path);
}

/** Checks a plan file's text (its size was bounded by the reader). */
export function parsePlanFile(input: Buffer | string, path: string): ReadPlanFile {
  const text = typeof input === 'string' ? input : input.toString('utf8');
  const notAPlan = (why: string): UsageError =>
    new UsageError(`${path} is not a teamctl plan: ${why}`, { hint: 'make one with --plan-out <file> (members add|remove|sync|offboard, glossary import|sync|delete)' });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw notAPlan(text.length === 0 ? 'the file is empty' : 'it is not complete JSON (truncated?)');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw notAPlan('it is not a JSON object');
  // The file a reviewer reads is the plan: a key twice would apply its last value unseen.
  const twice = duplicateKey(text);
  if (twice !== undefined) throw notAPlan(`line ${twice.line} names the key ${JSON.stringify(twice.key)} a second time in ${twice.path === '' ? 'the top object' : twice.path}`);
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
  if (!(['members', 'glossary', 'teams', 'organization', 'access'] as unknown[]).includes(plan.kind)) throw notAPlan('"kind" is none of members, glossary, teams, organization and access');
  if (typeof plan.body !== 'object' || plan.body === null) throw notAPlan('it has no plan body');
  const unknown = Object.keys(plan).find((key) => !(planFileKeys as readonly string[]).includes(key));
  if (unknown !== undefined) throw notAPlan(`it has a member ${JSON.stringify(unknown)} that a plan does not have`);
  // The digest of what was read, before an id is given to a plan that has none.
  const digest = planDigest(data);
  // Plans written before plans had ids are known by their bytes.
  if (typeof plan.id !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(plan.id)) plan.id = `sha256-${createHash('sha256').update(input).digest('hex')}`;
  return Object.defineProperty(plan, 'digest', { value: digest, enumerable: false }) as ReadPlanFile;
}
