// A journal held under its lock in a folder of its own, closed when the test ends: what a domain
// that sends a write the service cannot take twice needs (`teamctl help reliability`).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { Journal } from '../../src/journal/journal.js';

export async function heldJournal(baseUrl: string, organization: string): Promise<Journal> {
  const journal = await Journal.open(mkdtempSync(join(tmpdir(), 'teamctl-journal-')), baseUrl, organization, { wait: false, onWait: () => {} });
  onTestFinished(() => journal.close());
  return journal;
}
