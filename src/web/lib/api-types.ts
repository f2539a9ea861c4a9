import type { RouterOutputs } from '../../server/trpc/app-router';

/**
 * The answers the screens use, named: each is what its procedure returns (`RouterOutputs`, inferred from
 * the server's router), never a hand-written copy, so a changed answer is a type error here.
 */
type Row<T extends readonly unknown[]> = T[number];

export type TransactionView = RouterOutputs['transactions']['get'];
export type DeletedTransactionView = Row<RouterOutputs['transactions']['deleted']['transactions']>;
export type CustomerView = Row<RouterOutputs['customers']['list']>;
export type CasinoView = Row<RouterOutputs['casinos']['list']>;
/** The signed-in user (GET /api/auth/user). */
export type UserView = RouterOutputs['auth']['user'];
/** A row of the Users screen: the user with their status and second step. */
export type UserListRow = Row<RouterOutputs['users']['list']>;
export type SessionRowView = Row<RouterOutputs['auth']['account']['sessions']>;
export type ApiTokenRowView = Row<RouterOutputs['auth']['account']['apiTokens']>;
export type AccessLogEntry = Row<RouterOutputs['accessLog']['list']['entries']>;
export type TransactionTypeView = Row<RouterOutputs['transactionTypes']['list']>;
export type LinkView = Row<RouterOutputs['customerCasinos']['list']>;
export type ReconciliationRow = Row<RouterOutputs['customerCasinos']['reconciliationReport']['rows']>;
export type AuditEntryView = Row<RouterOutputs['transactions']['audit']>;
export type CheckInBoard = RouterOutputs['checkIns']['board'];
export type CheckInRowView = Row<CheckInBoard['rows']>;
export type RedemptionView = Row<RouterOutputs['redemptions']['list']['redemptions']>;
export type PayoutRow = Row<RouterOutputs['redemptions']['report']['rows']>;
export type HighScRow = Row<RouterOutputs['reports']['highSc']>;
export type ProfitabilityRow = Row<RouterOutputs['reports']['profitability']>;
export type TypeReportRow = Row<RouterOutputs['reports']['transactionTypes']>;
