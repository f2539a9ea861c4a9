import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker module `name` that lives beside `from` (a module's import.meta.url): `name.mjs` beside
 * the server bundle, or, run from source (tests, tsx), `name.ts` through tsx's loader, registered in the
 * thread before the module is imported (a thread's first module cannot itself be TypeScript).
 */
export function startWorkerModule(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, from), { workerData });
  const source = new URL(`./${name}.ts`, from).href;
  const api = pathToFileURL(
    createRequire(from)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
