import os from 'node:os';
import { Piscina } from 'piscina';
import type { Db } from '../db/types';
import { fromWire } from './read-errors';
import { namedPool, nameOf, type ReadInput, type ReadName, readNamed, type ReadOutput } from './declared-reads';
import { poolOf, type Read, type ReadEnv } from './read-declaration';
import type { ExportReply, ExportTask, JsonReply, ReadTask, ReadWorkerData, ValueReply } from './read-worker';
import { MessageChannel } from 'node:worker_threads';
import { PassThrough, type Readable } from 'node:stream';
import { type DocumentFormat, type DocumentRequest, writeDocument } from '../features/exports/write-document';
import { portReadable } from './port-stream';
import { createLane, type Lane } from './lane';
import { poolWorker } from '../threads/worker-start';

/** The reads a procedure may run: on the screens' threads, or, under an every-row lease, on the export thread. */
export interface RowReads {
  run<N extends ReadName>(name: N, input: ReadInput<N>): Promise<ReadOutput<N>>;
  /** A declared read (a procedure's own: trpc/procedures.ts readQuery), run as `run` runs it by name. */
  read<In, R>(read: Read<In, R>, input: In): Promise<R>;
  /** A declared read's answer as JSON text, serialised where the query ran (http/read-answers.ts). */
  readJson<In, R>(read: Read<In, R>, input: In): Promise<string>;
}

/** The export thread held for one read of every row (decision 085); `release` hands it on. */
export interface EveryRowLease {
  readers: RowReads;
  release(): void;
}

export interface ExportOptions {
  /** Aborts when the request closes: a waiting export leaves the line, a running one stops. */
  signal?: AbortSignal;
  maxRows?: number;
}

/** Where reads ran, counted per pool since the start (tests prove with it which thread answered). */
export type ReadLane = 'screens' | 'ranges' | 'checks' | 'exports';

/** Runs the read procedures' queries (docs/decisions/020). */
export interface Readers extends RowReads {
  /**
   * Writes an export on the export thread, after those before it (at most `exportQueue` wait; past that
   * a 429); resolves once its first bytes are ready (rejects if it fails before).
   */
  exportFile(request: DocumentRequest, format: DocumentFormat, day: string, options?: ExportOptions): Promise<ExportStream>;
  /** Takes the export thread, in the exports' line, for a read of every row (decision 085). */
  everyRow(signal?: AbortSignal): Promise<EveryRowLease>;
  /** How many reads (an export is one) each pool has been given. */
  ran(): Record<ReadLane, number>;
  /** The export thread's line now: whether the thread is taken, how many wait, how many it has let in. */
  line(): Pick<Lane, 'busy' | 'waiting' | 'entered'>;
  /**
   * Starts the threads once the database is migrated, so what they build as they start (the link balances,
   * about 0.4 s for 80,000 links; the range columns, about 1.5 s a million rows) is not a first user's wait.
   * Without it they start on first use.
   */
  start(): void;
  close(): Promise<void>;
}

/** Bounds on the export thread's work (decision 085). Tests shorten them; the server uses READER_LIMITS. */
export interface ReaderLimits {
  /** Exports and every-row reads waiting for the export thread; one more is answered 429. */
  exportQueue: number;
  /** How long in all an export may wait for its download to take more before it is ended. */
  readerWaitMs: number;
}

export const READER_LIMITS: ReaderLimits = { exportQueue: 4, readerWaitMs: 30_000 };

export const EXPORT_LINE_FULL =
  'Too many exports and every-row reads are waiting for the export thread; try again in a minute (a page read with limit and offset does not wait)';

export interface ExportStream {
  body: Readable;
  /** Resolves with the row count when the last byte is written. */
  rows: Promise<number>;
}

/** Waits for the first bytes of `body`, or for the writer's failure before any. */
function started(body: Readable, rows: Promise<number>): Promise<ExportStream> {
  return new Promise((resolve, reject) => {
    body.once('readable', () => resolve({ body, rows }));
    rows.catch((error: unknown) => {
      // Before the first bytes the caller answers with the error; after them, the download is cut short.
      body.destroy();
      reject(error);
    });
  });
}

/**
 * An export in the export thread's line: it waits its turn (leaving the line if its request closes),
 * holds the thread until its writer ends, and is cut when its request closes while it runs.
 */
