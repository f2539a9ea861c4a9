import { createCustomerInput, customerView, updateCustomerInput } from '../../../shared/schemas/customers';
import { authedProcedure, readQuery, router } from '../../trpc/procedures';
import { customerReads } from './customers.reads';
import { actorOf } from '../audit/audit.repository';
import { expectedVersion } from '../audit/record-versions';
import { insertCustomer, updateCustomer } from './customers.repository';

export const customersRouter = router({
  list: readQuery(authedProcedure, customerReads['customers.list']),
  create: authedProcedure
    .input(createCustomerInput)
    .output(customerView)
    .mutation(({ ctx, input }) => insertCustomer(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure
    .input(updateCustomerInput)
    .output(customerView)
    .mutation(({ ctx, input }) => {
      const { id, version, ...changes } = input;
      return updateCustomer(ctx.db, id, changes, actorOf(ctx.user), expectedVersion(version, ctx));
    }),
});
