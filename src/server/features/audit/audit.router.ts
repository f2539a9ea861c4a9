import { auditListInput } from '../../../shared/schemas/audit';
import { adminProcedure, router } from '../../trpc/procedures';
import { recordLedgerCheck } from '../transactions/ledger-check';

export const auditRouter = router({
  /** The audit trail, newest first (admin). */
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => ctx.services.readers.run('audit.list', input)),

  /** Both ledger invariants, recomputed on a read worker now; the result is kept for the Dashboard. */
  ledgerCheck: adminProcedure.query(async ({ ctx }) =>
    recordLedgerCheck(ctx.db, await ctx.services.readers.run('admin.ledgerCheck', undefined), 'on-demand'),
  ),

  /** When the last check (daily or on demand) ran and whether it held. */
  lastLedgerCheck: adminProcedure.query(({ ctx }) => ctx.services.readers.run('admin.lastLedgerCheck', undefined)),
});
