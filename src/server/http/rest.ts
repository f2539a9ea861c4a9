import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProcedurePath } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { sendTrpcError } from './errors';
import { callForJson, callProcedure } from './procedure-call';
import { closedSignal } from './closed-signal';
import { everyRowAnswer, isEveryRowRead } from './streamed-reads';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type InputOf = (req: FastifyRequest) => unknown;
/** A success status that depends on the answer. */
type StatusOf = (answer: unknown) => number;

/** A job's status by its `state` (the ledger check, decision 087): 202 while it runs, 503 when it could not run, else 200. */
export const JOB_STATUSES = [200, 202, 503] as const;
const jobStatus: StatusOf = (answer) => {
  const state = typeof answer === 'object' && answer !== null && 'state' in answer ? answer.state : undefined;
  return state === 'running' ? 202 : state === 'failed' ? 503 : 200;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const none: InputOf = () => undefined;
const body: InputOf = (req) => req.body ?? {};
const params: InputOf = (req) => ({ ...(req.params as object) });
const query: InputOf = (req) => ({ ...(req.query as object) });
/** The path's id with the query: unknown query keys are refused by the procedure's strict schema. */
const paramsAndQuery: InputOf = (req) => ({ ...(req.query as object), ...(req.params as object) });
const queryOrNone: InputOf = (req) => (Object.keys(req.query as object).length ? query(req) : undefined);
/** The body, with the Idempotency-Key header as the `idempotencyKey` field when sent. */
const bodyWithKey: InputOf = (req) => {
  const key = req.headers['idempotency-key'];
  const b = req.body ?? {};
  return typeof key === 'string' && isPlainObject(b) ? { ...b, idempotencyKey: key } : b;
};
const paramsAndBody: InputOf = (req) => {
  const b = req.body ?? {};
  return isPlainObject(b) ? { ...b, ...(req.params as object) } : b;
};

/** The whole /api surface (spec 7.2): method, path, procedure, how the input is read, success status. */
export const REST_ROUTES: ReadonlyArray<readonly [Method, string, ProcedurePath, InputOf, (number | StatusOf)?]> = [
  ['GET', '/api/auth/user', 'auth.user', none],
  ['POST', '/api/auth/login', 'auth.login', body, 200],
  ['POST', '/api/auth/reset-password', 'auth.resetPassword', body, 200],
  ['POST', '/api/auth/login/two-factor', 'auth.loginTwoFactor', body, 200],
  ['POST', '/api/auth/logout', 'auth.logout', none, 204],
  ['POST', '/api/auth/logout-all', 'auth.account.logoutAll', none, 204],
  ['GET', '/api/auth/sessions', 'auth.account.sessions', none],
  ['DELETE', '/api/auth/sessions/:id', 'auth.account.endSession', params],
  ['POST', '/api/auth/change-password', 'auth.account.changePassword', body, 200],
  ['GET', '/api/auth/two-factor', 'auth.twoFactor.status', none],
  ['POST', '/api/auth/two-factor/setup', 'auth.twoFactor.setup', none, 200],
  ['POST', '/api/auth/two-factor/enable', 'auth.twoFactor.enable', body, 200],
  ['POST', '/api/auth/two-factor/disable', 'auth.twoFactor.disable', body, 200],
  ['GET', '/api/auth/api-tokens', 'auth.account.apiTokens', none],
  ['POST', '/api/auth/api-tokens', 'auth.account.createApiToken', body, 201],
  ['DELETE', '/api/auth/api-tokens/:id', 'auth.account.revokeApiToken', params],
  ['GET', '/api/admin/users', 'users.list', none],
  ['POST', '/api/admin/users', 'users.create', body, 201],
  ['PATCH', '/api/admin/users/:id/role', 'users.changeRole', paramsAndBody],
  ['POST', '/api/admin/users/:id/send-reset-link', 'users.sendResetLink', params, 200],
  ['PATCH', '/api/admin/users/:id/status', 'users.setStatus', paramsAndBody],
  ['GET', '/api/admin/users/:id/sessions', 'users.sessions', params],
  ['DELETE', '/api/admin/users/:id/sessions', 'users.endSessions', params],
  ['DELETE', '/api/admin/users/:id/two-factor', 'users.disableTwoFactor', params, 200],
  ['GET', '/api/admin/access-log', 'accessLog.list', queryOrNone],
  ['GET', '/api/customers', 'customers.list', none],
  ['POST', '/api/customers', 'customers.create', body],
  ['PATCH', '/api/customers/:id', 'customers.update', paramsAndBody],
  ['GET', '/api/casinos', 'casinos.list', none],
  ['POST', '/api/casinos', 'casinos.create', body],
  ['PATCH', '/api/casinos/:id', 'casinos.update', paramsAndBody],
  ['GET', '/api/customers/:id/summary', 'summaries.customer', params],
  ['GET', '/api/casinos/:id/summary', 'summaries.casino', params],
  ['GET', '/api/customers/:id/series', 'summaries.customerSeries', paramsAndQuery],
  ['GET', '/api/search', 'search.query', query],
  ['POST', '/api/casinos/:id/copy-types', 'casinos.copyTypes', paramsAndBody, 201],
  ['GET', '/api/transaction-types', 'transactionTypes.list', queryOrNone],
  ['POST', '/api/transaction-types', 'transactionTypes.create', body],
  ['PATCH', '/api/transaction-types/:id', 'transactionTypes.rename', paramsAndBody],
  ['DELETE', '/api/transaction-types/:id', 'transactionTypes.delete', params],
  ['GET', '/api/customer-casinos', 'customerCasinos.list', queryOrNone],
  ['POST', '/api/customer-casinos', 'customerCasinos.set', body, 200],
  ['POST', '/api/customer-casinos/reconcile', 'customerCasinos.reconcile', body, 200],
  ['GET', '/api/reports/reconciliation', 'customerCasinos.reconciliationReport', queryOrNone],
  ['GET', '/api/reconciliations', 'customerCasinos.reconciliations', queryOrNone],
  ['GET', '/api/books', 'books.get', none],
  ['POST', '/api/books/close', 'books.close', body, 200],
  ['POST', '/api/books/reopen', 'books.reopen', body, 200],
  ['GET', '/api/customers/:id/notes', 'notes.ofCustomer', params],
  ['POST', '/api/customers/:id/notes', 'notes.addToCustomer', paramsAndBody, 201],
  ['GET', '/api/casinos/:id/notes', 'notes.ofCasino', params],
  ['POST', '/api/casinos/:id/notes', 'notes.addToCasino', paramsAndBody, 201],
  ['DELETE', '/api/notes/:id', 'notes.delete', params],
  ['GET', '/api/attachments', 'attachments.list', query],
  ['DELETE', '/api/attachments/:id', 'attachments.delete', params],
  ['GET', '/api/transactions', 'transactions.list', queryOrNone],
  ['POST', '/api/transactions', 'transactions.create', bodyWithKey],
  ['PATCH', '/api/transactions/:id', 'transactions.update', paramsAndBody],
  ['DELETE', '/api/transactions/:id', 'transactions.delete', params],
  ['GET', '/api/transactions/deleted', 'transactions.deleted', queryOrNone],
  ['POST', '/api/transactions/:id/restore', 'transactions.restore', params, 200],
  ['GET', '/api/transactions/:id/audit', 'transactions.audit', paramsAndQuery],
  ['GET', '/api/audit', 'audit.list', queryOrNone],
  ['GET', '/api/admin/ledger-check', 'audit.ledgerCheck', queryOrNone, jobStatus],
  ['POST', '/api/admin/ledger-check', 'audit.startLedgerCheck', none, jobStatus],
  ['GET', '/api/reports/high-sc', 'reports.highSc', queryOrNone],
  ['GET', '/api/reports/profitability', 'reports.profitability', queryOrNone],
  ['GET', '/api/reports/participation', 'reports.participation', query],
  ['GET', '/api/reports/transaction-types', 'reports.transactionTypes', queryOrNone],
  ['GET', '/api/redemptions', 'redemptions.list', queryOrNone],
  ['POST', '/api/redemptions', 'redemptions.request', body],
  ['POST', '/api/redemptions/:id/receive', 'redemptions.receive', paramsAndBody, 200],
  ['POST', '/api/redemptions/:id/reject', 'redemptions.reject', paramsAndBody, 200],
  ['POST', '/api/redemptions/:id/cancel', 'redemptions.cancel', paramsAndBody, 200],
  ['GET', '/api/reports/redemptions', 'redemptions.report', queryOrNone],
  ['GET', '/api/check-ins', 'checkIns.board', queryOrNone],
  ['POST', '/api/check-ins', 'checkIns.record', body],
];

/**
 * Rows whose answer has two shapes pick one procedure each by the input: GET /api/transactions with
 * `limit` alone (or nothing) is the bare newest-first array, with any filter, offset or sort the page.
 */
const PICK: Partial<Record<ProcedurePath, (input: unknown) => ProcedurePath>> = {
  'transactions.list': (input) =>
    input === undefined || (isPlainObject(input) && Object.keys(input).every((key) => key === 'limit'))
      ? 'transactions.recent'
      : 'transactions.list',
};
/** Every procedure a row may answer with (the OpenAPI document lists each answer's shape). */
export const ANSWERED_BY: Partial<Record<ProcedurePath, ProcedurePath[]>> = {
  'transactions.list': ['transactions.recent', 'transactions.list'],
};

/** A row's success status when it does not depend on the answer: as given, else 201 for POST, 204 for DELETE, 200 otherwise. */
export const successStatus = (method: Method, status: number | undefined) =>
  status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);

