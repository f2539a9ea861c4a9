import { auditListInput } from '../../../shared/schemas/audit';
import { adminProcedure, router } from '../../trpc/procedures';

export const auditRouter = router({
  /** The audit trail, newest first (admin). */
  list: adminProcedure.input(auditListInput).query(({ ctx, input }) => ctx.services.readers.run('audit.list', input)),
});