async function inLine(lane: Lane, signal: AbortSignal | undefined, open: () => ExportStream): Promise<ExportStream> {
  const leave = await lane.enter(signal);
  let stream: ExportStream;
  try {
    stream = open();
  } catch (error) {
    leave();
    throw error;
  }
  const cut = () => stream.body.destroy();
  // Closed between its turn and now: cut at once (an abort listener added now would never hear it).
  if (signal?.aborted) cut();
  else signal?.addEventListener('abort', cut, { once: true });
  stream.rows.then(leave, leave).finally(() => signal?.removeEventListener('abort', cut));
  return started(stream.body, stream.rows);
}

/** The screens' nice value: the main thread's (decision 029); ranged reads share it, being screens too. */
export const SCREENS_NICE = 0;

/** A pool that counts the reads it has in hand, per thread, to send a read where fewer wait. */
interface CountedPool {
  pool: Piscina;
  threads: number;
  inHand: number;
}

/** The counted pool with the fewest reads in hand per thread; on a tie the first. */
export function leastBusy<P extends { threads: number; inHand: number }>(pools: P[]): P {
  return pools.reduce((best, p) => (p.inHand / p.threads < best.inHand / best.threads ? p : best));
}

/** How many read threads: the machine's cores, at least 2 and at most 4. */
export const readThreads = () => Math.min(4, Math.max(2, os.availableParallelism()));

/**
 * A pool of worker threads, each with its own read-only connection to `file`; started by `start()` or on
 * first use. `threads` read threads serve the screens: the range thread and `threads - 1` others (at least one).
 */
export function poolReaders(file: string, env: ReadEnv, threads = readThreads(), limits: ReaderLimits = READER_LIMITS): Readers {
  let screens: CountedPool | undefined;
  let ranges: CountedPool | undefined;
  let exportPool: Piscina | undefined;
  let checkPool: Piscina | undefined;
  const counts: Record<ReadLane, number> = { screens: 0, ranges: 0, checks: 0, exports: 0 };
  const line = createLane(limits.exportQueue, EXPORT_LINE_FULL);
  // Nice values (thread-priority.ts): the screens' reads at the main thread's, then the ledger check and exports.
  const workerData: ReadWorkerData = { file, ...env, role: 'screens', nice: SCREENS_NICE };
  const base = poolWorker(import.meta.url, 'read-worker');
  /**
   * `n` screen threads for `role`, kept for the server's life. Each holds its next read while it runs one:
   * it starts it without a round trip to the main thread, which left each thread idle between reads (decision 029).
   */
  const screenPool = (role: 'screens' | 'ranges', n: number): CountedPool => ({
    pool: new Piscina({
      ...base,
      workerData: { ...workerData, role },
      minThreads: n,
      maxThreads: n,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: 2,
    }),
    threads: n,
    inHand: 0,
  });
  const startScreens = () => (screens ??= screenPool('screens', Math.max(1, threads - 1)));
  const startRanges = () => (ranges ??= screenPool('ranges', 1));
  /** One thread for `role`, started when asked for and ended `idleMs` after its last task; one task at a time. */
  const onDemand = (role: ReadWorkerData['role'], nice: number, idleMs: number) =>
    new Piscina({ ...base, workerData: { ...workerData, role, nice }, minThreads: 0, maxThreads: 1, idleTimeout: idleMs });
  // Exports get a thread of their own (one at a time, in `line`), so a long export never takes a screen's
  // reader; the ledger check another, so an export never waits behind it. The check runs once a day: its
  // thread (and its memory) goes a second after it answers.
  const startExports = () => (exportPool ??= onDemand('exports', 3, 60_000));
  const startChecks = () => (checkPool ??= onDemand('checks', 8, 1000));
  /** Runs `task` on its pool; a screen read on the screen thread with fewer reads in hand. */
  const runTask = <R>(task: ReadTask, pool: 'screens' | 'ranges' | 'checks'): Promise<R> => {
    if (pool === 'checks') {
      counts.checks += 1;
      return startChecks().run(task);
    }
    const counted = pool === 'ranges' ? startRanges() : leastBusy([startScreens(), startRanges()]);
    counts[counted === ranges ? 'ranges' : 'screens'] += 1;
    counted.inHand += 1;
    return counted.pool.run(task).finally(() => (counted.inHand -= 1));
  };
  /** Runs a read on the export thread: only under an every-row lease, which holds the thread. */
  const runOnExports = <R>(task: ReadTask): Promise<R> => {
    counts.exports += 1;
    return startExports().run(task);
  };
  // The thread boundary is untyped: the worker's reply is typed by the task that asked for it (read-worker.ts).
  const rowReads = (runOn: <R>(task: ReadTask) => Promise<R>): RowReads => {
    const value = async <R>(name: string, input: unknown): Promise<R> => {
      const reply = await runOn<ValueReply<R>>({ name, input });
      if (!reply.ok) throw fromWire(reply.error);
      return reply.value;
    };
    const json = async (name: string, input: unknown): Promise<string> => {
      const reply = await runOn<JsonReply>({ name, input, json: true });
      if (!reply.ok) throw fromWire(reply.error);
      return reply.json;
    };
    return {
      run: <N extends ReadName>(name: N, input: ReadInput<N>) => value<ReadOutput<N>>(name, input),
      read: <In, R>(read: Read<In, R>, input: In) => value<R>(nameOf(read), input),
      readJson: <In, R>(read: Read<In, R>, input: In) => json(nameOf(read), input),
    };
  };
  /** A read on the pool its declaration names: a read of every row waits in the export thread's line. */
  const runRead = async <R>(task: ReadTask): Promise<R> => {
    const pool = namedPool(task.name, task.input);
    if (pool !== 'exports') return runTask(task, pool);
    const leave = await line.enter();
    try {
      return await runOnExports(task);
    } finally {
      leave();
    }
  };
  return {
    ...rowReads(runRead),
    exportFile(request, format, day, { signal, maxRows } = {}) {
      return inLine(line, signal, () => {
        const { port1, port2 } = new MessageChannel();
        const body = portReadable(port1);
        const task: ExportTask = { request, format, day, port: port2, maxRows, readerWaitMs: limits.readerWaitMs };
        counts.exports += 1;
        const reply: Promise<ExportReply> = startExports().run(task, { name: 'exportFile', transferList: [port2] });
        const rows = reply.then((r) => {
          if (!r.ok) throw fromWire(r.error);
          return r.rows;
        });
        return { body, rows };
      });
    },
    async everyRow(signal) {
      return { readers: rowReads(runOnExports), release: await line.enter(signal) };
    },
    ran: () => ({ ...counts }),
    line: () => ({ busy: line.busy, waiting: line.waiting, entered: line.entered }),
    start() {
      startScreens();
      startRanges();
    },
    close: async () => {
      await Promise.all([screens?.pool.destroy(), exportPool?.destroy(), ranges?.pool.destroy(), checkPool?.destroy()]);
      screens = undefined;
      exportPool = undefined;
      ranges = undefined;
      checkPool = undefined;
    },
  };
}

