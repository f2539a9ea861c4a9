import { initTRPC } from '@trpc/server';
import type { Context } from './context';
import { issuesOf } from './errors';

export interface Meta {
  /** Who may call the procedure; set by the builders in procedures.ts. */
  access: 'public' | 'authed' | 'admin';
}

export const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const errors = issuesOf(error);
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      return {
        ...shape,
        message: errors && error.code === 'BAD_REQUEST' ? 'Validation failed' : internal ? 'Internal server error' : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          ...(errors ? { errors } : {}),
        },
      };
    },
  });
