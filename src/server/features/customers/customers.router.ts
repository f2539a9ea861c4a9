import { createCustomerInput, updateCustomerInput } from '../../../shared/schemas/customers';
import { authedProcedure, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { insertCustomer, listCustomers, updateCustomer } from './customers.repository';
import { cached } from '../../trpc/cached';

export const customersRouter = router({
  list: authedProcedure.query(cached('customers.list', ({ ctx }) => listCustomers(ctx.db))),
  create: authedProcedure.input(createCustomerInput).mutation(({ ctx, input }) => insertCustomer(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure.input(updateCustomerInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    return updateCustomer(ctx.db, id, changes, actorOf(ctx.user));
  }),
});
