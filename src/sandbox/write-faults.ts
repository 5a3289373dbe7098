// Faults aimed at one kind of write (README, sandbox: "Faults"): the writes a client cannot take
// twice — an invitation (POST /orgs/{org}/invites), a team's creation (PUT /orgs/{org}/teams), a
// glossary batch (PUT /orgs/{org}/translations-glossary), a removal from the organization
// (DELETE /orgs/{org}/members/{userId}) and a grant on a space, collection or site (POST
// …/permissions: a user grant may notify the user) — answered late, applied and then left without
// their answer, answered 503 and applied later, or answered 2xx with a body the client does not
// expect.
// The random faults (faults.ts) strike any request; these strike the requests of one write, every
// one or a chosen few, so a test or a rehearsal can aim at the one case it means.
// Each rule becomes a test hook (handler.ts: an Interceptor), so `--write-fault` and an in-process
// `sandbox.intercept(writeFault(…))` behave alike. None of this is the service's behaviour.
import type { InterceptAction, InterceptRequest, Interceptor } from './handler.js';

/** The writes a rule can aim at. */
export const writeNames = ['invite', 'team-create', 'glossary', 'member-removal', 'access-grant'] as const;
export type WriteName = (typeof writeNames)[number];

const writeRoutes: Record<WriteName, { method: string; path: RegExp }> = {
  invite: { method: 'POST', path: /^\/v1\/orgs\/[^/]+\/invites$/ },
  'team-create': { method: 'PUT', path: /^\/v1\/orgs\/[^/]+\/teams$/ },
  glossary: { method: 'PUT', path: /^\/v1\/orgs\/[^/]+\/translations-glossary$/ },
  'member-removal': { method: 'DELETE', path: /^\/v1\/orgs\/[^/]+\/members\/[^/]+$/ },
  // Team grants and user grants alike: the body is not looked at.
  'access-grant': { method: 'POST', path: /^\/v1\/(?:spaces\/[^/]+|collections\/[^/]+|orgs\/[^/]+\/sites\/[^/]+)\/permissions$/ },
};

/** Whether a request is one of `write` (its method and path; the body is not looked at). */
export function isWrite(req: Pick<InterceptRequest, 'method' | 'path'>, write: WriteName): boolean {
  const route = writeRoutes[write];
  return req.method === route.method && route.path.test(req.path);
}

/** What happens to a request a rule picks. */
export type WriteFault =
  /** Held `ms` (the sandbox's sleep), then applied and answered. */
  | { kind: 'delay'; ms: number }
  /** Held until `until` settles (in-process only), then applied and answered. */
  | { kind: 'hold'; until: Promise<unknown> }
  /** Applied, then the answer is lost: the connection reset, or a 500 or 503 in the service's error JSON. */
  | { kind: 'lost'; answer: 'reset' | 500 | 503 }
  /** Answered 503 (the service's error JSON) at once, applied `ms` later (the sandbox's sleep). */
  | { kind: 'late'; ms: number }
  /** Answered 503 at once, applied once `until` settles (in-process only). */
  | { kind: 'late'; until: Promise<unknown> }
  /** Applied; a 2xx answer goes out with `{"ok": true}` or no body instead of its own. */
  | { kind: 'body'; body: 'ok' | 'empty' };

export interface WriteFaultRule {
  write: WriteName;
  fault: WriteFault;
  /** Only every n-th request of the write: the n-th, 2n-th, … (default 1: each one). */
  every?: number;
  /** At most this many requests in all (default: no limit); the later ones are handled normally. */
  first?: number;
}

const positiveInteger = (n: number | undefined): boolean => n === undefined || (Number.isInteger(n) && n >= 1);
const milliseconds = (n: number): boolean => Number.isFinite(n) && n >= 0;

/** Throws a RangeError naming what is wrong with a rule. */
export function validateWriteFaultRule(rule: WriteFaultRule): void {
  if (!(writeNames as readonly string[]).includes(rule.write)) throw new RangeError(`write fault: the write must be one of ${writeNames.join(', ')}, got ${JSON.stringify(rule.write)}`);
  const { fault } = rule;
  if (!['delay', 'hold', 'lost', 'late', 'body'].includes(fault.kind)) throw new RangeError(`write fault: unknown kind ${JSON.stringify((fault as { kind: unknown }).kind)}`);
  if ((fault.kind === 'delay' || (fault.kind === 'late' && 'ms' in fault)) && !milliseconds(fault.ms)) {
    throw new RangeError(`write fault ${fault.kind}: milliseconds must be a number >= 0, got ${fault.ms}`);
  }
  if (fault.kind === 'lost' && !['reset', 500, 503].includes(fault.answer)) throw new RangeError(`write fault lost: the answer must be reset, 500 or 503, got ${JSON.stringify(fault.answer)}`);
  if (fault.kind === 'body' && fault.body !== 'ok' && fault.body !== 'empty') throw new RangeError(`write fault body: ok or empty, got ${JSON.stringify(fault.body)}`);
  if (!positiveInteger(rule.every)) throw new RangeError(`write fault: every must be a whole number >= 1, got ${rule.every}`);
  if (!positiveInteger(rule.first)) throw new RangeError(`write fault: first must be a whole number >= 1, got ${rule.first}`);
}

