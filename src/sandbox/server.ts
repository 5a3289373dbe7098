// The sandbox server's lifecycle: options, listening, the request log, test hooks and faults
// around the service (service.ts), and the data file (persistence.ts). It behaves like the
// service for team membership and the translation glossary (README, sandbox); where the
// service's documents are silent, the behaviour is the sandbox's choice and a comment says so.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultFaultSeed, FaultInjector, hasFaults, validateFaultOptions } from './faults.js';
import type { FaultOptions } from './faults.js';
import { custom, error, gatewayPage, readIncoming, send } from './http.js';
import type { Reply } from './http.js';
import { DataFile, loadDataFile } from './persistence.js';
import { seededStore, seedNames } from './seed.js';
import type { SeedName } from './seed.js';
import { SandboxService } from './service.js';
import type { SandboxStore } from './store.js';

export interface SandboxOptions extends FaultOptions {
  /** 0 (default) = any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Initial state when there is no data file yet (default `demo`). */
  seed?: SeedName;
  /** JSON file keeping the state (and the token) across restarts. */
  dataFile?: string;
  /** Bearer token to require; default: the data file's, else a random `sbx_…`. */
  token?: string;
  /** Page size when `limit` is absent (default 50 — sandbox's choice, the service's default is not shown). */
  defaultPageSize?: number;
  /** Most items in one page, whatever `limit` asks (default 1000): a service that pages smaller than asked. */
  maxPageSize?: number;
  /** Most add+remove entries or glossary operations in one request; more → 413 (default 1000). */
  maxBatch?: number;
  /** Keep at most this many entries in `requests`, dropping the oldest (default: all). */
  requestLogLimit?: number;
  /** How `latencyMs` and a `delay` hook wait (default: a timer that close() cancels); tests inject their own clock. */
  sleep?: (ms: number) => Promise<void>;
}

/** The options in force, after defaults. */
export interface ResolvedSandboxOptions {
  host: string;
  port: number;
  seed: SeedName;
  dataFile?: string;
  /** True when the state came from an existing data file (the seed was not used). */
  loadedFromDataFile: boolean;
  defaultPageSize: number;
  maxPageSize: number;
  maxBatch: number;
  faults: FaultOptions;
}

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
  /** Set when a fault or a test hook decided the outcome, e.g. `fail`, `intercept:reset`. */
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
   * Hold the request `ms` (a slow service, or a proxy holding it), then handle it normally (no
   * faults), even if the client has hung up meanwhile: it is applied, the answer goes nowhere.
   * Unlike `--latency`, which slows every request, this can slow one request alone.
   */
  | { kind: 'delay'; ms: number }
  /** Like `delay`, but held until `until` settles: a test decides when (no wall clock). */
  | { kind: 'hold'; until: Promise<unknown> }
  /**
   * Answer this at once, then apply the request once `until` settles: a gateway that gave up
   * (502, 503) while the service goes on, with the test deciding when it lands.
   */
  | { kind: 'respondThenApply'; status: number; body?: unknown; headers?: Record<string, string>; until: Promise<unknown> };

export type Interceptor = (req: InterceptRequest) => InterceptAction | undefined;

export interface Sandbox {
  /** Base URL without `/v1`, e.g. http://127.0.0.1:4321. */
  url: string;
  token: string;
  store: SandboxStore;
  /** Every request, faulted and intercepted ones included, in order of arrival. */
  requests: RequestLogEntry[];
  options: ResolvedSandboxOptions;
  /** Registers a test hook consulted (in registration order) before faults and normal handling. */
  intercept(fn: Interceptor): void;
  clearIntercepts(): void;
  /** Resolves once every request answered at once by the late fault has been applied. */
  settled(): Promise<void>;
  /** Stops listening; late requests still pending are applied at once, then the data file is written. */
  close(): Promise<void>;
}

// ---- the server -------------------------------------------------------------------------

