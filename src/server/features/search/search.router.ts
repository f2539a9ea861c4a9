import { searchAnswer, searchInput } from '../../../shared/schemas/search';
import { authedProcedure, router } from '../../trpc/procedures';

/** Search everywhere: admins also find the admin screens. */
export const searchRouter = router({
  query: authedProcedure
    .input(searchInput)
    .output(searchAnswer)
    .query(({ ctx, input }) => ctx.services.readers.run('search.query', { q: input.q, admin: ctx.user.role === 'admin' })),
});
