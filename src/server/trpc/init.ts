import { initTRPC } from '@trpc/server';
import type { z } from 'zod';
import type { Context } from './context';
import { issuesOf } from './errors';

export interface Meta {
  /** Who may call the procedure; set by the builders in procedures.ts. */
  access: 'public' | 'authed' | 'admin';
  /**
   * A read's answer schema (its declaration's `output`): the OpenAPI document describes the answer with it
   * and the contract tests check every answer against it, but it is not parsed on every request, where a
   * 1,000-row answer cost the office's main thread a third of a millisecond per read (decision 162).
   */
  answer?: z.ZodType;
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
