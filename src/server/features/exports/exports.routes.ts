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
import { oneTypeFilter, orderedRange } from '../../../shared/schemas/common';
import { auditExportInput } from '../../../shared/schemas/audit';
import { reconciliationExportInput } from '../../../shared/schemas/customer-casinos';
import { payoutReportInput } from '../../../shared/schemas/redemptions';
import { accessLogExportInput } from '../../../shared/schemas/access-log';
import { sendTrpcError } from '../../http/errors';
import type { AppServices } from '../../trpc/context';
import type { SessionUser } from '../auth/auth.repository';
import { hasFullAccess } from '../auth/sessions';
import type { Db } from '../../db/types';
import { closedSignal } from '../../http/closed-signal';
import { exportTarget } from './download-tokens';
import { EXPORT_FILE_BASES, type ExportKind, type ExportRequest } from './export-sheets';
import type { ExportFormat } from './export-writer';

const historyFilters = z
  .strictObject(transactionFilters)
  .refine(...orderedRange)
  .refine(...oneTypeFilter);

/** Each export's query parameters: the filters of the screen it serves (also the OpenAPI document's). */
export const EXPORT_FILTERS = {
  transactions: historyFilters,
  'high-sc': highScSummaryInput,
  profitability: profitabilitySummaryInput,
  participation: participationInput,
  'transaction-types': transactionTypesReportInput,
  audit: auditExportInput,
  reconciliation: reconciliationExportInput,
  redemptions: payoutReportInput,
  'access-log': accessLogExportInput,
} satisfies Record<ExportKind, z.ZodType>;

/** Each export: who may download it (as its screen) and how its query parameters are read (the screen's filters). */
const EXPORTS: { [K in ExportKind]: { admin: boolean; parse: (query: Record<string, unknown>) => ExportRequest & { kind: K } } } = {
  transactions: { admin: false, parse: (q) => ({ kind: 'transactions', input: EXPORT_FILTERS.transactions.parse(q) }) },
  'high-sc': { admin: false, parse: (q) => ({ kind: 'high-sc', input: EXPORT_FILTERS['high-sc'].parse(q) }) },
  profitability: { admin: true, parse: (q) => ({ kind: 'profitability', input: EXPORT_FILTERS.profitability.parse(q) }) },
  participation: { admin: false, parse: (q) => ({ kind: 'participation', input: EXPORT_FILTERS.participation.parse(q) }) },
  'transaction-types': { admin: false, parse: (q) => ({ kind: 'transaction-types', input: EXPORT_FILTERS['transaction-types'].parse(q) }) },
  audit: { admin: true, parse: (q) => ({ kind: 'audit', input: EXPORT_FILTERS.audit.parse(q) }) },
  reconciliation: { admin: false, parse: (q) => ({ kind: 'reconciliation', input: EXPORT_FILTERS.reconciliation.parse(q) }) },
  redemptions: { admin: false, parse: (q) => ({ kind: 'redemptions', input: EXPORT_FILTERS.redemptions.parse(q) }) },
  'access-log': { admin: true, parse: (q) => ({ kind: 'access-log', input: EXPORT_FILTERS['access-log'].parse(q) }) },
};

/** Which exports only admins may download (the OpenAPI document says so too). */
export const isAdminExport = (kind: ExportKind) => EXPORTS[kind].admin;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const EXPORT_FILE =
  /^(transactions|high-sc|profitability|participation|transaction-types|audit|reconciliation|redemptions|access-log)\.(csv|xlsx)$/;

/** The body of POST /api/exports/token: the export's file and the filters its link will carry. */
export const tokenRequest = z.strictObject({
  file: z.string({ error: 'Name the export, as transactions.csv' }).regex(EXPORT_FILE, { error: 'No such export' }),
  filters: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

const USED_LINK = 'This download link was used already, has expired, or was made for another export; export again';

/** A request's filters as the export's own schema reads them, a ZodError as the 400 naming the field. */
function parseRequest(kind: ExportKind, query: Record<string, unknown>): ExportRequest {
  try {
    return EXPORTS[kind].parse(query);
  } catch (error) {
    if (error instanceof ZodError) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: error });
    throw error;
  }
}

/** The signed-in user, and whether they may have this export (as its screen), or the 401 or 403. */
function allowed(user: SessionUser | null | undefined, kind: ExportKind): SessionUser {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  if (EXPORTS[kind].admin && user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });
  return user;
}

