// How the sandbox answers one request (README, sandbox): logged, then handed to the test hooks,
// the write faults (write-faults.ts, played as hooks), the faults, or the service (service.ts).
// Also what is still to happen when it closes: the late requests to apply, the timers to cancel.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FaultInjector, FaultOptions } from './faults.js';
import { custom, error, gatewayPage, readIncoming, send } from './http.js';
import type { Incoming, Reply } from './http.js';
import type { SandboxService } from './service.js';
import { isControl } from './controls.js';

export interface RequestLogEntry {
  method: string;
  /** Path as requested, `/v1` included, without the query string. */
  path: string;
  /** Query parameters (first value of each). */
  query: Record<string, string>;
  /** Status sent; 0 when the connection was destroyed without an answer. */
  status: number;
  /** The request body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
  /**
   * Set when a fault or a test hook decided the outcome, e.g. `fail`, `intercept:reset`,
   * `write-fault:invite:lost:503` (the rule of `--write-fault` that struck).
   */
  fault?: string;
  /**
   * For a request applied and then left unanswered, or answered with an error and applied later
   * (`late`): the status its processing had. Absent on a `late` request not applied yet.
   */
  appliedStatus?: number;
  /**
   * Set when the client had hung up (its timeout, say) before the answer was ready: the request
   * was processed all the same, as a real service does (`appliedStatus`), and the answer went
   * nowhere (`status` 0).
   */
  clientGone?: true;
}

