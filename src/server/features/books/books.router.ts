import { booksAction, booksState, closeBooksInput, reopenBooksInput } from '../../../shared/schemas/books';
import { adminProcedure, authedProcedure, router } from '../../trpc/procedures';
import { closeBooks, getBooks, reopenBooks } from './books.repository';

/** Closing the books (decision 190): anyone signed in may read the state; only admins close or reopen. */
export const booksRouter = router({
  get: authedProcedure.output(booksState).query(({ ctx }) => getBooks(ctx.db)),
  close: adminProcedure
    .input(closeBooksInput)
    .output(booksAction)
    .mutation(({ ctx, input }) => closeBooks(ctx.db, ctx.user, input.through, input.note ?? null, ctx.services.config.timeZone)),
  reopen: adminProcedure
    .input(reopenBooksInput)
    .output(booksAction)
    .mutation(({ ctx, input }) => reopenBooks(ctx.db, ctx.user, input.through, input.reason, ctx.services.config.timeZone)),
});