function resolveOptions(opts: SandboxOptions): Omit<ResolvedSandboxOptions, 'port' | 'loadedFromDataFile'> {
  validateFaultOptions(opts);
  const seed = opts.seed ?? 'demo';
  if (!seedNames.includes(seed)) throw new RangeError(`seed must be one of ${seedNames.join(', ')}, got ${String(seed)}`);
  const defaultPageSize = opts.defaultPageSize ?? 50;
  if (!Number.isInteger(defaultPageSize) || defaultPageSize < 1 || defaultPageSize > 1000) {
    throw new RangeError(`defaultPageSize must be an integer from 1 to 1000, got ${defaultPageSize}`);
  }
  const maxPageSize = opts.maxPageSize ?? 1000;
  if (!Number.isInteger(maxPageSize) || maxPageSize < 1 || maxPageSize > 1000) {
    throw new RangeError(`maxPageSize must be an integer from 1 to 1000, got ${maxPageSize}`);
  }
  const maxBatch = opts.maxBatch ?? 1000;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be an integer >= 1, got ${maxBatch}`);
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${opts.port}`);
  }
  const faults: FaultOptions = {};
  if (opts.latencyMs !== undefined) faults.latencyMs = opts.latencyMs;
  if (opts.failRate !== undefined) faults.failRate = opts.failRate;
  if (opts.rateLimit !== undefined) faults.rateLimit = opts.rateLimit;
  if (opts.resetRate !== undefined) faults.resetRate = opts.resetRate;
  if (opts.ambiguousRate !== undefined) faults.ambiguousRate = opts.ambiguousRate;
  if (opts.lateRate !== undefined) faults.lateRate = opts.lateRate;
  if (hasFaults(faults)) faults.faultSeed = opts.faultSeed ?? defaultFaultSeed;
  const resolved: Omit<ResolvedSandboxOptions, 'port' | 'loadedFromDataFile'> = {
    host: opts.host ?? '127.0.0.1',
    seed,
    defaultPageSize,
    maxPageSize,
    maxBatch,
    faults,
  };
  if (opts.dataFile !== undefined) resolved.dataFile = opts.dataFile;
  return resolved;
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const base = resolveOptions(opts);

  // An existing data file wins over the seed: the seed only fills a new sandbox.
  const loaded = base.dataFile === undefined ? undefined : await loadDataFile(base.dataFile);
  const loadedFromDataFile = loaded !== undefined;
  const store = loaded ?? seededStore(base.seed);
  const token = opts.token ?? store.token ?? `sbx_${randomBytes(16).toString('hex')}`;
  // Kept with the state, so a sandbox restarted on the same data file accepts the same token.
  store.token = token;
  // The data file is attached once the port is ours: a start that fails (a busy port) leaves no file.
  let dataFile: DataFile | undefined;

  const requests: RequestLogEntry[] = [];
  const logLimit = opts.requestLogLimit ?? Infinity;
  const interceptors: Interceptor[] = [];
  const faults = hasFaults(base.faults) ? new FaultInjector(base.faults) : undefined;
  const timers = new Set<NodeJS.Timeout>();
  /** Late requests (--late-rate) answered but not applied yet: their timers and their application. */
  const late = new Map<NodeJS.Timeout, () => void>();
  let lateDone: (() => void) | undefined;
  let closed = false;
  let url = '';

  const options: ResolvedSandboxOptions = { ...base, port: opts.port ?? 0, loadedFromDataFile };
  const service = new SandboxService(
    { store, defaultPageSize: base.defaultPageSize, maxPageSize: base.maxPageSize, maxBatch: base.maxBatch, baseUrl: () => url },
    token,
  );

  const sleep = opts.sleep ?? ((ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    }));

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    /** Sends `reply`; `processed` when it is the service's answer to the request, applied. */
    const answer = (reply: Reply, processed = false) => {
      if (clientGone) {
        entry.status = 0;
        entry.clientGone = true;
        if (processed) entry.appliedStatus = reply.status;
        return;
      }
      entry.status = reply.status;
      send(res, reply);
    };
    const hangUp = () => {
      entry.status = 0;
      res.destroy();
    };

    // Test hooks come first; a hook's action replaces faults for that request.
    for (const hook of interceptors) {
      const action = hook({ method: inc.method, path: inc.path, query: inc.query, body: inc.body, headers: inc.headers });
      if (!action) continue;
      entry.fault = `intercept:${action.kind}`;
      if (action.kind === 'respond') return answer(custom(action.status, action.body, action.headers));
      if (action.kind === 'reset') return hangUp();
      if (action.kind === 'respondThenApply') {
        answer(custom(action.status, action.body, action.headers));
        void action.until
          .catch(() => undefined)
          .then(() => {
            if (!closed) entry.appliedStatus = service.handle(inc).status;
          });
        return;
      }
      if (action.kind === 'delay' || action.kind === 'hold') {
        await (action.kind === 'delay' ? sleep(action.ms) : action.until.catch(() => undefined));
        if (closed) return; // the sandbox itself was shut down meanwhile (not the client)
        return answer(service.handle(inc), true);
      }
      const applied = service.handle(inc);
      if (action.kind === 'applyThenReset') {
        entry.appliedStatus = applied.status;
        return hangUp();
      }
      return answer(custom(action.status, action.body, action.headers));
    }

    if (faults) {
      if (faults.latencyMs > 0) {
        await sleep(faults.latencyMs);
        // `closed` is the sandbox's own shutdown, not the client's: a request whose client hung up
        // during the latency is still processed below (see `answer`).
        if (closed) return;
      }
      const decision = faults.decide();
      switch (decision.kind) {
        case 'rate-limit':
          entry.fault = 'rate-limit';
          return answer(
            error(429, `sandbox fault: rate limit of ${base.faults.rateLimit} requests per second exceeded`, {
              'retry-after': String(decision.retryAfterSeconds),
            }),
          );
        case 'fail':
          entry.fault = 'fail';
          return answer(error(503, 'sandbox fault: service unavailable (fail-rate); nothing was applied'));
        case 'reset':
          entry.fault = 'reset';
          return hangUp();
        case 'late': {
          // A gateway gives up and answers 502 or 503 at once — its own page, or (an API behind
          // it that saw its upstream reset) a 503 in the service's own error JSON — while the
          // service goes on and applies the request a little later: the case that makes
          // re-sending a non-idempotent request dangerous (README, sandbox).
          entry.fault = 'late';
          const apply = () => {
            late.delete(timer);
            entry.appliedStatus = service.handle(inc).status;
            if (late.size === 0) lateDone?.();
          };
          const timer = setTimeout(apply, decision.delayMs);
          late.set(timer, apply);
          return answer(decision.body === 'service' ? error(503, 'sandbox fault: service unavailable (late-rate); the request is applied later') : gatewayPage(decision.status));
        }
        case 'ambiguous': {
          entry.fault = 'ambiguous';
          entry.appliedStatus = service.handle(inc).status;
          return hangUp();
        }
        case 'none':
          break;
      }
    }
    answer(service.handle(inc), true);
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) return;
      send(res, error(500, `sandbox internal error: ${(err as Error).message}`));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, base.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (base.dataFile !== undefined) dataFile = await DataFile.attach(base.dataFile, store);
  const address = server.address() as AddressInfo;
  options.port = address.port;
  url = `http://${hostForUrl(base.host)}:${address.port}`;

  return {
    url,
    token,
    store,
    requests,
    options,
    intercept(fn) {
      interceptors.push(fn);
    },
    clearIntercepts() {
      interceptors.length = 0;
    },
    settled() {
      if (late.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const previous = lateDone;
        lateDone = () => {
          lateDone = undefined;
          previous?.();
          resolve();
        };
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Accepted by the service, so applied: the state (and the data file) never misses one.
      for (const [timer, apply] of [...late]) {
        clearTimeout(timer);
        apply();
      }
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Idle keep-alive sockets (and any request still waiting on latency) would hold close().
        server.closeAllConnections();
      });
      // The last changes reach the data file before close() resolves.
      await dataFile?.close();
    },
  };
}
