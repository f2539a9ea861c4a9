import type { Database, Db } from '../../db/types';
import { everyHour } from '../../db/hourly';
import { checkLedger, ledgerIsSound } from './invariants';
import { DAY_MS } from '../../../shared/dates';

/** Both invariants (and the kept totals) recomputed, as a report a person can read. Runs on a read worker. */
export async function runLedgerCheck(db: Db) {
  const [report, count] = await Promise.all([
    checkLedger(db),
    db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const problems = [
    ...report.badLinks.map((l) => `Customer ${l.customerId} at casino ${l.casinoId}: the link's balances differ from its transactions`),
    ...report.badTransactions.map((id) => `Transaction ${id}: its after-values differ from the running sums of its pair`),
    ...report.badTotals.map((t) => `Kept total ${t} differs from a recomputation`),
    ...(report.orphans ? [`${report.orphans} transactions have no customer-casino link`] : []),
  ];
  return { ok: ledgerIsSound(report), checkedTransactions: Number(count.n), problems };
}

export type LedgerCheckResult = Awaited<ReturnType<typeof runLedgerCheck>>;
/** A recorded check: its result, when and why it ran. */
export type LedgerCheckView = LedgerCheckResult & Pick<Database['ledgerChecks'], 'at' | 'trigger'>;

/** Keeps a check's result (on the writing connection) for the Dashboard. */
export async function recordLedgerCheck(
  db: Db,
  result: LedgerCheckResult,
  trigger: LedgerCheckView['trigger'],
  now = new Date(),
): Promise<LedgerCheckView> {
  await db
    .insertInto('ledgerChecks')
    .values({
      at: now.toISOString(),
      trigger,
      ok: result.ok ? 1 : 0,
      checkedTransactions: result.checkedTransactions,
      problems: JSON.stringify(result.problems),
    })
    .execute();
  return { ...result, at: now.toISOString(), trigger };
}

/** The newest recorded check, or null before the first. */
export async function lastLedgerCheck(db: Db): Promise<LedgerCheckView | null> {
  const row = await db.selectFrom('ledgerChecks').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return null;
  return {
    at: row.at,
    trigger: row.trigger,
    ok: row.ok === 1,
    checkedTransactions: row.checkedTransactions,
    problems: JSON.parse(row.problems) as string[],
  };
}

/**
 * Runs the ledger check once a day (checking hourly whether the newest recorded check is a day old)
 * on a read worker, and records the result. Returns a function that stops it.
 */
export function scheduleDailyLedgerCheck(
  db: Db,
  check: () => Promise<LedgerCheckResult>,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): () => void {
  return everyHour(async () => {
    try {
      const last = await lastLedgerCheck(db);
      if (last && Date.now() - Date.parse(last.at) < DAY_MS) return;
      const result = await recordLedgerCheck(db, await check(), 'daily');
      const facts = { checkedTransactions: result.checkedTransactions, problems: result.problems.length };
      if (result.ok) log.info(facts, 'daily ledger check held');
      else log.error(facts, 'daily ledger check FAILED');
    } catch (error) {
      log.error({ err: error }, 'daily ledger check could not run');
    }
  }, 30_000);
}
