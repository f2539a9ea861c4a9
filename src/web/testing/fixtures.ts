import type { CasinoView, CustomerView, TransactionView } from '../lib/api-types';

const at = '2026-01-01T00:00:00.000Z';

export const customer = (id: number, name: string, more: Partial<CustomerView> = {}): CustomerView => ({
  id,
  name,
  email: null,
  isActive: true,
  createdAt: at,
  version: 1,
  ...more,
});

export const casino = (id: number, name: string, more: Partial<CasinoView> = {}): CasinoView => ({
  id,
  name,
  website: null,
  isActive: true,
  scRatio: 1000,
  createdAt: at,
  version: 1,
  ...more,
});

/** A transaction's references, named as the server names them. */
const references = (c: CustomerView, k: CasinoView, type: { id: number; name: string }) => ({
  customerId: c.id,
  casinoId: k.id,
  transactionTypeId: type.id,
  customer: { name: c.name },
  casino: { name: k.name },
  transactionType: { name: type.name },
});

/** A whole transaction as the server answers it: a purchase of 22,000 coins for $20 at Lucky by Alice, on an empty link. */
export const transaction = (id: number, more: Partial<TransactionView> = {}): TransactionView => ({
  id,
  date: '2026-03-01T12:00:00.000Z',
  ...references(customer(1, 'Alice'), casino(10, 'Lucky'), { id: 100, name: 'Purchase' }),
  usdChange: '-20.00',
  unplayedCoinsChange: '22000.00',
  playedCoinsChange: '0.00',
  purchaseRatio: 1.1,
  unplayedCoinsAfter: '22000.00',
  playedCoinsAfter: '0.00',
  totalCoinsAfter: '22000.00',
  createdByUser: { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com' },
  version: 1,
  ...more,
});