/**
 * Runs the reads on the given connection, in this thread: for ':memory:' databases (tests), which a worker
 * cannot open. Exports and every-row reads keep the export thread's line all the same (one at a time,
 * `exportQueue` waiting), and the counts say which pool each read would have gone to.
 */
export function inlineReaders(db: Db, env: ReadEnv, limits: ReaderLimits = READER_LIMITS): Readers {
  const counts: Record<ReadLane, number> = { screens: 0, ranges: 0, checks: 0, exports: 0 };
  const line = createLane(limits.exportQueue, EXPORT_LINE_FULL);
  /** Runs a read here, counted where it would have run; a read of every row (outside a lease) waits in the line. */
  const rowReads = (leased: boolean): RowReads => {
    const read = async <In, R>(declared: Read<In, R>, input: In): Promise<R> => {
      const pool = leased ? 'exports' : poolOf(declared, input);
      counts[pool] += 1;
      const leave = pool === 'exports' && !leased ? await line.enter() : () => {};
      try {
        return await declared.run(db, input, env);
      } finally {
        leave();
      }
    };
    const run = <N extends ReadName>(name: N, input: ReadInput<N>) => read(readNamed(name), input);
    return {
      run,
      read,
      readJson: async (declared, input) => JSON.stringify(await read(declared, input)) ?? 'null',
    };
  };
  return {
    ...rowReads(false),
    exportFile(request, format, day, { signal, maxRows } = {}) {
      return inLine(line, signal, () => {
        counts.exports += 1;
        const body = new PassThrough();
        return { body, rows: writeDocument(db, request, { format, out: body, timeZone: env.timeZone, day, maxRows }) };
      });
    },
    async everyRow(signal) {
      return { readers: rowReads(true), release: await line.enter(signal) };
    },
    ran: () => ({ ...counts }),
    line: () => ({ busy: line.busy, waiting: line.waiting, entered: line.entered }),
    start: () => {},
    close: async () => {},
  };
}
