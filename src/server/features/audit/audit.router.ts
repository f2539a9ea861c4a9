import { auditListInput } from '../../../shared/schemas/audit';
import { adminProcedure, read, router } from '../../trpc/procedures';
import { recordLedgerCheck } from '../transactions/ledger-check';

export const auditRouter = router({
  /** The audit trail, newest first (admin). */
  list: adminProcedure.input(auditListInput).query(read('audit.list')),

  /** Both ledger invariants, recomputed on a read worker now; the result is kept for the Dashboard. */
  ledgerCheck: adminProcedure.query(async ({ ctx }) =>
    recordLedgerCheck(ctx.db, await ctx.services.readers.run('admin.ledgerCheck', undefined), 'on-demand'),
  ),

  /** When the last check (daily or on demand) ran and whether it held. */
  lastLedgerCheck: adminProcedure.query(read('admin.lastLedgerCheck')),
});
