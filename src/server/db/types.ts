import type { Generated, Selectable, Kysely } from 'kysely';
import type { AttachmentFilesTable, AttachmentsTable, BookClosesTable, NotesTable, ReconciliationsTable } from './books-tables';
import type { LinkStatus, RedemptionStatus, Role } from '../../shared/constants';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  passwordHash: string;
  tokenVersion: Generated<number>;
  createdAt: string;
  /** 0: deactivated, cannot sign in; their sessions and API tokens are refused (migration 0050). */
  isActive: Generated<number>;
  twoFactorSecret: string | null;
  /** Set once the second step is on; a secret without it is a setup in progress. */
  twoFactorEnabledAt: string | null;
  twoFactorLastStep: number | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  isActive: Generated<number>;
  createdAt: string;
  /** Grows with each change of what its Edit dialog edits (a trigger, migration 0055; decision 151). */
  version: Generated<number>;
}

export interface CasinosTable {
  id: Generated<number>;
  name: string;
  website: string | null;
  isActive: Generated<number>;
  scRatio: Generated<number>;
  createdAt: string;
  version: Generated<number>;
}

export interface CustomerCasinosTable {
  customerId: number;
  casinoId: number;
  status: LinkStatus;
  currentUnplayedCoins: Generated<number>;
  currentPlayedCoins: Generated<number>;
  usdTotal: Generated<number>;
  transactionCount: Generated<number>;
  lastReconciledAt: string | null;
  lastReconciledByUserId: number | null;
  lastReconciledDifferenceUnplayed: number | null;
  lastReconciledDifferencePlayed: number | null;
  lastCheckInDay: string | null;
  lastCheckInAt: string | null;
  checkInStreak: Generated<number>;
  /** An active link of an active customer at an active casino (kept by triggers, migration 0040). */
  onBoard: Generated<number>;
  customerName: Generated<string>;
  casinoName: Generated<string>;
  /** Grows with each change of its status (migration 0055). */
  version: Generated<number>;
  /** The date of the pair's latest entry, null without one (kept by the ledger: kept-figures.ts). */
  lastActivityAt: string | null;
}

export interface TransactionTypesTable {
  id: Generated<number>;
  name: string;
  casinoId: number;
  version: Generated<number>;
}

/** What a ledger entry is, kept alike by a transaction and by its copy once deleted. */
interface EntryColumns {
  date: string;
  customerId: number;
  casinoId: number;
  transactionTypeId: number;
  unplayedCoinsChange: number;
  playedCoinsChange: number;
  usdChange: number;
  purchaseRatio: number | null;
  createdByUserId: number | null;
  createdAt: string;
}

export interface TransactionsTable extends EntryColumns {
  id: Generated<number>;
  unplayedCoinsAfter: number;
  playedCoinsAfter: number;
  totalCoinsAfter: number;
  updatedAt: string;
  /** Grows with each edit of its fields or date, and past all of them on a restore (migration 0055). */
  version: Generated<number>;
}

export interface IdempotencyKeysTable {
  key: string;
  userId: number;
  requestHash: string;
  transactionId: number;
  createdAt: string;
}

/** Transactions per UTC day (the date's first 10 characters), kept by the ledger (decision 021). */
export interface DayTotalsTable {
  day: string;
  transactionCount: number;
  usdTotal: number;
}

/** Count and USD per UTC hour ('YYYY-MM-DDTHH'), kept by triggers (migration 0021, decision 025). */
export interface HourTotalsTable {
  hour: string;
  transactionCount: number;
  usdTotal: number;
}

/** Each casino's number of links and the sum of their balances, kept by triggers (migration 0021, decision 025). */
export interface CasinoBalancesTable {
  casinoId: number;
  links: number;
  unplayedCoins: number;
  playedCoins: number;
}

export interface DayTypeTotalsTable extends DayTotalsTable {
  transactionTypeId: number;
}

