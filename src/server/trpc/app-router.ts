import type { AnyProcedure, inferRouterOutputs, TRPCRouterRecord as RouterRecord } from '@trpc/server';
import { auditRouter } from '../features/audit/audit.router';
import { authRouter } from '../features/auth/auth.router';
import { casinosRouter } from '../features/casinos/casinos.router';
import { customerCasinosRouter } from '../features/customer-casinos/customer-casinos.router';
import { customersRouter } from '../features/customers/customers.router';
import { dashboardRouter } from '../features/dashboard/dashboard.router';
import { checkInsRouter } from '../features/check-ins/check-ins.router';
import { redemptionsRouter } from '../features/redemptions/redemptions.router';
import { reportsRouter } from '../features/reports/reports.router';
import { transactionTypesRouter } from '../features/transaction-types/transaction-types.router';
import { transactionsRouter } from '../features/transactions/transactions.router';
import { usersRouter } from '../features/users/users.router';
import { accessLogRouter } from '../features/access-log/access-log.router';
import { summariesRouter } from '../features/summaries/summaries.router';
import { searchRouter } from '../features/search/search.router';
import { attachmentsRouter } from '../features/attachments/attachments.router';
import { booksRouter } from '../features/books/books.router';
import { notesRouter } from '../features/notes/notes.router';
import { t } from './init';
import { router } from './procedures';

export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  customers: customersRouter,
  casinos: casinosRouter,
  transactionTypes: transactionTypesRouter,
  customerCasinos: customerCasinosRouter,
  transactions: transactionsRouter,
  reports: reportsRouter,
  audit: auditRouter,
  dashboard: dashboardRouter,
  redemptions: redemptionsRouter,
  checkIns: checkInsRouter,
  accessLog: accessLogRouter,
  summaries: summariesRouter,
  search: searchRouter,
  books: booksRouter,
  notes: notesRouter,
  attachments: attachmentsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side callers (tests, CLI): `createCaller(context).transactions.create(...)`, checks and validation included. */
export const createCaller = t.createCallerFactory(appRouter);
export type AppCaller = ReturnType<typeof createCaller>;

/** What each procedure answers: the one source of response types (the web imports these types only). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Every procedure's dotted path ("transactions.create"), so a table of paths is checked by the compiler. */
type PathsOf<R extends RouterRecord> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? K : R[K] extends RouterRecord ? `${K}.${PathsOf<R[K]>}` : never;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;