export function registerRest(app: FastifyInstance, createContext: (req: FastifyRequest) => Promise<Context>): void {
  for (const [method, url, row, inputOf, status] of REST_ROUTES) {
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        try {
          const input = inputOf(req);
          const procedure = PICK[row]?.(input) ?? row;
          if (method === 'GET' && isEveryRowRead(procedure, input)) {
            const answer = await everyRowAnswer(await createContext(req), procedure, input, closedSignal(reply));
            return reply.type('application/json; charset=utf-8').send(answer);
          }
          const context = await createContext(req);
          // A read's JSON text comes from its read's thread; an answer that picks its status is needed here as a value.
          if (method === 'GET' && typeof status !== 'function') {
            const text = await callForJson(context, procedure, input, 'query');
            return reply.code(successStatus(method, status)).type('application/json; charset=utf-8').send(text);
          }
          const answer = await callProcedure(context, procedure, input, method === 'GET' ? 'query' : 'mutation');
          const json = JSON.stringify(answer) ?? 'null';
          const code = typeof status === 'function' ? status(answer) : successStatus(method, status);
          if (code === 204) return reply.code(204).send();
          return reply.code(code).type('application/json; charset=utf-8').send(json);
        } catch (error) {
          return sendTrpcError(reply, error, req);
        }
      },
    });
  }
}
