// The one HTTP client: undici with a single keep-alive Agent for the whole run, bearer auth,
// per-attempt timeout, the retry policy of retry.ts, `--debug` lines, and error mapping.
// Only commands that talk to the service import this module (undici is costly to load).
import { AuthError, NotFoundError, ServiceError, type FailureOutcome } from '../errors.js';
import { oneLine } from '../output/terminal.js';
import { shorten } from '../output/words.js';
import { quotesSecret, redact, redactSpellings } from '../redact.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { connectionFailure, errorCode } from './connectionFailure.js';
import { createTransport, type Transport } from './transport.js';
import { askedWait, cannotHaveBeenProcessed, decideRetry, defaultRetryPolicy, type AttemptOutcome, type RetryClass, type RetryPolicy } from './retry.js';
import { parseBaseUrl, type ApiBase } from './url.js';

export interface ApiClientOptions {
  baseUrl: string;
  token: string;
  userAgent: string;
  timeoutMs: number;
  /** The environment, for HTTPS_PROXY / HTTP_PROXY / NO_PROXY. */
  env?: NodeJS.ProcessEnv;
  /** The token came from TEAMCTL_TOKEN (a 401 then says so: the stored token is not the one used). */
  tokenFromEnvironment?: boolean;
  /** Receives one line per HTTP exchange (attempt) when --debug is on. */
  debug?: (line: string) => void;
  retryPolicy?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Defaults to 'idempotent' (GET, DELETE, members PUTs). */
  retryClass?: RetryClass;
}

export interface ApiResponse<T> {
  status: number;
  data: T | undefined;
  /** The size of the answer's body in bytes. */
  bytes: number;
}

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** Summarises a non-JSON error body: its first meaningful line, never the whole page. */
function summariseBody(text: string): string {
  const firstLine =
    text
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, '\n')
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .find((l) => l !== '') ?? '';
  // Secrets are replaced before the line is cut, which could leave a piece of one unrecognised.
  const line = redact(firstLine);
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** The largest answer read (`teamctl help reliability`, "Reliability"): a page of 1,000 members is well under 2 MB. */
export const maxBodyBytes = 64 * 1024 * 1024;

/** The body as text, or undefined once it grows past maxBodyBytes (the rest is not read). */
async function readBounded(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBodyBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The most of a service's error message that is shown (`teamctl help reliability`, "Reliability"). */
const shownMessageLength = 500;

/** A message from the service, for one line: its first 500 characters, control characters spelled out. */
function shown(message: string): string {
  return oneLine(shorten(message, shownMessageLength + 1));
}

/** What is shown instead of a service's message that quotes the token (`teamctl help environment`, "Talking to the service"). */
export const withheldMessage = '(message withheld: it quoted the token)';

/**
 * The service's `{"error":{"message"}}` text, or a summary of whatever else came back; withheld
 * whole when the answer holds the token, even split across lines or escapes (two halves shown
 * apart would join again).
 */
export function errorMessageFromBody(status: number, contentType: string, text: string): string {
  // A token quoted whole is replaced by *** where it is written; one left after that is split.
  if (quotesSecret(redactSpellings(text))) return withheldMessage;
  return shown(rawErrorMessage(status, contentType, text));
}

function rawErrorMessage(status: number, contentType: string, text: string): string {
  if (contentType.includes('json') || /^\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string' && parsed.error.message !== '') return parsed.error.message;
    } catch {
      // fall through to the summary
    }
  }
  const summary = summariseBody(text);
  return summary ? `HTTP ${status}: ${summary}` : `HTTP ${status}`;
}

/** The service's own error body, `{"error":{"code","message"}}` (`teamctl help exit-codes`, "Exit codes"). */
function isServiceError(contentType: string, text: string): boolean {
  if (!contentType.includes('json')) return false;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } } | null;
    return typeof parsed?.error?.message === 'string';
  } catch {
    return false;
  }
}

export class ApiClient {
  readonly base: ApiBase;
  private readonly transport: Transport;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly policy: RetryPolicy;
  /** Attempts in flight, so an interruption can cut them off after its grace period. */
  private readonly inFlight = new Set<AbortController>();
  /** Set by interrupt(): no new attempt, no retry, no wait. */
  private stopping = false;
  /** shareBudget(): the attempts that may be in flight at once across everything this run does. */
  private slots: { free: number; waiting: (() => void)[] } | undefined;
  private stopped!: () => void;
  private readonly whenStopped = new Promise<void>((resolve) => (this.stopped = resolve));

  constructor(private readonly options: ApiClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.transport = createTransport(options.env ?? {}, this.base.origin);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.policy = options.retryPolicy ?? defaultRetryPolicy;
  }

  /** The full URL for a path under `/v1` (for messages and debug lines; it holds no secret). */
  url(path: string, query?: RequestOptions['query']): string {
    return this.base.origin + this.pathWithQuery(path, query);
  }

