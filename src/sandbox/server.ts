// The sandbox server's lifecycle: options, listening, the request handler (handler.ts: the log,
// test hooks and faults around the service) and the data file (persistence.ts). It behaves like the
// service for team membership, the organization's members and the translation glossary (README,
// sandbox); where the service's documents are silent, the behaviour is the sandbox's choice and a
// comment says so.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { sandboxPlans } from '../choices.js';
import type { AddressInfo } from 'node:net';
import { defaultFaultSeed, FaultInjector, hasFaults, validateFaultOptions } from './faults.js';
import type { FaultOptions } from './faults.js';
import { RequestHandler, type Interceptor, type RequestLogEntry } from './handler.js';
import { error, send } from './http.js';
import { DataFile, loadDataFile } from './persistence.js';
import { seededStore, seedNames } from './seed.js';
import type { SeedName } from './seed.js';
import { SandboxService } from './service.js';
import type { ServiceContext } from './service-context.js';
import type { SandboxStore } from './store.js';
import { formatWriteFault, validateWriteFaultRule, writeFault } from './write-faults.js';
import type { WriteFaultRule } from './write-faults.js';

export type SandboxPlan = (typeof sandboxPlans)[number];

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
  /**
   * Whether the token's user (the sandbox's administrator) joins, as owner, each team it creates
   * (default false). The document does not say; teamctl must work either way.
   */
  creatorJoins?: boolean;
  /**
   * Whether DELETE /orgs/{org}/members/{userId} sends each removal to the organization's admins as
   * a request (202, nobody removed) instead of removing the member (205) (default false). The
   * document does not say when the service does which; teamctl must handle both.
   */
  removalNeedsApproval?: boolean;
  /**
   * The organization role of the token's user in every organization, which it is then a member of
   * (default: a member of none). Other than `admin`, role changes are refused (403) and removals
   * answered 202, as requests to the admins (sandbox's choices: the document does not say).
   */
  callerRole?: string | null;
  /**
   * Share of invitations (0..1) of accounts the sandbox knows that stay pending, as if the invitee
   * had not accepted yet (default 0: they join at once). Decided by the e-mail, so repeatable.
   */
  invitePendingRate?: number;
  /**
   * Faults aimed at one kind of write (write-faults.ts), e.g. every invitation's answer lost:
   * consulted after the test hooks, before the random faults, each rule counting from the start.
   */
  writeFaults?: WriteFaultRule[];
  /**
   * The organizations' plan: `enterprise` (default) includes audit logs; `free` has none, and the
   * audit operations answer 403 (audit-routes.ts).
   */
  plan?: SandboxPlan;
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
  /** The write faults in force (`--write-fault`), in order. */
  writeFaults: WriteFaultRule[];
}

export type { InterceptAction, InterceptRequest, Interceptor, RequestLogEntry } from './handler.js';
export { formatWriteFault, isWrite, parseWriteFault, writeFault, writeNames } from './write-faults.js';
export type { WriteFault, WriteFaultRule, WriteName } from './write-faults.js';

export interface Sandbox {
  /** Base URL without `/v1`, e.g. http://127.0.0.1:4321. */
  url: string;
  token: string;
  /**
   * The sandbox's identity, one service across restarts and ports (README, "sandbox"): derived
   * from its token, which --data keeps with the state, so a new state is a new service.
   */
  identity: string;
  store: SandboxStore;
  /** Every request, faulted and intercepted ones included, in order of arrival. */
  requests: RequestLogEntry[];
  options: ResolvedSandboxOptions;
  /** Registers a test hook consulted (in registration order) before faults and normal handling. */
  intercept(fn: Interceptor): void;
  clearIntercepts(): void;
  /**
   * From the next request on, answers every removal from an organization 202 (sent to the admins
   * as a request, nobody removed) or not, as the `removalNeedsApproval` option does from the start.
   */
  setRemovalNeedsApproval(on: boolean): void;
  /**
   * Resolves once every request answered at once and applied later on a clock (--late-rate, a
   * write fault `late:<ms>`) has been applied.
   */
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
  if (opts.plan !== undefined && !sandboxPlans.includes(opts.plan)) throw new RangeError(`plan must be one of ${sandboxPlans.join(', ')}, got ${String(opts.plan)}`);
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
  const writeFaults = [...(opts.writeFaults ?? [])];
  writeFaults.forEach(validateWriteFaultRule);
  const resolved: Omit<ResolvedSandboxOptions, 'port' | 'loadedFromDataFile'> = {
    host: opts.host ?? '127.0.0.1',
    seed,
    defaultPageSize,
    maxPageSize,
    maxBatch,
    faults,
    writeFaults,
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

  let url = '';
  const options: ResolvedSandboxOptions = { ...base, port: opts.port ?? 0, loadedFromDataFile };
  const context: ServiceContext = {
    store,
    defaultPageSize: base.defaultPageSize,
    maxPageSize: base.maxPageSize,
    maxBatch: base.maxBatch,
    creatorJoins: opts.creatorJoins ?? false,
    removalNeedsApproval: opts.removalNeedsApproval ?? false,
    auditLogs: (opts.plan ?? 'enterprise') === 'enterprise',
    ...(opts.callerRole !== undefined ? { callerRole: opts.callerRole } : {}),
    ...(opts.invitePendingRate !== undefined ? { invitePendingRate: opts.invitePendingRate } : {}),
    baseUrl: () => url,
  };
  const service = new SandboxService(context, token);
  const faults = hasFaults(base.faults) ? new FaultInjector(base.faults) : undefined;
  const writeFaultHooks = base.writeFaults.map((rule) => ({ name: formatWriteFault(rule), hook: writeFault(rule) }));
  const handler = new RequestHandler(service, faults, base.faults, opts.requestLogLimit ?? Infinity, opts.sleep, writeFaultHooks);

  const server = createServer((req, res) => {
    handler.onRequest(req, res).catch((err: unknown) => {
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
  // The data file is attached once the port is ours: a start that fails (a busy port) leaves no file.
  const dataFile = base.dataFile === undefined ? undefined : await DataFile.attach(base.dataFile, store);
  const address = server.address() as AddressInfo;
  options.port = address.port;
  url = `http://${hostForUrl(base.host)}:${address.port}`;

  let closed = false;
  return {
    url,
    token,
    identity: createHash('sha256').update(`teamctl sandbox\n${token}`).digest('hex').slice(0, 32),
    store,
    requests: handler.requests,
    options,
    intercept(fn) {
      handler.interceptors.push(fn);
    },
    clearIntercepts() {
      handler.interceptors.length = 0;
    },
    setRemovalNeedsApproval(on) {
      context.removalNeedsApproval = on;
    },
    settled: () => handler.settled(),
    async close() {
      if (closed) return;
      closed = true;
      // Accepted by the service, so applied: the state (and the data file) never misses one.
      handler.close();
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
