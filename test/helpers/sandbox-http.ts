// The sandbox spoken to over HTTP, as its own tests speak to it: sandboxes started on port 0 and
// closed after each test, one request with or without the token, and the service's error body.
import { afterEach, expect } from 'vitest';
import type { ErrorBody } from '../../src/api/types.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';

const started: Sandbox[] = [];

/** A sandbox on port 0, closed after the test that started it. */
export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, ...options });
  started.push(sb);
  return sb;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((sb) => sb.close()));
});

export interface Answer<T> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** One request: with the sandbox's token unless `token` says another (null: none). */
export async function call<T = unknown>(sb: Sandbox, method: string, path: string, options: { body?: unknown; rawBody?: string; token?: string | null } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token === undefined ? sb.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const body = options.body !== undefined ? JSON.stringify(options.body) : options.rawBody;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(sb.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, text, headers: res.headers };
}

/** The service's error body with `status`, and its message matching `message` when given. */
export function expectError(answer: Answer<unknown>, status: number, message?: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const body = answer.body as ErrorBody;
  expect(body.error.code).toBe(status);
  expect(typeof body.error.message).toBe('string');
  if (message !== undefined) expect(body.error.message).toMatch(message);
}

/** Every item of a listing, following `next.page` with pages of `limit`; the pages it took and the last `count`. */
export async function allPages<T>(sb: Sandbox, path: string, limit = 1000): Promise<{ items: T[]; pages: number; count: number | undefined }> {
  const items: T[] = [];
  let pages = 0;
  let next: string | undefined;
  let count: number | undefined;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page = await call<{ items: T[]; count?: number; next?: { page: string } }>(sb, 'GET', `${path}${sep}limit=${limit}${next === undefined ? '' : `&page=${encodeURIComponent(next)}`}`);
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    count = page.body.count;
    next = page.body.next?.page;
    pages++;
  } while (next !== undefined);
  return { items, pages, count };
}
