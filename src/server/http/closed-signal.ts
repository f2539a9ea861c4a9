import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the request's connection closes before its answer is complete: a download
 * abandoned, a client gone while its request waited (the idle timeout of decision 012 included).
 */
export function closedSignal(reply: FastifyReply): AbortSignal {
  const closed = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) closed.abort();
  });
  return closed.signal;
}