  private pathWithQuery(path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value));
    const search = params.toString();
    return `${this.base.prefix}${path}${search ? `?${search}` : ''}`;
  }

  /**
   * One budget of requests in flight for the whole run (`teamctl help rosters`, "Many teams from one roster"):
   * teams worked on at the same time share --concurrency instead of multiplying it.
   */
  shareBudget(concurrency: number): void {
    this.slots = { free: Math.max(1, concurrency), waiting: [] };
  }

  private async acquire(): Promise<void> {
    const slots = this.slots;
    if (slots === undefined) return;
    if (slots.free > 0) {
      slots.free--;
      return;
    }
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  }

  private release(): void {
    const slots = this.slots;
    if (slots === undefined) return;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  }

  /**
   * Ctrl-C or SIGTERM (`teamctl help interruptions`, "Interruptions"): from now on no request or retry starts and no
   * retry wait goes on; what is in flight has `graceMs` to finish, then is cut off, its outcome
   * unknown — CI runners kill a few seconds after SIGTERM.
   */
  interrupt(graceMs: number): void {
    if (this.stopping) return;
    this.stopping = true;
    this.stopped();
    setTimeout(() => {
      for (const controller of this.inFlight) controller.abort();
    }, graceMs).unref();
  }

  /**
   * Sends one request with retries. Resolves for 2xx; throws AuthError (401/403),
   * NotFoundError (404) or ServiceError (anything else, with `outcome` saying whether the
   * service may have acted).
   */
  async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const retryClass = options.retryClass ?? 'idempotent';
    const requestPath = this.pathWithQuery(path, options.query);
    const url = this.base.origin + requestPath;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.token}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';

    const notSent = (): ServiceError => new ServiceError(`${method} ${url} not sent: the run was interrupted`, { outcome: 'not-processed', code: 'INTERRUPTED', detail: 'not sent: the run was interrupted' });
    for (let retriesSoFar = 0; ; retriesSoFar++) {
      const attempt = retriesSoFar + 1;
      if (this.stopping) throw notSent();
      // A slot of the run's budget first (waiting for it is not part of the request's timeout);
      // an interruption while it waited still stops it.
      await this.acquire();
      if (this.stopping) {
        this.release();
        throw notSent();
      }
      const started = this.now();
      const controller = new AbortController();
      this.inFlight.add(controller);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, this.options.timeoutMs);
      let outcome: AttemptOutcome;
      let status = 0;
      let text = '';
      let bytes = 0;
      let contentType = '';
      try {
        const response = await this.transport.request({
          origin: this.base.origin,
          path: requestPath,
          method,
          headers,
          body,
          signal: controller.signal,
        });
        status = response.statusCode;
        contentType = String(response.headers['content-type'] ?? '');
        const read = await readBounded(response.body);
        if (read === undefined) {
          // Not a network failure to retry: the service answered something no page can be.
          throw new ServiceError(`${method} ${url} answered more than ${maxBodyBytes / 1024 / 1024} MB; stopped reading it`, {
            status,
            outcome: status >= 200 && status < 300 ? 'unknown' : 'rejected',
            detail: `an answer larger than ${maxBodyBytes / 1024 / 1024} MB`,
          });
        }
        text = read;
        bytes = Buffer.byteLength(read);
        const retryAfter = response.headers['retry-after'];
        outcome = { kind: 'response', status, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
      } catch (err) {
        if (err instanceof ServiceError) throw err;
        outcome = { kind: 'error', code: timedOut ? 'TIMEOUT' : this.stopping && controller.signal.aborted ? 'INTERRUPTED_IN_FLIGHT' : errorCode(err) };
      } finally {
        clearTimeout(timer);
        this.inFlight.delete(controller);
        this.release();
      }

      const decision = decideRetry(outcome, { retryClass, retriesSoFar, nowMs: this.now(), random: this.random, policy: this.policy });
      const result = outcome.kind === 'response' ? String(status) : outcome.code;
      const then = decision.retry ? `, retrying in ${decision.delayMs}ms` : '';
      this.options.debug?.(`${method} ${url} ${result} ${this.now() - started}ms attempt ${attempt}${then}`);
      if (decision.retry && !this.stopping) {
        await Promise.race([this.sleep(decision.delayMs), this.whenStopped]);
        continue;
      }

      if (outcome.kind === 'error') {
        const { what, hint } = connectionFailure(outcome.code, this.options.timeoutMs, this.transport.proxy, this.base.origin);
        const tries = attempt > 1 ? ` after ${attempt} attempts` : '';
        throw new ServiceError(`${method} ${url} ${what}${tries}`, {
          detail: `${what}${tries}`,
          code: outcome.code,
          outcome: cannotHaveBeenProcessed(outcome) ? 'not-processed' : 'unknown',
          hint,
        });
      }
      if (status >= 200 && status < 300) {
        if (status === 204 || status === 205 || text === '') return { status, data: undefined, bytes };
        try {
          return { status, data: JSON.parse(text) as T, bytes };
        } catch {
          throw new ServiceError(`unexpected response from ${method} ${url}: ${status} with a body that is not JSON`, {
            status,
            outcome: 'unknown',
            detail: 'unexpected response: the body is not JSON',
          });
        }
      }
      throw this.failure(method, url, outcome, contentType, text, attempt, decision);
    }
  }

  private failure(
    method: Method,
    url: string,
    outcome: AttemptOutcome & { kind: 'response' },
    contentType: string,
    text: string,
    attempt: number,
    decision: ReturnType<typeof decideRetry>,
  ): Error {
    const { status } = outcome;
    if (status >= 300 && status < 400) {
      // Never followed: a redirect could carry the token to another origin.
      return new ServiceError(`${method} ${url} answered ${status} (a redirect); teamctl does not follow redirects`, {
        status,
        detail: `redirect (${status}) not followed`,
        outcome: 'rejected',
        hint: 'check the base URL',
      });
    }
    const message = errorMessageFromBody(status, contentType, text);
    if (status === 401) {
      const hint = this.options.tokenFromEnvironment
        ? 'the token used comes from TEAMCTL_TOKEN (a stored token is not used while it is set): check it, or unset it to use the one `teamctl auth login` stored'
        : 'run `teamctl auth login` to store a valid token, or set TEAMCTL_TOKEN';
      return new AuthError(`authentication failed (401): ${message}`, { status, detail: message, hint });
    }
    if (status === 403) {
      return new AuthError(`permission denied (403): ${message}`, { status, detail: message, hint: 'the token is valid but lacks the rights for this operation' });
    }
    if (status === 404) return new NotFoundError(`not found (404): ${message}`, { status, detail: message, hint: this.notFoundHint(contentType, text, url) });
    if (decision.retry === false && decision.why === 'retry-after-too-long') {
      const seconds = Math.ceil(decision.retryAfterMs / 1000);
      return new ServiceError(`${method} ${url} answered ${status}: the service asked to wait ${seconds}s before retrying, longer than the 60s teamctl waits`, {
        status,
        outcome: cannotHaveBeenProcessed(outcome) ? 'not-processed' : 'unknown',
        retryAfterMs: decision.retryAfterMs,
        detail: `the service asked to wait ${seconds}s`,
        hint: 'try again later',
      });
    }
    const meaning: FailureOutcome = cannotHaveBeenProcessed(outcome) ? 'not-processed' : status >= 500 ? 'unknown' : 'rejected';
    const tries = attempt > 1 ? ` (after ${attempt} attempts)` : '';
    return new ServiceError(`${method} ${url} failed with ${status}${tries}: ${message}`, { status, outcome: meaning, detail: `${message}${tries}`, retryAfterMs: askedWait(outcome, this.now()) });
  }

  /**
   * A 404 that may be the base URL's fault rather than a missing team or entry: its body is not
   * the service's error shape (a proxy's or web server's page), or the base URL has a path of its
   * own (everything under a wrong path answers 404).
   */
  private notFoundHint(contentType: string, text: string, url: string): string | undefined {
    const extraPath = this.base.prefix !== '/v1';
    if (!extraPath && isServiceError(contentType, text)) {
      // A collection of the organization itself is missing: the organization is (README, "Settings").
      const path = new URL(url).pathname;
      const org = path.startsWith(this.base.prefix) ? /^\/orgs\/([^/]+)\/(?:teams|members|translations-glossary|invites)$/.exec(path.slice(this.base.prefix.length))?.[1] : undefined;
      if (org === undefined) return undefined;
      return `check the organization id ${JSON.stringify(decodeURIComponent(org))} (--org, TEAMCTL_ORG or the config key org; \`teamctl auth status\` shows the one in use and where it comes from)`;
    }
    return `if every command answers 404, check the base URL (${this.base.origin}${this.base.prefix.replace(/\/v1$/, '')}): teamctl adds /v1/orgs/… to it${extraPath ? ', and it has a path of its own' : ''}`;
  }

  /** Every item of a paginated list, page by page (memory bounded by one page). */
  pages<T>(path: string, limit: number, options: PaginateOptions<T>, filters: Record<string, string | undefined> = {}): AsyncGenerator<T[], void, undefined> {
    return paginate<T>(async (cursor) => {
      const { data, bytes } = await this.request<unknown>('GET', path, { query: { ...filters, limit, page: cursor } });
      if (data === undefined) throw new ServiceError(`unexpected empty response from GET ${this.url(path)}`);
      return { data, bytes };
    }, options);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }
}
