import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * How `npm start` runs the server bundle: the environment it sets and the Node flags it passes (package.json's
 * start script, the one place they are written; decisions 026 and 195), so the benchmarks and browser tests
 * run the server as an office does.
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.mjs/.exec(pkg.scripts.start);
  if (!command) throw new Error('package.json: the start script no longer runs node dist/server/main.mjs');
  const env = Object.fromEntries(
    command[1]
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  return { env, flags: command[2].split(' ').filter(Boolean) };
}

export interface SpawnedServer {
  child: ChildProcess;
  /** The address it announced, on 127.0.0.1 (Node's fetch may try ::1 for "localhost"). */
  url: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Runs a server script (the real server's source by default; a built .mjs runs without tsx) in its own
 * Node process and waits until it prints the address it listens on. Rejects with its output when it
 * exits first.
 */
export function spawnServer(
  env: Record<string, string>,
  script = 'src/server/main.ts',
  stderr: 'pipe' | 'inherit' = 'pipe',
  nodeArgs: string[] = [],
): Promise<SpawnedServer> {
  const start = script.endsWith('.ts') ? { env: {}, flags: ['--import', 'tsx'] } : startCommand();
  const child = spawn(process.execPath, [...nodeArgs, ...start.flags, script], {
    cwd: ROOT,
    env: { ...process.env, ...start.env, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const collect = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(?:listening|serving on) (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1].replace('localhost', '127.0.0.1'), exited });
    };
    child.stdout!.on('data', collect);
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then((code) => reject(new Error(`${script} exited with ${code} before serving:\n${out}`)));
  });
}
