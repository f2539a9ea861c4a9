import fs from 'node:fs';
import path from 'node:path';

/** The running server writes its pid beside the database, so offline tasks (restore) can refuse to run. */
export const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function writePid(dataDir: string): void {
  fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`);
}

export function removePid(dataDir: string): void {
  try {
    if (fs.readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) fs.rmSync(pidFile(dataDir));
  } catch {
    // already gone
  }
}

/** The pid of a live server using this data folder, or null. */
export function runningServer(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