export interface InterceptRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export type InterceptAction =
  /** Answer this without applying anything. A string body is sent as is, anything else as JSON. */
  | { kind: 'respond'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Destroy the connection; nothing is applied. */
  | { kind: 'reset' }
  /** Apply the request normally, then destroy the connection without answering. */
  | { kind: 'applyThenReset' }
  /** Apply the request normally, then answer this instead of the real answer. */
  | { kind: 'applyThen'; status: number; body?: unknown; headers?: Record<string, string> }
  /**
   * Apply the request normally; a 2xx answer keeps its status and goes out with `body` instead of
   * its own (none when absent: an empty answer). Any other answer goes out as it is.
   */
  | { kind: 'applyThenBody'; body?: unknown }
  /**
   * Hold the request `ms` (a slow service, or a proxy holding it), then handle it normally (no
   * faults), even if the client has hung up meanwhile: it is applied, the answer goes nowhere.
   * Unlike `--latency`, which slows every request, this can slow one request alone.
   */
  | { kind: 'delay'; ms: number }
  /** Like `delay`, but held until `until` settles: a test decides when (no wall clock). */
  | { kind: 'hold'; until: Promise<unknown> }
  /**
   * Answer this at once, then apply the request once `until` settles: a gateway that gave up
   * (502, 503) while the service goes on, with the test deciding when it lands. With `afterMs`
   * instead of `until`, it lands that long after (the sandbox's sleep), and `settled()` waits for
   * it; still pending when the sandbox closes, it is applied then.
   */
  | { kind: 'respondThenApply'; status: number; body?: unknown; headers?: Record<string, string>; until: Promise<unknown>; afterMs?: never }
  | { kind: 'respondThenApply'; status: number; body?: unknown; headers?: Record<string, string>; afterMs: number; until?: never };

export type Interceptor = (req: InterceptRequest) => InterceptAction | undefined;

/** A hook of the sandbox's own options (`--write-fault`), logged as `write-fault:<name>`. */
export interface NamedInterceptor {
  name: string;
  hook: Interceptor;
}

/** One request being answered: its log entry, and the two ways it ends. */
interface Exchange {
  inc: Incoming;
  entry: RequestLogEntry;
  /** Sends `reply`; `processed` when it is the service's answer to the request, applied. */
  answer(reply: Reply, processed?: boolean): void;
  /** Destroys the connection without an answer. */
  hangUp(): void;
}

export class RequestHandler {
  /** Every request, faulted and intercepted ones included, in order of arrival. */
  readonly requests: RequestLogEntry[] = [];
  /** The test hooks, consulted in registration order before faults and normal handling. */
  readonly interceptors: Interceptor[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * Requests answered but not applied yet (--late-rate, and `respondThenApply` with `afterMs`):
   * each one's application, which cancels its own wait and runs once.
   */
  private readonly late = new Set<() => void>();
  private lateDone: (() => void) | undefined;
  private closed = false;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly service: SandboxService,
    private readonly faults: FaultInjector | undefined,
    private readonly faultOptions: FaultOptions,
    private readonly logLimit: number,
    sleep?: (ms: number) => Promise<void>,
    /** Consulted after the test hooks, before the faults. */
    private readonly writeFaults: readonly NamedInterceptor[] = [],
  ) {
    this.sleep =
      sleep ??
      ((ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            resolve();
          }, ms);
          this.timers.add(timer);
        }));
  }

  async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { requests, logLimit } = this;
    const inc = await readIncoming(req);
    const body = inc.body;
    const entry: RequestLogEntry = { method: inc.method, path: inc.path, query: inc.query, status: 0, body };
    requests.push(entry);
    if (requests.length > logLimit) requests.shift();

    // A client that hangs up before its answer is ready (its timeout, say) does not stop the
    // processing: a real service keeps working on a request whose client went away, and applies
    // it. Only the answer goes nowhere (logged as status 0, clientGone, appliedStatus).
    let clientGone = false;
    res.on('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      entry.clientGone = true; // logged at once, so a test can wait for it
    });
    const answer = (reply: Reply, processed = false): void => {
      if (clientGone) {
        entry.status = 0;
        entry.clientGone = true;
        if (processed) entry.appliedStatus = reply.status;
        return;
      }
      entry.status = reply.status;
      send(res, reply);
    };
    const hangUp = (): void => {
      entry.status = 0;
      res.destroy();
    };

    const exchange: Exchange = { inc, entry, answer, hangUp };
    // A control plays a person's action, not a request of the client's: no hook or fault strikes it.
    if (isControl(inc.path)) return answer(this.service.handle(inc), true);
    if (await this.intercepted(exchange)) return;
    if (this.faults && (await this.faulted(this.faults, exchange))) return;
    answer(this.service.handle(inc), true);
  }

  /**
   * Test hooks come first, then the write faults; a hook's action replaces faults for that request.
   * True when one took it.
   */
  private async intercepted(exchange: Exchange): Promise<boolean> {
    const { inc } = exchange;
    const req: InterceptRequest = { method: inc.method, path: inc.path, query: inc.query, body: inc.body, headers: inc.headers };
    for (const hook of this.interceptors) {
      const action = hook(req);
      if (!action) continue;
      await this.perform(action, `intercept:${action.kind}`, exchange);
      return true;
    }
    for (const { name, hook } of this.writeFaults) {
      const action = hook(req);
      if (!action) continue;
      await this.perform(action, `write-fault:${name}`, exchange);
      return true;
    }
    return false;
  }

  /** Plays a hook's action on one request, logged as `fault`. */
  private async perform(action: InterceptAction, fault: string, { inc, entry, answer, hangUp }: Exchange): Promise<void> {
    const { service } = this;
    entry.fault = fault;
    if (action.kind === 'respond') answer(custom(action.status, action.body, action.headers));
    else if (action.kind === 'reset') hangUp();
    else if (action.kind === 'respondThenApply') {
      answer(custom(action.status, action.body, action.headers));
      if (action.afterMs !== undefined) {
        const apply = this.pendingApply(inc, entry);
        void this.sleep(action.afterMs).then(apply);
        return;
      }
      void action.until
        .catch(() => undefined)
        .then(() => {
          if (!this.closed) entry.appliedStatus = service.handle(inc).status;
        });
    } else if (action.kind === 'delay' || action.kind === 'hold') {
      await (action.kind === 'delay' ? this.sleep(action.ms) : action.until.catch(() => undefined));
      // (The sandbox itself was shut down meanwhile, not the client: no answer.)
      if (!this.closed) answer(service.handle(inc), true);
    } else {
      const applied = service.handle(inc);
      entry.appliedStatus = applied.status;
      if (action.kind === 'applyThenReset') hangUp();
      else if (action.kind === 'applyThen') answer(custom(action.status, action.body, action.headers));
      else answer(applied.status >= 200 && applied.status < 300 ? custom(applied.status, action.body) : applied, true);
    }
  }

  /**
   * Registers a request answered but not applied yet; returns its application, which runs once
   * (then `cancel`s its wait), whether its wait ends or the sandbox closes first.
   */
  private pendingApply(inc: Incoming, entry: RequestLogEntry, cancel?: () => void): () => void {
    const apply = (): void => {
      if (!this.late.delete(apply)) return;
      cancel?.();
      entry.appliedStatus = this.service.handle(inc).status;
      if (this.late.size === 0) this.lateDone?.();
    };
    this.late.add(apply);
    return apply;
  }

  /** The faults of the options (--latency, --fail-rate, …). True when one decided the answer. */
  private async faulted(faults: FaultInjector, { inc, entry, answer, hangUp }: Exchange): Promise<boolean> {
    const { service } = this;
    if (faults.latencyMs > 0) {
      await this.sleep(faults.latencyMs);
      // `closed` is the sandbox's own shutdown, not the client's: a request whose client hung up
      // during the latency is still processed (see `answer`).
      if (this.closed) return true;
    }
    const decision = faults.decide();
    switch (decision.kind) {
      case 'rate-limit':
        entry.fault = 'rate-limit';
        answer(error(429, `sandbox fault: rate limit of ${this.faultOptions.rateLimit} requests per second exceeded`, { 'retry-after': String(decision.retryAfterSeconds) }));
        return true;
      case 'fail':
        entry.fault = 'fail';
        answer(error(503, 'sandbox fault: service unavailable (fail-rate); nothing was applied'));
        return true;
      case 'reset':
        entry.fault = 'reset';
        hangUp();
        return true;
      case 'late': {
        // A gateway gives up and answers 502 or 503 at once — its own page, or (an API behind
        // it that saw its upstream reset) a 503 in the service's own error JSON — while the
        // service goes on and applies the request a little later: the case that makes
        // re-sending a non-idempotent request dangerous (README, sandbox).
        entry.fault = 'late';
        // (`timer` is read only once it is set: the application runs after this turn.)
        const apply = this.pendingApply(inc, entry, () => clearTimeout(timer));
        const timer = setTimeout(apply, decision.delayMs);
        answer(decision.body === 'service' ? error(503, 'sandbox fault: service unavailable (late-rate); the request is applied later') : gatewayPage(decision.status));
        return true;
      }
      case 'ambiguous':
        entry.fault = 'ambiguous';
        entry.appliedStatus = service.handle(inc).status;
        hangUp();
        return true;
      case 'none':
        return false;
    }
  }

  /**
   * Resolves once every request answered at once and applied later on a clock (the late fault,
   * a write fault `late:<ms>`, a `respondThenApply` with `afterMs`) has been applied.
   */
  settled(): Promise<void> {
    if (this.late.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const previous = this.lateDone;
      this.lateDone = () => {
        this.lateDone = undefined;
        previous?.();
        resolve();
      };
    });
  }

  /** Answers nothing more; the waits are cancelled, and late requests applied at once (the service accepted them). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const apply of [...this.late]) apply();
  }
}
