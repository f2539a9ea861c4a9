import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { localDay } from '../../../shared/dates';
import { searchKey } from '../../../shared/screens';
import { type StatementInput, statementInput } from '../../../shared/schemas/statements';
import type { Db } from '../../db/types';
import { closedSignal } from '../../http/closed-signal';
import { sendTrpcError } from '../../http/errors';
import type { AppServices } from '../../trpc/context';
import { exportTarget } from './download-tokens';
import { issueLink, linkAsker, userOf } from './exports.routes';

export const STATEMENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

type Query = Record<string, unknown>;

function parse(id: string, query: Query): StatementInput {
  try {
    return statementInput.parse({ ...query, id });
  } catch (error) {
    if (error instanceof ZodError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: error });
    throw error;
  }
}

/** What a statement's download link is for: this customer, these days, casino and format. */
const target = (id: string, query: Query) => exportTarget(`statement-${id}`, query);

/** statement_alice-smith_2026-10-01_2026-10-31.pdf: the name in plain letters, digits and dashes. */
async function fileName(db: Db, input: StatementInput): Promise<string> {
  const row = await db.selectFrom('customers').select('name').where('id', '=', input.id).executeTakeFirst();
  const slug = searchKey(row?.name ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `statement_${slug || input.id}_${input.startDate}_${input.endDate}.${input.format}`;
}

/**
 * GET /api/customers/{id}/statement?startDate=&endDate=&casinoId=&format=pdf|xlsx|csv: the customer's
 * statement, written on the export thread in the exports' line and streamed (decisions 085, 181); the
 * web app's link carries a one-use token from POST /api/customers/{id}/statement/token (decision 086).
 */
export function registerStatements(app: FastifyInstance, db: Db, services: AppServices): void {
  app.post('/api/customers/:id/statement/token', async (req: FastifyRequest<{ Params: { id: string } }>, reply) => {
    try {
      const { user, sessionId } = await linkAsker(req, services);
      const body: Query = typeof req.body === 'object' && req.body !== null ? { ...req.body } : {};
      parse(req.params.id, body);
      return reply.send({ token: await issueLink(db, services, user, sessionId, target(req.params.id, body)) });
    } catch (error) {
      return sendTrpcError(reply, error, req);
    }
  });

  app.get(
    '/api/customers/:id/statement',
    async (req: FastifyRequest<{ Params: { id: string }; Querystring: Query }>, reply: FastifyReply) => {
      const { token, ...query } = req.query;
      const signal = closedSignal(reply);
      try {
        const user = await userOf(req, db, services, `statement-${req.params.id}`, query, token);
        if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        const input = parse(req.params.id, query);
        const day = localDay(new Date(), services.config.timeZone);
        const { body, rows } = await services.readers.exportFile({ kind: 'statement', input }, input.format, day, { signal });
        rows.catch((error: unknown) => req.log.warn({ err: error }, 'statement ended while streaming'));
        return reply
          .header('content-type', STATEMENT_TYPES[input.format])
          .header('content-disposition', `attachment; filename="${await fileName(db, input)}"`)
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        if (signal.aborted) return reply.code(503).send({ message: 'The request closed' });
        return sendTrpcError(reply, error, req);
      }
    },
  );
}
