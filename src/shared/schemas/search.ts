import { z } from 'zod';

/** At most this many results, best first. */
export const SEARCH_LIMIT = 20;

export const searchInput = z.strictObject({
  q: z.string({ error: 'Type something to search for' }).max(100, { error: 'At most 100 characters' }),
});

export const SEARCH_KINDS = ['customer', 'casino', 'screen', 'transaction', 'redemption'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchResult {
  kind: SearchKind;
  id: number | string;
  label: string;
  detail: string;
  /** A transaction's or redemption's customer and casino, and a transaction's office day: where it is listed. */
  customerId?: number;
  casinoId?: number;
  day?: string;
}
