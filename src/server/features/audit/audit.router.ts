import { TRPCError } from '@trpc/server';
import { ledgerCheckInput, ledgerCheckRunInput, ledgerCheckRunView } from '../../../shared/schemas/audit';
import { adminProcedure, readQuery, router } from '../../trpc/procedures';
import { auditReads } from './audit.reads';
import type { LedgerCheckRuns } from './ledger-check-runs';

const runOf = (runs: LedgerCheckRuns, id: number) => {
  const run = runs.get(id);
  if (!run) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such ledger check: it ended long ago, or before a restart' });
  return run;
};

export const auditRouter = router({
  /** The audit trail, newest first (admin). */
  list: readQuery(adminProcedure, auditReads['audit.list']),

  /**
   * Both ledger invariants, recomputed on the check's thread: started now (or the running check joined);
   * its result is kept for the Dashboard. Poll `ledgerCheckRun` with the answered id (decision 087).
   */
  startLedgerCheck: adminProcedure.output(ledgerCheckRunView).mutation(({ ctx }) => ctx.services.ledgerChecks.start('on-demand')),

  /** One on-demand check as it is now: running, done with its result, or failed. */
  ledgerCheckRun: adminProcedure
    .input(ledgerCheckRunInput)
    .output(ledgerCheckRunView)
    .query(({ ctx, input }) => runOf(ctx.services.ledgerChecks, input.id)),

  /**
   * REST's GET /api/admin/ledger-check, as scripts have called it: without an id it starts (or joins) a
   * check and answers its result if it ends within LEDGER_CHECK_WAIT_MS (20 s), else the running check to
   * poll with `?id=`; with an id, that check as it is now.
   */
  ledgerCheck: adminProcedure
    .input(ledgerCheckInput)
    .output(ledgerCheckRunView)
    .query(({ ctx, input }) =>
      input?.id !== undefined ? runOf(ctx.services.ledgerChecks, input.id) : ctx.services.ledgerChecks.startAndWait('on-demand'),
    ),

  /** When the last check (daily or on demand) ran and whether it held. */
  lastLedgerCheck: readQuery(adminProcedure, auditReads['admin.lastLedgerCheck']),
});
