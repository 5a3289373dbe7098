// HTTP plumbing of the sandbox: replies (JSON, no content, the service's error body), bounded
// request-body reading, and the small parsers every handler shares.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** Request bodies above this are answered 413 (sandbox's choice; the service's limit is not shown). */
export const maxBodyBytes = 16 * 1024 * 1024;

export interface Reply {
  status: number;
  headers: Record<string, string>;
  payload?: Buffer;
}

/** A request as the handlers see it: parsed once, body included. */
export interface Incoming {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  rawBodyLength: number;
  bodyIsInvalidJson: boolean;
  bodyTooLarge: boolean;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    payload: Buffer.from(JSON.stringify(value)),
  };
}

/** An answer without a body: 204, 205, or 202 (accepted, nothing to show). */
export function noContent(status: 202 | 204 | 205): Reply {
  return { status, headers: {} };
}

/** The error body of the published document: {"error":{"code","message"}}. */
export function error(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return json(status, { error: { code: status, message } }, headers);
}

/** What a gateway in front of the service answers in its own name: an HTML page, not the service's error. */
export function gatewayPage(status: 502 | 503): Reply {
  const title = status === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable';
  return { status, headers: { 'content-type': 'text/html' }, payload: Buffer.from(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`) };
}

/** A reply chosen by a test hook: string bodies go out as is, anything else as JSON. */
export function custom(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  if (body === undefined) return { status, headers: { ...headers } };
  if (typeof body === 'string') {
    return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, payload: Buffer.from(body) };
  }
  return json(status, body, headers);
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  const bodyless = reply.status === 204 || reply.status === 304 || reply.status < 200;
  // Content-Length always (keep-alive friendly), except where HTTP forbids it (204, 304, 1xx).
  if (!bodyless) headers['content-length'] = String(reply.payload?.length ?? 0);
  res.writeHead(reply.status, headers);
  res.end(bodyless ? undefined : reply.payload);
}

/** Thrown by handlers to answer with an error. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Reads a request body, storing at most `maxBodyBytes` of it. */
function readBody(req: IncomingMessage): Promise<{ raw: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining an oversized body (so the answer can be read) but stop storing it.
      if (size > maxBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
    // A client that hangs up mid-body: nothing to answer (a no-op once 'end' has resolved).
    req.on('close', () => reject(new Error('request aborted')));
  });
}

/** Reads and parses a request once: path, first value of each query parameter, JSON body. */
export async function readIncoming(req: IncomingMessage): Promise<Incoming> {
  const { raw, tooLarge } = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  let body: unknown;
  let bodyIsInvalidJson = false;
  if (raw.length > 0) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      bodyIsInvalidJson = true;
    }
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!Object.hasOwn(query, key)) query[key] = value;
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query,
    headers: req.headers,
    body,
    rawBodyLength: raw.length,
    bodyIsInvalidJson,
    bodyTooLarge: tooLarge,
  };
}

/** `limit`: an integer 1..1000; absent → the default page size; never more than `maxPageSize`. */
export function parseLimit(value: string | undefined, defaultPageSize: number, maxPageSize = 1000): number {
  if (value === undefined) return Math.min(defaultPageSize, maxPageSize);
  // The published document allows 0, but a 0-item page can never advance: rejected (sandbox's choice).
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new HttpError(400, `limit must be an integer from 1 to 1000, got ${JSON.stringify(value)}`);
  }
  return Math.min(Number(value), maxPageSize);
}

/** Characters as JSON Schema counts them (code points, not UTF-16 units). */
export function lengthInCharacters(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object body; `required` false turns an empty body into {}. */
export function objectBody(inc: Incoming, required: boolean, example: string): Record<string, unknown> {
  if (inc.bodyIsInvalidJson) throw new HttpError(400, 'request body is not valid JSON');
  if (inc.rawBodyLength === 0 || inc.body === undefined) {
    if (!required) return {};
    throw new HttpError(400, `request body is required: ${example}`);
  }
  if (!isPlainObject(inc.body)) throw new HttpError(400, `request body must be a JSON object: ${example}`);
  return inc.body;
}

/** Lists up to 10 values for an error message. */
export function listForMessage(values: string[]): string {
  const shown = values.slice(0, 10).map((v) => JSON.stringify(v)).join(', ');
  return values.length > 10 ? `${shown} and ${values.length - 10} more` : shown;
}
