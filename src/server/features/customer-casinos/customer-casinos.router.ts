import { listLinksInput, setLinkInput } from '../../../shared/schemas/customer-casinos';
import { authedProcedure, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { setLinkStatus } from './customer-casinos.repository';

export const customerCasinosRouter = router({
  list: authedProcedure.input(listLinksInput).query(({ ctx, input }) => ctx.services.readers.run('customerCasinos.list', input)),
  set: authedProcedure
    .input(setLinkInput)
    .mutation(({ ctx, input }) => setLinkStatus(ctx.db, input.customerId, input.casinoId, input.status, actorOf(ctx.user))),
});
