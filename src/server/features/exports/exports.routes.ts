import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z, ZodError } from 'zod';
import { localDay } from '../../../shared/dates';
import {
  highScSummaryInput,
  participationInput,
  profitabilitySummaryInput,
  transactionTypesReportInput,
} from '../../../shared/schemas/reports';
import { transactionFilters } from '../../../shared/schemas/transactions';
import { auditExportInput } from '../../../shared/schemas/audit';
import { reconciliationExportInput } from '../../../shared/schemas/customer-casinos';
import { payoutReportInput } from '../../../shared/schemas/redemptions';
import { accessLogExportInput } from '../../../shared/schemas/access-log';
import { sendTrpcError } from '../../http/errors';
import type { AppServices } from '../../trpc/context';
import type { SessionUser } from '../auth/auth.repository';
import { hasFullAccess } from '../auth/sessions';
import type { Db } from '../../db/types';
import { EXPORT_FILE_BASES, type ExportKind, type ExportRequest } from './export-sheets';
import type { ExportFormat } from './export-writer';

const historyFilters = z
  .strictObject(transactionFilters)
  .refine((v) => !(v.startDate && v.endDate && v.startDate > v.endDate), { error: 'End date is before start date', path: ['endDate'] });

/** Each export: who may download it (as its screen) and how its query parameters are read (the screen's filters). */
const EXPORTS: { [K in ExportKind]: { admin: boolean; parse: (query: Record<string, unknown>) => ExportRequest & { kind: K } } } = {
  transactions: { admin: false, parse: (q) => ({ kind: 'transactions', input: historyFilters.parse(q) }) },
  'high-sc': { admin: false, parse: (q) => ({ kind: 'high-sc', input: highScSummaryInput.parse(q) }) },
  profitability: { admin: true, parse: (q) => ({ kind: 'profitability', input: profitabilitySummaryInput.parse(q) }) },
  participation: { admin: false, parse: (q) => ({ kind: 'participation', input: participationInput.parse(q) }) },
  'transaction-types': { admin: false, parse: (q) => ({ kind: 'transaction-types', input: transactionTypesReportInput.parse(q) }) },
  audit: { admin: true, parse: (q) => ({ kind: 'audit', input: auditExportInput.parse(q) }) },
  reconciliation: { admin: false, parse: (q) => ({ kind: 'reconciliation', input: reconciliationExportInput.parse(q) }) },
  redemptions: { admin: false, parse: (q) => ({ kind: 'redemptions', input: payoutReportInput.parse(q) }) },
  'access-log': { admin: true, parse: (q) => ({ kind: 'access-log', input: accessLogExportInput.parse(q) }) },
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The bearer session, or a download token in `?token=` (decision 022). */
async function userOf(req: FastifyRequest, db: Db, services: AppServices, token: unknown): Promise<SessionUser | null> {
  if (req.headers.authorization) return services.sessions.userFor(req.headers.authorization);
  // Only a download token is taken from the query string: an API token there is never accepted.
  const named = typeof token === 'string' ? services.downloadTokens.verify(token) : null;
  const auth = named ? await services.sessions.bySession(named, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }) : null;
  return auth && hasFullAccess(auth, 'read') ? auth.user : null;
}

/**
 * GET /api/exports/{transactions,high-sc,profitability,participation,transaction-types}.{csv,xlsx}:
 * every matching row, written where the reads run and streamed as it is written (decision 022).
 * POST /api/exports/token gives a signed-in user a one-minute download token for links.
 */
export function registerExports(app: FastifyInstance, db: Db, services: AppServices): void {
  app.post('/api/exports/token', async (req, reply) => {
    const auth = await services.sessions.resolve(req.headers.authorization, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
    if (!auth || !hasFullAccess(auth, 'read')) return reply.code(401).send({ message: 'Unauthorized' });
    // A download link names a sign-in's session; a script sends its API token with the export request itself.
    if (auth.via.kind !== 'session') return reply.code(403).send({ message: 'Send the API token with the export request itself' });
    const { tokenVersion } = await db.selectFrom('users').select('tokenVersion').where('id', '=', auth.user.id).executeTakeFirstOrThrow();
    return reply.send({ token: services.downloadTokens.sign({ userId: auth.user.id, sessionId: auth.via.sessionId, tokenVersion }) });
  });

  app.get(
    '/api/exports/:file',
    async (req: FastifyRequest<{ Params: { file: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const match =
        /^(transactions|high-sc|profitability|participation|transaction-types|audit|reconciliation|redemptions|access-log)\.(csv|xlsx)$/.exec(
          req.params.file,
        );
      if (!match) return reply.code(404).send({ message: `Not found: GET ${req.url.split('?')[0]}` });
      const kind = match[1] as ExportKind;
      const format = match[2] as ExportFormat;
      const { token, ...query } = req.query;
      try {
        const user = await userOf(req, db, services, token);
        if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
        if (EXPORTS[kind].admin && user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });
        let request: ExportRequest;
        try {
          request = EXPORTS[kind].parse(query);
        } catch (error) {
          if (error instanceof ZodError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: error });
          throw error;
        }
        const day = localDay(new Date(), services.config.timeZone);
        const { body, rows } = await services.readers.exportFile(request, format, day);
        rows.catch((error: unknown) => req.log.error({ err: error }, 'export failed while streaming'));
        const name = `${EXPORT_FILE_BASES[kind]}_${day}.${format}`;
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        return sendTrpcError(reply, error, req);
      }
    },
  );
}
