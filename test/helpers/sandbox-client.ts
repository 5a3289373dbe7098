// A sandbox on port 0 and a client to it, for one test and closed after it; and the names of the
// users the sandbox's `addUsers` makes (u00001, user00001@example.com), which unit tests of the
// members domains share.
import { afterEach } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';

export const uid = (n: number): string => `u${String(n).padStart(5, '0')}`;
export const mail = (n: number): string => `user${String(n).padStart(5, '0')}@example.com`;

/**
 * Registers, in the calling test file, the closing of everything started during a test; returns
 * what starts a sandbox (the empty seed unless told) and a client with no waits between retries.
 */
export function sandboxPerTest(): (options?: Partial<SandboxOptions>) => Promise<{ sandbox: Sandbox; client: ApiClient }> {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close();
  });
  return async (options = {}) => {
    const sandbox = await startSandbox({ port: 0, seed: 'empty', ...options });
    open.push(sandbox);
    const client = new ApiClient({ baseUrl: sandbox.url, token: sandbox.token, userAgent: 'test', timeoutMs: 5000, sleep: async () => {} });
    open.push(client);
    return { sandbox, client };
  };
}