export interface TypeTotalsTable {
  transactionTypeId: number;
  transactionCount: number;
  usdTotal: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: number | null;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  /** JSON of the values before the change (null for a creation). */
  before: string | null;
  /** JSON of the values after the change (null for a deletion). */
  after: string | null;
}

/** A deleted transaction's entry with who deleted it and when, kept so it can be restored. */
export interface DeletedTransactionsTable extends EntryColumns {
  id: number;
  deletedAt: string;
  deletedByUserId: number | null;
}

export interface LedgerChecksTable {
  id: Generated<number>;
  at: string;
  trigger: 'daily' | 'on-demand';
  ok: number;
  checkedTransactions: number;
  /** JSON array of the problems found (empty when the ledger held). */
  problems: string;
}

/** A redemption (decision 060): coins requested out of a link, paid later (or not). */
export interface RedemptionsTable {
  id: Generated<number>;
  customerId: number;
  casinoId: number;
  status: RedemptionStatus;
  requestedAt: string;
  requestedByUserId: number | null;
  unplayedCoins: number;
  playedCoins: number;
  expectedUsd: number;
  note: string | null;
  receivedAt: string | null;
  usdReceived: number | null;
  finishedAt: string | null;
  finishedByUserId: number | null;
  finishNote: string | null;
  requestTransactionId: number;
  receiptTransactionId: number | null;
  reversalTransactionId: number | null;
}

/** A link's check-ins of one office day, kept by the check-in step. */
export interface CheckInsTable {
  customerId: number;
  casinoId: number;
  day: string;
  count: number;
  unplayedCoins: number;
  transactionId: number;
  at: string;
  byUserId: number | null;
  streak: number;
}

/** The office time zone the kept check-in days were computed in (one row). */
export interface CheckInZoneTable {
  id: number;
  timeZone: string;
}

/** The links on the check-in board per casino (kept by triggers). */
export interface BoardCountsTable {
  casinoId: number;
  links: number;
}

/** A sign-in (decision 101): the token names the row, so deleting it ends the token. */
export interface SessionsTable {
  id: Generated<number>;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
  setupOnly: Generated<number>;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: string | null;
}

export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  name: string;
  scope: 'read' | 'write';
  prefix: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Authentication events (decision 103); the database refuses to change them or drop one under 400 days. */
export interface AccessLogTable {
  id: Generated<number>;
  at: string;
  kind: string;
  userId: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
}

export interface Database {
  users: UsersTable;
  passwordResetTokens: PasswordResetTokensTable;
  customers: CustomersTable;
  casinos: CasinosTable;
  customerCasinos: CustomerCasinosTable;
  transactionTypes: TransactionTypesTable;
  transactions: TransactionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  dayTotals: DayTotalsTable;
  hourTotals: HourTotalsTable;
  casinoBalances: CasinoBalancesTable;
  dayTypeTotals: DayTypeTotalsTable;
  typeTotals: TypeTotalsTable;
  auditLog: AuditLogTable;
  deletedTransactions: DeletedTransactionsTable;
  ledgerChecks: LedgerChecksTable;
  redemptions: RedemptionsTable;
  checkIns: CheckInsTable;
  checkInZone: CheckInZoneTable;
  boardCounts: BoardCountsTable;
  sessions: SessionsTable;
  recoveryCodes: RecoveryCodesTable;
  apiTokens: ApiTokensTable;
  accessLog: AccessLogTable;
  bookCloses: BookClosesTable;
  reconciliations: ReconciliationsTable;
  notes: NotesTable;
  attachmentFiles: AttachmentFilesTable;
  attachments: AttachmentsTable;
}

export type Db = Kysely<Database>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type CasinoRow = Selectable<CasinosTable>;
export type LinkRow = Selectable<CustomerCasinosTable>;
export type TransactionTypeRow = Selectable<TransactionTypesTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type DeletedTransactionRow = Selectable<DeletedTransactionsTable>;
export type RedemptionRow = Selectable<RedemptionsTable>;
export type CheckInRow = Selectable<CheckInsTable>;
