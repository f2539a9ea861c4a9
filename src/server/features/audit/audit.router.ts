import { auditListInput } from '../../../shared/schemas/audit';
import { adminProcedure, router } from '../../trpc/procedures';
import { listAudit } from './audit.repository';

export const auditRouter = router({
  /** The audit trail, newest first (admin). */
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => listAudit(ctx.db, input, ctx.services.config.timeZone)),
});
