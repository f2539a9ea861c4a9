import { createCasinoInput, updateCasinoInput } from '../../../shared/schemas/casinos';
import { authedProcedure, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { insertCasino, listCasinos, updateCasino } from './casinos.repository';
import { cached } from '../../trpc/cached';

export const casinosRouter = router({
  list: authedProcedure.query(cached('casinos.list', ({ ctx }) => listCasinos(ctx.db))),
  create: authedProcedure.input(createCasinoInput).mutation(({ ctx, input }) => insertCasino(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure.input(updateCasinoInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCasino(ctx.db, id, changes, actorOf(ctx.user));
  }),
});
