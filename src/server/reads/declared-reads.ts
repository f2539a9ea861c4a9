import type { Db } from '../db/types';
import { auditReads } from '../features/audit/audit.reads';
import { casinoReads } from '../features/casinos/casinos.reads';
import { checkInReads } from '../features/check-ins/check-ins.reads';
import { customerCasinoReads } from '../features/customer-casinos/customer-casinos.reads';
import { customerReads } from '../features/customers/customers.reads';
import { dashboardReads } from '../features/dashboard/dashboard.reads';
import { redemptionReads } from '../features/redemptions/redemptions.reads';
import { reportReads } from '../features/reports/reports.reads';
import { searchReads } from '../features/search/search.reads';
import { summaryReads } from '../features/summaries/summaries.reads';
import { transactionTypeReads } from '../features/transaction-types/transaction-types.reads';
import { transactionReads } from '../features/transactions/transactions.reads';
import { poolOf, type Read, type ReadEnv, type ReadPool } from './read-declaration';

/**
 * Every read, gathered from the features that declare them beside their repositories (each feature's
 * *.reads.ts): the one table both the worker pool and the inline reader run, by name (docs/decisions/020).
 */
export const reads = {
  ...transactionReads,
  ...customerReads,
  ...casinoReads,
  ...transactionTypeReads,
  ...customerCasinoReads,
  ...auditReads,
  ...dashboardReads,
  ...reportReads,
  ...redemptionReads,
  ...checkInReads,
  ...summaryReads,
  ...searchReads,
};

type Reads = typeof reads;
export type ReadName = keyof Reads;
export type ReadInput<N extends ReadName> = Parameters<Reads[N]['run']>[1];
export type ReadOutput<N extends ReadName> = Awaited<ReturnType<Reads[N]['run']>>;

type ReadTable = { [N in ReadName]: Read<ReadInput<N>, ReadOutput<N>> };
const table: ReadTable = reads;

/** Runs one named read here, on `db` (the bench's probes and plans). */
export function runRead<N extends ReadName>(db: Db, name: N, input: ReadInput<N>, env: ReadEnv): Promise<ReadOutput<N>> {
  return table[name].run(db, input, env);
}

/** The named read's declaration, typed by its name. */
export function readNamed<N extends ReadName>(name: N): Read<ReadInput<N>, ReadOutput<N>> {
  return table[name];
}

/** The table as the thread boundary sees it: a name and an input, typed by the task that sent them. */
const byName: Readonly<Record<string, Read<unknown, unknown>>> = reads;

/** Each declaration's name, for a read run from its declaration (a procedure's, trpc/procedures.ts readQuery). */
const names = new Map<Read<never, unknown>, string>(Object.entries(byName).map(([name, read]) => [read, name]));

/** The name a declared read is known by on the read threads. */
export function nameOf(read: Read<never, unknown>): string {
  const name = names.get(read);
  if (name === undefined) throw new Error('A read runs only once gathered in reads/declared-reads.ts');
  return name;
}

/** Runs a read by the name a worker was sent (read-worker.ts). */
export function runNamed(db: Db, name: string, input: unknown, env: ReadEnv): Promise<unknown> {
  return byName[name].run(db, input, env);
}

/** The pool a read sent by name runs on. */
export function namedPool(name: string, input: unknown): ReadPool {
  return poolOf(byName[name], input);
}
