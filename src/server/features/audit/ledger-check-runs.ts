import type { Db } from '../../db/types';
import { type LedgerCheckResult, type LedgerCheckView, recordLedgerCheck } from '../transactions/ledger-check';

type Trigger = LedgerCheckView['trigger'];

/**
 * One ledger check asked for by hand (decision 087): running, done (its recorded result, the fields the
 * old GET answered), or failed (it could not run; the message says so).
 */
export type LedgerCheckRun =
  | { id: number; state: 'running'; startedAt: string; trigger: Trigger }
  | ({ id: number; state: 'done'; startedAt: string } & LedgerCheckView)
  | { id: number; state: 'failed'; startedAt: string; trigger: Trigger; message: string };

export interface LedgerCheckRuns {
  /** Starts a check, or joins the one running (whoever asked for it), and answers it as it is now. */
  start(trigger: Trigger): LedgerCheckRun;
  /** One of the last runs by its id, as it is now. */
  get(id: number): LedgerCheckRun | undefined;
  /** The run once it has ended, or as it is after `ms`, whichever comes first. */
  settle(id: number, ms: number): Promise<LedgerCheckRun | undefined>;
  /** Starts (or joins) a check and waits for it up to `waitMs`: what GET /api/admin/ledger-check answers. */
  startAndWait(trigger: Trigger): Promise<LedgerCheckRun>;
}

/** How long GET /api/admin/ledger-check waits for its check before it answers it running (well within the idle timeout). */
const LEDGER_CHECK_WAIT_MS = 20_000;

/** Runs remembered for polling: a poller a few runs behind still finds its own. */
const KEPT = 20;
export const FAILED_CHECK = 'The ledger check could not run; try again';

/**
 * The on-demand ledger check as a job (decision 087): started, then polled for its result, so it works
 * however long the check takes (minutes at 10,000,000 rows), where a request waiting for it was closed
 * by the connections' idle timeout. At most one runs at a time; asking again joins it. Each result is
 * recorded (ledgerChecks) as before.
 */
export function ledgerCheckRuns(
  db: Db,
  check: () => Promise<LedgerCheckResult>,
  log: { error: (o: object, m: string) => void },
  waitMs = LEDGER_CHECK_WAIT_MS,
): LedgerCheckRuns {
  const runs = new Map<number, { run: LedgerCheckRun; ended: Promise<void> }>();
  let next = 1;
  let running: number | null = null;
  const set = (run: LedgerCheckRun) => {
    const kept = runs.get(run.id);
    if (kept) kept.run = run;
  };
  const start = (trigger: Trigger): LedgerCheckRun => {
    const current = running === null ? undefined : runs.get(running);
    if (current) return current.run;
    const id = next++;
    running = id;
    const startedAt = new Date().toISOString();
    const ended = check()
      .then((result) => recordLedgerCheck(db, result, trigger))
      .then(
        (view) => set({ ...view, id, state: 'done', startedAt }),
        (error: unknown) => {
          log.error({ err: error }, 'the on-demand ledger check could not run');
          set({ id, state: 'failed', startedAt, trigger, message: FAILED_CHECK });
        },
      )
      .finally(() => (running = null));
    const entry = { run: { id, state: 'running', startedAt, trigger } as const, ended };
    runs.set(id, entry);
    for (const old of runs.keys()) if (runs.size > KEPT) runs.delete(old);
    return entry.run;
  };
  const settle = async (id: number, ms: number) => {
    const kept = runs.get(id);
    if (!kept) return undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([kept.ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    return kept.run;
  };
  return {
    start,
    get: (id) => runs.get(id)?.run,
    settle,
    async startAndWait(trigger) {
      const started = start(trigger);
      return (await settle(started.id, waitMs)) ?? started;
    },
  };
}
