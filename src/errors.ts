// Typed errors. Commands throw them; src/cli.ts is the one place that turns them into
// messages and exit codes (`teamctl help exit-codes`, "Exit codes").

export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  guard: 3,
  auth: 4,
  notFound: 5,
  partial: 6,
  pending: 8,
  interrupted: 130,
  terminated: 143,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorOptions {
  hint?: string;
  cause?: unknown;
  status?: number;
  detail?: string;
}

export class TeamctlError extends Error {
  readonly exitCode: ExitCodeValue = ExitCode.failed;
  /** A second line for people: what to do next. */
  hint?: string;
  /** The HTTP status behind the error, when a response was received. */
  status?: number;
  /**
   * The failure in a few words without the request line (the service's own message, or what
   * happened on the network): what a per-user or per-row report shows next to its status.
   */
  detail?: string;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.hint) this.hint = options.hint;
    if (options?.status !== undefined) this.status = options.status;
    if (options?.detail !== undefined) this.detail = options.detail;
  }
}

/** Bad flags, missing settings, invalid arguments: nothing was sent. */
export class UsageError extends TeamctlError {
  override readonly exitCode = ExitCode.usage;
}

/** One problem in an input file, located for a person to find it. */
export interface FileProblem {
  file: string;
  line: number;
  message: string;
}

/**
 * Where a line is: `file:line`; a sheet of an `.xlsx` is named `book.xlsx:Sheet1!` by its reader,
 * and its row is `book.xlsx:Sheet1!12` (`teamctl help glossary-files`, "Spreadsheets (.xlsx)").
 */
export function located(file: string, line: number): string {
  return /\.xlsx:[^\n]*!$/i.test(file) ? `${file}${line}` : `${file}:${line}`;
}

/** `file:line: message`, or `file: message` for a problem of the whole file (line 0, e.g. a missing file). */
export function formatProblem(p: FileProblem): string {
  return p.line === 0 ? `${p.file}: ${p.message}` : `${located(p.file, p.line)}: ${p.message}`;
}

/** An input file with problems: every problem is listed (up to 50) and nothing was sent. */
export class InputFileError extends UsageError {
  static readonly maxListed = 50;
  constructor(
    readonly problems: FileProblem[],
    readonly total: number = problems.length,
  ) {
    super(InputFileError.summarise(problems, total));
  }
  private static summarise(problems: FileProblem[], total: number): string {
    const first = problems[0];
    const files = [...new Set(problems.map((p) => p.file))].join(', ');
    if (total === 1 && first) return formatProblem(first);
    return `${total} problems in ${files}; nothing was sent`;
  }
}

/** A safety guard or an unconfirmed prompt refused the run: nothing was sent. */
export class GuardError extends TeamctlError {
  override readonly exitCode = ExitCode.guard;
}

/** No token, or the service answered 401/403. */
export class AuthError extends TeamctlError {
  override readonly exitCode = ExitCode.auth;
}

/** The thing asked for does not exist (404). */
export class NotFoundError extends TeamctlError {
  override readonly exitCode = ExitCode.notFound;
}

/** Some changes applied, some failed or could not be verified. */
export class PartialError extends TeamctlError {
  override readonly exitCode = ExitCode.partial;
}

/**
 * Whether a failed request may have changed anything on the service:
 * - `rejected`: the service answered with an error and did not act (4xx);
 * - `not-processed`: it provably never acted (connection refused, 429);
 * - `unknown`: it may or may not have acted (timeout, reset, 500/502/503/504).
 */
export type FailureOutcome = 'rejected' | 'not-processed' | 'unknown';

/** The service (or the network) failed: exit 1. `status` is the HTTP status when there was one. */
export class ServiceError extends TeamctlError {
  readonly outcome: FailureOutcome;
  /** For a failure without an HTTP answer: the network error code (ECONNRESET, TIMEOUT for our own per-request timeout, UND_ERR_… ). */
  readonly code: string | undefined;
  /** The wait (ms) a 429 or 503 asked for with Retry-After, when it asked for one. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, options?: ErrorOptions & { outcome?: FailureOutcome; code?: string; retryAfterMs?: number | undefined }) {
    super(message, options);
    this.code = options?.code;
    this.outcome = options?.outcome ?? 'unknown';
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** What a report shows for a failure: the error's detail when it has one, else its message. */
export function failureDetail(err: Error): string {
  return err instanceof TeamctlError && err.detail !== undefined ? err.detail : err.message;
}

/** The run was interrupted (SIGINT → 130, SIGTERM → 143): requests in flight finished, nothing more was sent. */
export class InterruptedError extends TeamctlError {
  override readonly exitCode: ExitCodeValue;
  constructor(message: string, signal: 'SIGINT' | 'SIGTERM', options?: ErrorOptions) {
    super(message, options);
    this.exitCode = signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
  }
}
