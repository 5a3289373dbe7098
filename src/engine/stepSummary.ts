// GitHub Actions' job summary (README, "Review, then apply"): when GITHUB_STEP_SUMMARY names a
// file, every command that changes the service (or plans to) appends its Markdown plan or result
// there. A summary that cannot be written is a warning: it must never fail the run itself. The
// file is opened without waiting and must be a regular file (files/regular.ts): a FIFO there
// would otherwise hold the run until someone reads it.
import { constants } from 'node:fs';
import { dirname } from 'node:path';
import { whyNotWritable } from '../files/atomic.js';
import { FileKindError, openRegular } from '../files/regular.js';
import { redact } from '../redact.js';

export async function appendStepSummary(file: string, markdown: string, warn: (message: string) => void): Promise<void> {
  try {
    const handle = await openRegular(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT);
    try {
      await handle.writeFile(redact(markdown) + '\n', 'utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof FileKindError) warn(`GITHUB_STEP_SUMMARY (${file}) ${err.message}: the summary was not written`);
    else warn(`could not append to GITHUB_STEP_SUMMARY (${file}): ${await whyNotWritable(err, dirname(file))}`);
  }
}
