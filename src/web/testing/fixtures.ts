import type { CasinoView, CustomerView, TransactionView } from '../lib/api-types';

const at = '2026-01-01T00:00:00.000Z';

export const customer = (id: number, name: string, more: Partial<CustomerView> = {}): CustomerView => ({
  id,
  name,
  email: null,
  isActive: true,
  createdAt: at,
  ...more,
});

export const casino = (id: number, name: string, more: Partial<CasinoView> = {}): CasinoView => ({
  id,
  name,
  website: null,
  isActive: true,
  scRatio: 1000,
  createdAt: at,
  ...more,
});

/** A whole transaction as the server answers it: a purchase of 22,000 coins for $20 at Lucky by Alice. */
export const transaction = (id: number, more: Partial<TransactionView> = {}): TransactionView => ({
  id,
  date: '2026-03-01T12:00:00.000Z',
  customerId: 1,
  casinoId: 10,
  transactionTypeId: 100,
  customer: { name: 'Alice' },
  casino: { name: 'Lucky' },
  transactionType: { name: 'Purchase' },
  unplayedCoinsChange: '22000.00',
  playedCoinsChange: '0.00',
  usdChange: '-20.00',
  purchaseRatio: 1.1,
  unplayedCoinsAfter: '22000.00',
  playedCoinsAfter: '0.00',
  totalCoinsAfter: '22000.00',
  createdByUser: { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' },
  ...more,
});