/** The grammar `--write-fault` takes, for messages and help. */
export const writeFaultSyntax = '<write>:<fault>[,every=<n>][,first=<n>], <write> one of invite, team-create, glossary, member-removal, access-grant and <fault> one of delay:<ms>, lost[:reset|500|503], late:<ms>, body:ok, body:empty';

function faultOf(words: string[]): WriteFault | undefined {
  const [kind, value, extra] = words;
  if (extra !== undefined) return undefined;
  const ms = value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  if (kind === 'delay' && ms !== undefined) return { kind, ms };
  if (kind === 'late' && ms !== undefined) return { kind, ms };
  if (kind === 'lost' && (value === undefined || value === 'reset')) return { kind, answer: 'reset' };
  if (kind === 'lost' && (value === '500' || value === '503')) return { kind, answer: Number(value) as 500 | 503 };
  if (kind === 'body' && (value === 'ok' || value === 'empty')) return { kind, body: value };
  return undefined;
}

/**
 * Reads a rule as `--write-fault` gives it, e.g. `team-create:late:3000,first=1` or
 * `invite:lost:503`. Throws a RangeError quoting the text and the grammar.
 */
export function parseWriteFault(text: string): WriteFaultRule {
  const bad = (): RangeError => new RangeError(`not a write fault: ${JSON.stringify(text)}; expected ${writeFaultSyntax}`);
  const [head = '', ...options] = text.trim().split(',');
  const [write = '', ...words] = head.split(':');
  const fault = faultOf(words);
  if (!(writeNames as readonly string[]).includes(write) || fault === undefined) throw bad();
  const rule: WriteFaultRule = { write: write as WriteName, fault };
  for (const option of options) {
    const m = /^(every|first)=(\d+)$/.exec(option.trim());
    if (!m || Number(m[2]) < 1 || rule[m[1] as 'every' | 'first'] !== undefined) throw bad();
    rule[m[1] as 'every' | 'first'] = Number(m[2]);
  }
  return rule;
}

/** A rule as `--write-fault` writes it (`hold`, and `late` on a promise, have no such text: named alone). */
export function formatWriteFault(rule: WriteFaultRule): string {
  const { fault } = rule;
  const words =
    fault.kind === 'delay' ? `delay:${fault.ms}`
    : fault.kind === 'hold' ? 'hold'
    : fault.kind === 'late' ? ('ms' in fault ? `late:${fault.ms}` : 'late')
    : fault.kind === 'lost' ? `lost:${fault.answer}`
    : `body:${fault.body}`;
  return `${rule.write}:${words}${rule.every === undefined ? '' : `,every=${rule.every}`}${rule.first === undefined ? '' : `,first=${rule.first}`}`;
}

const errorBody = (status: number, message: string) => ({ error: { code: status, message } });

/** The test hook's action that plays a fault. */
export function actionOf(fault: WriteFault): InterceptAction {
  switch (fault.kind) {
    case 'delay':
      return { kind: 'delay', ms: fault.ms };
    case 'hold':
      return { kind: 'hold', until: fault.until };
    case 'lost':
      if (fault.answer === 'reset') return { kind: 'applyThenReset' };
      return { kind: 'applyThen', status: fault.answer, body: errorBody(fault.answer, `sandbox fault: service unavailable (write fault lost:${fault.answer})`) };
    case 'late': {
      const body = errorBody(503, 'sandbox fault: service unavailable (write fault late); the request is applied later');
      return 'ms' in fault ? { kind: 'respondThenApply', status: 503, body, afterMs: fault.ms } : { kind: 'respondThenApply', status: 503, body, until: fault.until };
    }
    case 'body':
      return fault.body === 'ok' ? { kind: 'applyThenBody', body: { ok: true } } : { kind: 'applyThenBody' };
  }
}

/**
 * A test hook playing `rule` (a rule or its `--write-fault` text) on the requests of its write,
 * counting them from the hook's registration: `sandbox.intercept(writeFault('invite:lost:503'))`.
 */
export function writeFault(rule: WriteFaultRule | string): Interceptor {
  const r = typeof rule === 'string' ? parseWriteFault(rule) : rule;
  validateWriteFaultRule(r);
  const every = r.every ?? 1;
  let seen = 0;
  let struck = 0;
  return (req) => {
    if (!isWrite(req, r.write)) return undefined;
    seen++;
    if (seen % every !== 0 || (r.first !== undefined && struck >= r.first)) return undefined;
    struck++;
    return actionOf(r.fault);
  };
}
