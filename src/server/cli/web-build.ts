import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const INPUTS = ['src/web', 'src/shared', 'vite.config.ts', 'postcss.config.cjs', 'package.json'];
const STAMP = path.join(ROOT, 'dist/web/index.html');

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/web is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  const built = fs.statSync(STAMP, { throwIfNoEntry: false });
  if (!built) return true;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built.mtimeMs);
}

export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
