// What the glossary's end-to-end tests read and seed in the sandbox: entries inserted straight
// into its store, its glossary by entry id, the requests that were not reads, and translations
// in an order-free form.
import type { GlossaryOperation, GlossaryTranslations } from '../../src/api/types.js';
import type { RequestLogEntry } from '../../src/sandbox/server.js';
import type { SandboxEnv } from '../e2e/harness.js';

export function glossarySandbox(env: () => SandboxEnv) {
  const store = () => env().sandbox.store;
  return {
    /** Inserts each entry in organization acme; returns their ids. */
    seed: (ops: GlossaryTranslations[]): string[] =>
      store().applyGlossaryOperations('acme', ops.map((translations): GlossaryOperation => ({ type: 'insert', translations })), new Date().toISOString()),
    glossary: (): Record<string, GlossaryTranslations> => Object.fromEntries(store().glossaryEntries('acme').map((e) => [e.id, e.translations])),
    mutating: (from = 0): RequestLogEntry[] => env().sandbox.requests.slice(from).filter((r) => r.method !== 'GET'),
    sorted: (ts: GlossaryTranslations[]): string[] => ts.map((t) => JSON.stringify(Object.entries(t).sort())).sort(),
  };
}