/** The bearer session, or the user of an unused download token issued for this very link (decisions 022, 086). */
export async function userOf(
  req: FastifyRequest,
  db: Db,
  services: AppServices,
  file: string,
  query: Record<string, unknown>,
  token: unknown,
) {
  if (req.headers.authorization) return services.sessions.userFor(req.headers.authorization);
  if (typeof token !== 'string') return null;
  // Only a download token is taken from the query string: an API token there is never accepted.
  const named = services.downloadTokens.redeem(token, exportTarget(file, query));
  if (!named) throw new TRPCError({ code: 'UNAUTHORIZED', message: USED_LINK });
  const claim = { userId: named.id, sessionId: named.sessionId, tokenVersion: named.tokenVersion };
  const auth = await services.sessions.bySession(claim, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  return auth && hasFullAccess(auth, 'read') ? auth.user : null;
}

/** Who asks for a download link: a signed-in session with full access (an API token sends itself instead). */
export async function linkAsker(req: FastifyRequest, services: AppServices): Promise<{ user: SessionUser; sessionId: number }> {
  const auth = await services.sessions.resolve(req.headers.authorization, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
  if (!auth || !hasFullAccess(auth, 'read')) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
  // A download link names a sign-in's session; a script sends its API token with the export request itself.
  if (auth.via.kind !== 'session') throw new TRPCError({ code: 'FORBIDDEN', message: 'Send the API token with the export request itself' });
  return { user: auth.user, sessionId: auth.via.sessionId };
}

/** A one-use download token for `target`, bound to the user's current token version and session. */
export async function issueLink(db: Db, services: AppServices, user: SessionUser, sessionId: number, target: string): Promise<string> {
  const { tokenVersion } = await db.selectFrom('users').select('tokenVersion').where('id', '=', user.id).executeTakeFirstOrThrow();
  return services.downloadTokens.issue({ id: user.id, tokenVersion, sessionId }, target);
}

/**
 * GET /api/exports/{transactions,high-sc,profitability,participation,transaction-types,...}.{csv,xlsx}:
 * every matching row, written on the export thread and streamed as it is written (decision 022), in the
 * export thread's line (decision 085). POST /api/exports/token gives a signed-in user a one-use,
 * one-minute download token for one export's link with its filters (decision 086).
 */
export function registerExports(app: FastifyInstance, db: Db, services: AppServices): void {
  app.post('/api/exports/token', async (req, reply) => {
    try {
      const { user: signedIn, sessionId } = await linkAsker(req, services);
      const parsed = tokenRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Validation failed', cause: parsed.error });
      const { file, filters = {} } = parsed.data;
      const kind = file.slice(0, file.lastIndexOf('.')) as ExportKind;
      const user = allowed(signedIn, kind);
      // The filters are checked now, so a bad one is a 400 here rather than a page of JSON where the download was.
      parseRequest(kind, filters);
      return reply.send({ token: await issueLink(db, services, user, sessionId, exportTarget(file, filters)) });
    } catch (error) {
      return sendTrpcError(reply, error, req);
    }
  });

  app.get(
    '/api/exports/:file',
    async (req: FastifyRequest<{ Params: { file: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const match = EXPORT_FILE.exec(req.params.file);
      if (!match) return reply.code(404).send({ message: `Not found: GET ${req.url.split('?')[0]}` });
      const kind = match[1] as ExportKind;
      const format = match[2] as ExportFormat;
      const { token, ...query } = req.query;
      const signal = closedSignal(reply);
      try {
        allowed(await userOf(req, db, services, req.params.file, query, token), kind);
        const request = parseRequest(kind, query);
        const day = localDay(new Date(), services.config.timeZone);
        const { body, rows } = await services.readers.exportFile(request, format, day, { signal });
        rows.catch((error: unknown) => req.log.warn({ err: error }, 'export ended while streaming'));
        const name = `${EXPORT_FILE_BASES[kind]}_${day}.${format}`;
        return reply
          .header('content-type', CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        // Nobody listens any more (the download was closed before it started): nothing to answer or log.
        if (signal.aborted) return reply.code(503).send({ message: 'The request closed' });
        return sendTrpcError(reply, error, req);
      }
    },
  );
}
