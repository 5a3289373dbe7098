// The files this process holds open, for tests that a reader or writer closes what it opened.
import { readdirSync, readlinkSync } from 'node:fs';

/** What each descriptor this process has open points to (Linux's /proc/self/fd). */
export function openFiles(): string[] {
  return readdirSync('/proc/self/fd').map((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return '';
    }
  });
}
