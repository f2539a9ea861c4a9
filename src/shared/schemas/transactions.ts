import { z } from 'zod';
import { HISTORY_SORTS } from '../sorting';
import { sortSchema } from './primitives';
import {
  day,
  decimalText,
  hundredths,
  id,
  idNumber,
  occurredAt,
  oneTypeFilter,
  orderedRange,
  recordVersion,
  requiredId,
  paging,
  typeName,
} from './common';

export const transactionFields = {
  customerId: requiredId('Customer is required'),
  casinoId: requiredId('Casino is required'),
  transactionTypeId: requiredId('Transaction type is required'),
  unplayedCoinsChange: hundredths('Unplayed coins change is required'),
  playedCoinsChange: hundredths('Played coins change is required'),
  usdChange: hundredths('USD change is required'),
  /** When it happened (decision 050): omitted on create means now, on edit keeps the date it had. */
  occurredAt: occurredAt.optional(),
};

export const createTransactionInput = z.strictObject({
  ...transactionFields,
  /** A fresh key per submit: a retry with the same key records nothing new. */
  idempotencyKey: z.string().trim().min(8).max(200).optional(),
});

/** `version`, when sent, must be the transaction's current one (decision 151): else 409 and nothing is written. */
export const updateTransactionInput = z.strictObject({ id: requiredId('No transaction ID'), ...transactionFields, version: recordVersion });

export const transactionIdInput = z.strictObject({ id });

export const transactionFilters = {
  customerId: id.optional(),
  casinoId: id.optional(),
  transactionTypeId: id.optional(),
  /** Every casino's type of this name ("Purchase (all casinos)"), letter case aside. */
  typeName: typeName.optional(),
  startDate: day.optional(),
  endDate: day.optional(),
};

export const MAX_LIST_LIMIT = 5000;

export const listTransactionsInput = z
  .strictObject({
    ...transactionFilters,
    ...paging(MAX_LIST_LIMIT),
    /** date or usd, "-" in front for descending; newest first without it (decision 044). */
    sort: sortSchema(HISTORY_SORTS).optional(),
  })
  .refine(...orderedRange)
  .refine(...oneTypeFilter)
  .optional();

/** The newest rows, unfiltered (Dashboard, and the REST list asked with `limit` alone). */
export const recentTransactionsInput = z.strictObject({ limit: paging(MAX_LIST_LIMIT).limit }).optional();
export type TransactionFilters = {
  customerId?: number;
  casinoId?: number;
  transactionTypeId?: number;
  typeName?: string;
  startDate?: string;
  endDate?: string;
};

const named = z.object({ name: z.string() });
export const transactionView = z.object({
  id: idNumber,
  date: z.string(),
  customerId: idNumber,
  casinoId: idNumber,
  transactionTypeId: idNumber,
  customer: named,
  casino: named,
  transactionType: named,
  unplayedCoinsChange: decimalText,
  playedCoinsChange: decimalText,
  usdChange: decimalText,
  purchaseRatio: z.number().nullable(),
  unplayedCoinsAfter: decimalText,
  playedCoinsAfter: decimalText,
  totalCoinsAfter: decimalText,
  createdByUser: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }).nullable(),
  /** Grows with each change; an edit sends it back (decision 151). */
  version: z.number().int().positive(),
});
export type TransactionView = z.infer<typeof transactionView>;
export const transactionsPage = z.object({ transactions: z.array(transactionView), totalCount: z.number().int() });
/** What a delete answers: the id it removed. */
export const deletedIdView = z.object({ id: idNumber });

export const deletedListInput = z
  .strictObject({
    ...paging(1000),
  })
  .optional();

/** A deleted transaction as the Deleted Transactions view lists it: its values, and who deleted it when. */
export const deletedTransactionView = transactionView
  .pick({
    id: true,
    date: true,
    customer: true,
    casino: true,
    transactionType: true,
    unplayedCoinsChange: true,
    playedCoinsChange: true,
    usdChange: true,
  })
  .extend({ deletedAt: z.string(), deletedBy: z.object({ id: idNumber, email: z.string() }).nullable() });
export type DeletedTransactionView = z.infer<typeof deletedTransactionView>;
export const deletedTransactionsPage = z.object({ transactions: z.array(deletedTransactionView), totalCount: z.number().int() });
