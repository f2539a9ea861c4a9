import { casinoView, createCasinoInput, updateCasinoInput } from '../../../shared/schemas/casinos';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { casinoReads } from './casinos.reads';
import { actorOf } from '../audit/audit.repository';
import { expectedVersion } from '../audit/record-versions';
import { insertCasino, updateCasino } from './casinos.repository';
import { copiedTypesView, copyTypesInput } from '../../../shared/schemas/transaction-types';
import { copyTypes } from '../transaction-types/transaction-types.repository';

export const casinosRouter = router({
  list: readQuery(authedProcedure, casinoReads['casinos.list']),
  create: authedProcedure
    .input(createCasinoInput)
    .output(casinoView)
    .mutation(({ ctx, input }) => insertCasino(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure
    .input(updateCasinoInput)
    .output(casinoView)
    .mutation(({ ctx, input }) => {
      const { id, version, ...changes } = input;
      return updateCasino(ctx.db, id, changes, actorOf(ctx.user), expectedVersion(version, ctx));
    }),
  /** Gives the casino `id` every transaction type `fromCasinoId` has that it lacks: { created, skipped }. */
  copyTypes: authedProcedure
    .input(copyTypesInput)
    .output(copiedTypesView)
    .mutation(({ ctx, input }) => copyTypes(ctx.db, input.id, input.fromCasinoId, actorOf(ctx.user))),
});
