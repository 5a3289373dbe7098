// GitHub Actions' job summary (README, "Review, then apply"): when GITHUB_STEP_SUMMARY names a
// file, every command that changes the service (or plans to) appends its Markdown plan or result
// there. A summary that cannot be written is a warning: it must never fail the run itself.
import { appendFile } from 'node:fs/promises';
import { redact } from '../redact.js';

export async function appendStepSummary(file: string, markdown: string, warn: (message: string) => void): Promise<void> {
  try {
    await appendFile(file, redact(markdown) + '\n', 'utf8');
  } catch (err) {
    warn(`could not append to GITHUB_STEP_SUMMARY (${file}): ${(err as Error).message}`);
  }
}
