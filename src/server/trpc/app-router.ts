import { authRouter } from '../features/auth/auth.router';
import { usersRouter } from '../features/users/users.router';
import { router } from './procedures';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
