import type { QueryClient, QueryFilters } from '@tanstack/react-query';
import type { AnyMutationProcedure, TRPCRouterRecord } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/app-router';
import type { ChangeEventKind } from '../../shared/change-event-kinds';
import { trpc } from '../trpc';

/**
 * The one refresh table (decision 140): which cached reads each kind of change makes stale. A write
 * made here and the same write made by a colleague (announced on the change stream) refresh the same
 * reads, because a write is mapped to the change event its commit sends. The tRPC link in trpc.ts runs
 * it after every successful mutation, so no screen lists its own invalidations.
 */

/** Every mutation's dotted path ("transactions.create"), from the router's own record. */
type MutationPathsOf<R extends TRPCRouterRecord> = {
  [K in keyof R & string]: R[K] extends AnyMutationProcedure ? K : R[K] extends TRPCRouterRecord ? `${K}.${MutationPathsOf<R[K]>}` : never;
}[keyof R & string];
export type MutationPath = MutationPathsOf<AppRouter['_def']['record']>;

type Reads = () => QueryFilters[];

/** History's attachment counts, read in batches outside tRPC's keys (features/attachments/attachment-counts.ts). */
export const ATTACHMENT_COUNT_KEY = 'attachmentCount';

/** Everything a balance-changing write can show up in: lists, balances, reports, cards, the board, the audit trail. */
const ledger: Reads = () => [
  trpc.transactions.pathFilter(),
  trpc.customerCasinos.pathFilter(),
  trpc.reports.pathFilter(),
  trpc.dashboard.pathFilter(),
  trpc.redemptions.pathFilter(),
  trpc.checkIns.pathFilter(),
  trpc.audit.list.pathFilter(),
  trpc.summaries.pathFilter(),
];
/** Master data is named on every ledger screen, so a rename refreshes those too. */
const withLedger =
  (...own: Reads[]): Reads =>
  () => [...own.flatMap((reads) => reads()), ...ledger()];
const nothing: Reads = () => [];

export const EVENT_REFRESH: Record<ChangeEventKind, Reads> = {
  'transaction.created': ledger,
  'transaction.updated': ledger,
  'transaction.deleted': ledger,
  'transaction.restored': ledger,
  'redemption.changed': ledger,
  'checkIn.recorded': ledger,
  'reconciliation.recorded': ledger,
  'link.changed': ledger,
  'customer.changed': withLedger(() => [trpc.customers.pathFilter(), trpc.search.pathFilter()]),
  'casino.changed': withLedger(() => [trpc.casinos.pathFilter(), trpc.search.pathFilter()]),
  'transactionType.changed': withLedger(() => [trpc.transactionTypes.pathFilter()]),
  'import.committed': withLedger(() => [
    trpc.customers.pathFilter(),
    trpc.casinos.pathFilter(),
    trpc.transactionTypes.pathFilter(),
    trpc.search.pathFilter(),
  ]),
  'user.changed': () => [trpc.users.pathFilter(), trpc.auth.user.pathFilter(), trpc.dashboard.pathFilter(), trpc.audit.list.pathFilter()],
  // The close locks History's and the Recent panel's rows, and the audit trail records it.
  'books.changed': () => [trpc.books.pathFilter(), trpc.transactions.pathFilter(), trpc.audit.list.pathFilter()],
  'note.changed': () => [trpc.notes.pathFilter(), trpc.audit.list.pathFilter()],
  // History's paperclips count a row's attachments.
  'attachment.changed': () => [trpc.attachments.pathFilter(), { queryKey: [ATTACHMENT_COUNT_KEY] }, trpc.audit.list.pathFilter()],
};

/**
 * Each write: the change event its commit announces, or, for a write that only the signed-in person's
 * own screens show (their sessions, tokens, two-step status), those reads. Signing in and out clear
 * the whole cache themselves (use-auth.ts).
 */
export const WRITE_REFRESH: Record<MutationPath, ChangeEventKind | Reads> = {
  'transactions.create': 'transaction.created',
  'transactions.update': 'transaction.updated',
  'transactions.delete': 'transaction.deleted',
  'transactions.restore': 'transaction.restored',
  'redemptions.request': 'redemption.changed',
  'redemptions.receive': 'redemption.changed',
  'redemptions.reject': 'redemption.changed',
  'redemptions.cancel': 'redemption.changed',
  'checkIns.record': 'checkIn.recorded',
  'customerCasinos.reconcile': 'reconciliation.recorded',
  'customerCasinos.set': 'link.changed',
  'customerCasinos.createMissing': 'link.changed',
  'customers.create': 'customer.changed',
  'customers.update': 'customer.changed',
  'casinos.create': 'casino.changed',
  'casinos.update': 'casino.changed',
  'casinos.copyTypes': 'transactionType.changed',
  'transactionTypes.create': 'transactionType.changed',
  'transactionTypes.rename': 'transactionType.changed',
  'transactionTypes.delete': 'transactionType.changed',
  'users.create': 'user.changed',
  'users.changeRole': 'user.changed',
  'users.setStatus': 'user.changed',
  'users.endSessions': 'user.changed',
  'users.disableTwoFactor': 'user.changed',
  'users.sendResetLink': nothing,
  'auth.login': nothing,
  'auth.loginTwoFactor': nothing,
  'auth.logout': nothing,
  'auth.resetPassword': nothing,
  'auth.account.changePassword': () => [trpc.auth.account.sessions.pathFilter()],
  'auth.account.endSession': () => [trpc.auth.account.sessions.pathFilter()],
  'auth.account.logoutAll': () => [trpc.auth.account.sessions.pathFilter()],
  'auth.account.createApiToken': () => [trpc.auth.account.apiTokens.pathFilter()],
  'auth.account.revokeApiToken': () => [trpc.auth.account.apiTokens.pathFilter()],
  'auth.twoFactor.setup': () => [trpc.auth.twoFactor.status.pathFilter()],
  'auth.twoFactor.enable': () => [trpc.auth.twoFactor.status.pathFilter()],
  'auth.twoFactor.disable': () => [trpc.auth.twoFactor.status.pathFilter()],
  // The check's result is written into the cache by its card when the run finishes.
  'audit.startLedgerCheck': nothing,
  'books.close': 'books.changed',
  'books.reopen': 'books.changed',
  'notes.addToCustomer': 'note.changed',
  'notes.addToCasino': 'note.changed',
  'notes.delete': 'note.changed',
  'attachments.delete': 'attachment.changed',
};

const isMutationPath = (path: string): path is MutationPath => Object.hasOwn(WRITE_REFRESH, path);

/** The reads a change makes stale: a change event's kind, or a write's path. */
export function readsTouchedBy(change: ChangeEventKind | MutationPath): QueryFilters[] {
  const entry = isMutationPath(change) ? WRITE_REFRESH[change] : change;
  return typeof entry === 'function' ? entry() : EVENT_REFRESH[entry]();
}

/** Refetches what is on screen and marks the rest stale. A failed refetch shows on its own screen, so it is not thrown here. */
export async function refresh(queryClient: QueryClient, change: ChangeEventKind | MutationPath | 'everything'): Promise<void> {
  const filters = change === 'everything' ? [{}] : readsTouchedBy(change);
  await Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}

/** After a successful mutation at `path` (a path the table does not know refreshes nothing, and its test fails). */
export const refreshAfterWrite = (queryClient: QueryClient, path: string) =>
  isMutationPath(path) ? refresh(queryClient, path) : Promise.resolve();
