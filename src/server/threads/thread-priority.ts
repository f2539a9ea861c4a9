import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's scheduling priority (Linux: each thread has its own nice value), so that
 * when the cores are busy the main thread, which answers HTTP and commits the ledger's writes, runs
 * first and the read threads take what is left (decision 020). Elsewhere, or if the system refuses, it
 * does nothing: priority is a preference, never a condition.
 */
export function lowerThreadPriority(nice: number): boolean {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, Math.max(os.getPriority(tid), nice));
    return true;
  } catch {
    return false;
  }
}
