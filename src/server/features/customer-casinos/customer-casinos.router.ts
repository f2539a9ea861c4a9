import { createMissingLinksInput, listLinksInput, setLinkInput } from '../../../shared/schemas/customer-casinos';
import { authedProcedure, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { listLinks, setLinkStatus } from './customer-casinos.repository';
import { cached } from '../../trpc/cached';
import { createMissingLinks } from './missing-links';

export const customerCasinosRouter = router({
  list: authedProcedure.input(listLinksInput).query(cached('customerCasinos.list', ({ ctx, input }) => listLinks(ctx.db, input?.customerId))),
  set: authedProcedure
    .input(setLinkInput)
    .mutation(({ ctx, input }) => setLinkStatus(ctx.db, input.customerId, input.casinoId, input.status, actorOf(ctx.user))),
  createMissing: authedProcedure
    .input(createMissingLinksInput)
    .mutation(({ ctx, input }) => createMissingLinks(ctx.db, input.masterUserId, input.customerId, input.status, actorOf(ctx.user))),
});
