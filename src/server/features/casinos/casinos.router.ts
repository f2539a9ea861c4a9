import { createCasinoInput, updateCasinoInput } from '../../../shared/schemas/casinos';
import { authedProcedure, read, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { insertCasino, updateCasino } from './casinos.repository';

export const casinosRouter = router({
  list: authedProcedure.query(read('casinos.list')),
  create: authedProcedure.input(createCasinoInput).mutation(({ ctx, input }) => insertCasino(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure.input(updateCasinoInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCasino(ctx.db, id, changes, actorOf(ctx.user));
  }),
});
