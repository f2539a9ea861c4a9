import { createTypeInput, renameTypeInput, transactionTypeView, typeIdInput } from '../../../shared/schemas/transaction-types';
import { deletedIdView } from '../../../shared/schemas/transactions';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { transactionTypeReads } from './transaction-types.reads';
import { actorOf } from '../audit/audit.repository';
import { expectedVersion } from '../audit/record-versions';
import { deleteType, insertType, renameType } from './transaction-types.repository';

export const transactionTypesRouter = router({
  list: readQuery(authedProcedure, transactionTypeReads['transactionTypes.list']),
  create: authedProcedure
    .input(createTypeInput)
    .output(transactionTypeView)
    .mutation(({ ctx, input }) => insertType(ctx.db, input, actorOf(ctx.user))),
  rename: authedProcedure
    .input(renameTypeInput)
    .output(transactionTypeView)
    .mutation(({ ctx, input }) => renameType(ctx.db, input.id, input.name, actorOf(ctx.user), expectedVersion(input.version, ctx))),
  delete: authedProcedure
    .input(typeIdInput)
    .output(deletedIdView)
    .mutation(async ({ ctx, input }) => {
      await deleteType(ctx.db, input.id, actorOf(ctx.user));
      return { id: input.id };
    }),
});
