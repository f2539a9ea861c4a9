import { z } from 'zod';
import { createCustomerInput, customerView, updateCustomerInput } from '../../../shared/schemas/customers';
import { authedProcedure, read, router } from '../../trpc/procedures';
import { actorOf } from '../audit/audit.repository';
import { insertCustomer, updateCustomer } from './customers.repository';

export const customersRouter = router({
  list: authedProcedure.output(z.array(customerView)).query(read('customers.list')),
  create: authedProcedure
    .input(createCustomerInput)
    .output(customerView)
    .mutation(({ ctx, input }) => insertCustomer(ctx.db, input, actorOf(ctx.user))),
  update: authedProcedure
    .input(updateCustomerInput)
    .output(customerView)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateCustomer(ctx.db, id, changes, actorOf(ctx.user));
    }),
});
