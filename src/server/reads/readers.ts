import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { Db } from '../db/types';
import { fromWire } from './read-errors';
import { type ReadEnv, type ReadInput, type ReadName, type ReadOutput, runRead } from './read-queries';
import type { JsonReply, ReadTask, ReadWorkerData, ValueReply } from './read-worker';

/** Runs the read procedures' queries (docs/decisions/020). */
export interface Readers {
  run<N extends ReadName>(name: N, input: ReadInput<N>): Promise<ReadOutput<N>>;
  /** The answer as JSON text, serialised where the query ran. */
  json<N extends ReadName>(name: N, input: ReadInput<N>): Promise<string>;
  close(): Promise<void>;
}

/** How many read threads: the machine's cores, at least 2 and at most 4. */
export const readThreads = () => Math.min(4, Math.max(2, os.availableParallelism()));

/**
 * The worker's module: next to this one in the source (run through tsx's loader, which the workers
 * load themselves, so vitest and `tsx` both work), or read-worker.mjs beside the server bundle.
 */
function workerModule(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './read-worker.ts' : './read-worker.mjs', import.meta.url).href;
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: fromSource ? ['--import', tsx] : [] };
}

/** A pool of worker threads, each with its own read-only connection to `file`; started on first use. */
export function poolReaders(file: string, env: ReadEnv, threads = readThreads()): Readers {
  let pool: Piscina | undefined;
  const workerData: ReadWorkerData = { file, ...env };
  const start = () => (pool ??= new Piscina({ ...workerModule(), workerData, minThreads: threads, maxThreads: threads, idleTimeout: Infinity }));
  // The thread boundary is untyped: the worker's reply is typed by the task that asked for it (read-worker.ts).
  const askValue = <N extends ReadName>(task: ReadTask<N>): Promise<ValueReply<N>> => start().run(task);
  const askJson = <N extends ReadName>(task: ReadTask<N>): Promise<JsonReply> => start().run({ ...task, json: true });
  return {
    async run<N extends ReadName>(name: N, input: ReadInput<N>): Promise<ReadOutput<N>> {
      const reply = await askValue({ name, input });
      if (!reply.ok) throw fromWire(reply.error);
      return reply.value;
    },
    async json<N extends ReadName>(name: N, input: ReadInput<N>): Promise<string> {
      const reply = await askJson({ name, input });
      if (!reply.ok) throw fromWire(reply.error);
      return reply.json;
    },
    close: async () => {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

/** Runs the reads on the given connection, in this thread: for ':memory:' databases (tests), which a worker cannot open. */
export function inlineReaders(db: Db, env: ReadEnv): Readers {
  return {
    run: <N extends ReadName>(name: N, input: ReadInput<N>) => runRead(db, name, input, env),
    json: async <N extends ReadName>(name: N, input: ReadInput<N>) => JSON.stringify(await runRead(db, name, input, env)),
    close: async () => {},
  };
}
