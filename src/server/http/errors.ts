import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-errors';
import { issuesOf, toTRPCError } from '../trpc/errors';
import type { ServePage } from './static';

export interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/** A procedure's error as the HTTP contract of design.md section 4. */
export function sendTrpcError(reply: FastifyReply, thrown: unknown, req: FastifyRequest) {
  // A route outside tRPC (exports, import) may meet a domain error directly: mapped the same way.
  const error = thrown instanceof DomainError ? toTRPCError(thrown) : thrown;
  if (!(error instanceof TRPCError)) {
    req.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Internal server error' } satisfies ErrorBody);
  }
  const status = getHTTPStatusCodeFromError(error);
  const errors = issuesOf(error);
  // 503 (busy, try again) is a deliberate answer with its own message; other 5xx hide their internals.
  if (status >= 500 && error.code !== 'SERVICE_UNAVAILABLE') {
    req.log.error({ err: error.cause ?? error }, 'procedure failed');
    return reply.code(status).send({ message: 'Internal server error' } satisfies ErrorBody);
  }
  // A 400 with field errors says 'Validation failed'; any other status (a 409 on a duplicate name) keeps its own message.
  const body: ErrorBody = errors ? { message: status === 400 ? 'Validation failed' : error.message, errors } : { message: error.message };
  return reply.code(status).send(body);
}

/** Fastify-level failures (bad JSON, oversized body, unknown route) as JSON, never a stack trace. */
export function registerErrorHandlers(app: FastifyInstance, servePage: ServePage): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON in request body'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type; send application/json'
            : error.message;
    return reply.code(status).send({ message });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (path.startsWith('/api') || path.startsWith('/trpc') || req.method !== 'GET' || isFile) {
      return reply.code(404).send({ message: `Not found: ${req.method} ${path}` });
    }
    return servePage(reply, path);
  });
}
