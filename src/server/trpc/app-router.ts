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
});

export type AppRouter = typeof appRouter;
