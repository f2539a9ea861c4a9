import type { FastifyInstance } from 'fastify';
import { TRPC_MAX_BATCH_CALLS } from '../../shared/constants';

/** The number of procedure calls a /trpc URL names (batches list them comma-separated), or 0. */
export function trpcCallCount(url: string): number {
  if (!url.startsWith('/trpc/')) return 0;
  const end = url.indexOf('?');
  const path = url.slice('/trpc/'.length, end < 0 ? undefined : end);
  // Encoded or not, each call is one comma (a literal one or %2C).
  return path.split(/,|%2C/i).length;
}

/**
 * Refuses a tRPC batch (GET or POST) of more than TRPC_MAX_BATCH_CALLS calls with 400 before anything
 * is parsed or run, so one request's work stays bounded. Runs first, ahead of any tRPC handler.
 */
export function registerTrpcBatchLimit(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    const calls = trpcCallCount(req.url);
    if (calls <= TRPC_MAX_BATCH_CALLS) return done();
    const message = `A tRPC batch may hold at most ${TRPC_MAX_BATCH_CALLS} calls; this one has ${calls}.`;
    void reply.code(400).send({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400 } } });
  });
}
