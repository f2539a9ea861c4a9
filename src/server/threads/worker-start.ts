import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * The one place that knows where a worker module is and how a thread loads it: `name.mjs` beside the
 * server bundle (cli/build.ts writes each worker there), or, run from source (tests, tsx), `name.ts`
 * beside the module `from` (its import.meta.url) through tsx's loader.
 */
const fromSource = (from: string) => from.endsWith('.ts');
const moduleUrl = (from: string, name: string) => new URL(`./${name}.${fromSource(from) ? 'ts' : 'mjs'}`, from).href;
const resolved = (specifier: string, from: string) => pathToFileURL(createRequire(from).resolve(specifier)).href;

export interface WorkerStart {
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
  /**
   * The thread's nice value, set before its modules load: compiling them from source is the worker's
   * work too, so it does not compete with the main thread (the worker sets it again itself, bundled).
   */
  nice?: number;
}

/**
 * Starts the worker module `name` beside `from` on a thread of its own. From source, a small script
 * registers tsx in the thread and then imports the module (a thread's first module cannot itself be
 * TypeScript).
 */
export function startWorker(from: string, name: string, { workerData, resourceLimits, nice }: WorkerStart = {}): Worker {
  const source = moduleUrl(from, name);
  if (!fromSource(from)) return new Worker(new URL(source), { workerData, resourceLimits });
  const api = resolved('tsx/esm/api', from).replace(/\.cjs$/, '.mjs');
  const priority = new URL('./thread-priority.ts', import.meta.url).href;
  const lower = nice === undefined ? '' : `(await import(${JSON.stringify(priority)})).lowerThreadPriority(${nice});`;
  const bootstrap = `import(${JSON.stringify(api)}).then(async (tsx) => { tsx.register(); ${lower} return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData, resourceLimits });
}

/**
 * The same module for a pool of threads (Piscina loads it itself in each thread it starts): its file,
 * and from source the loader each thread registers first.
 */
export function poolWorker(from: string, name: string): { filename: string; execArgv: string[] } {
  return { filename: moduleUrl(from, name), execArgv: fromSource(from) ? ['--import', resolved('tsx', from)] : [] };
}
